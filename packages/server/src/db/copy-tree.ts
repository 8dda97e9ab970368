import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Copies the tree `from` to `to` (which must not exist; its parents are made) through a sibling that is
 * renamed into place, so a reader never sees half a copy. False, with nothing left behind, when the copy fails.
 */
export function copyDirectoryInto(from: string, to: string): boolean {
  const partial = `${to}.partial-${process.pid}`;
  try {
    mkdirSync(path.dirname(to), { recursive: true });
    // What an interrupted copy by this process (a failed worker, below) left.
    rmSync(partial, { recursive: true, force: true });
    copyTree(from, partial);
    renameSync(partial, to);
    return true;
  } catch {
    rmSync(partial, { recursive: true, force: true });
    return false;
  }
}

/**
 * The same copy on a worker thread, so that the main thread goes on meanwhile: a first start copies the demo
 * store's ~40 MB database while it loads the server's modules. Made on the main thread where the compiled
 * worker is not at hand (the test suites run the sources), or when the worker fails.
 */
export async function copyDirectoryIntoOffThread(from: string, to: string): Promise<boolean> {
  const script = new URL('./copy-tree.worker.js', import.meta.url);
  if (!existsSync(script)) return copyDirectoryInto(from, to);
  const copied = await new Promise<boolean | undefined>((resolve) => {
    const worker = new Worker(script, { workerData: { from, to } });
    worker.once('message', (result: boolean) => resolve(result));
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
  return copied ?? copyDirectoryInto(from, to);
}

/** A plain recursive copy: fs.cpSync's checks per entry took twice as long on the template's ~1,200 files. */
function copyTree(from: string, to: string): void {
  mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else copyFileSync(source, target);
  }
}
