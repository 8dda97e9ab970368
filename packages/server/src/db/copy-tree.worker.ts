// The worker of copyDirectoryIntoOffThread (copy-tree.ts): one copy, its result posted back.
import { parentPort, workerData } from 'node:worker_threads';
import { copyDirectoryInto } from './copy-tree.js';

const { from, to } = workerData as { from: string; to: string };
parentPort?.postMessage(copyDirectoryInto(from, to));
