#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository, two at a time (each `tsc` is one
// thread; CI has two cores). The builds (`tsc -b`) come first: the other checks read their output. Each
// check lists the SDK and the server as project references, so the tests, the storefront's browser suites
// and the compatibility app see the server's declarations instead of type-checking its source again
// (four times over, 93 s, before; 37 s after).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/.bin/tsc');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const first = {
  name: 'SDK and server (build mode)',
  command: tsc,
  args: ['-b', 'packages/sdk', 'packages/server'],
};
const checks = [
  { name: 'server with its tests', command: tsc, args: ['-p', 'packages/server/tsconfig.check.json'] },
  { name: 'storefront', command: npm, args: ['run', 'typecheck', '-w', '@openshelf/storefront', '--silent'] },
  { name: 'SDK with its tests', command: tsc, args: ['-p', 'packages/sdk/tsconfig.check.json'] },
  { name: 'compatibility app', command: tsc, args: ['-p', 'compat/tsconfig.json'] },
];

/** Runs one check, printing its output in one piece when it ends (two run at once). */
function run({ name, command, args }) {
  const started = Date.now();
  console.log(`[typecheck] ${name}…`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      console.log(`[typecheck] ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
      resolve(status === 0);
    });
  });
}

let ok = await run(first);
const queue = [...checks];
const lane = async () => {
  for (let check = queue.shift(); check; check = queue.shift()) ok = (await run(check)) && ok;
};
await Promise.all([lane(), lane()]);
if (!ok) {
  console.error('typecheck failed: fix the errors above (file:line), then run `npm run typecheck` again.');
  process.exit(1);
}
