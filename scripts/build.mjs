#!/usr/bin/env node
// Builds every deliverable in dependency order: the SDK, then the API server and the storefront side by
// side, then what the server's build makes (database template, demo images, demo store). Two steps run at
// once (tsc is one thread; a fresh install's build took 69 s one step at a time on a 2-core machine).
//   node scripts/build.mjs              build everything
//   node scripts/build.mjs --if-needed  skip steps whose output is newer than their sources
//   --quiet                             print only failures
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const ifNeeded = args.has('--if-needed');
const quiet = args.has('--quiet');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const steps = [
  {
    name: 'SDK',
    inputs: ['packages/sdk/src', 'packages/sdk/tsconfig.json'],
    output: 'packages/sdk/dist/index.js',
    enabled: existsSync(path.join(root, 'packages/sdk/tsconfig.json')),
    run: [bin('tsc'), ['-b', 'packages/sdk'], root],
  },
  {
    name: 'API server',
    after: ['SDK'],
    inputs: ['packages/server/src', 'packages/server/tsconfig.json'],
    output: 'packages/server/dist/server.js',
    enabled: true,
    run: [bin('tsc'), ['-b', 'packages/server'], root],
  },
  {
    name: 'embedded database template',
    after: ['API server'],
    inputs: ['packages/server/drizzle', 'packages/server/dist/db/pglite-template.js'],
    output: 'packages/server/dist/pglite-template.tar.gz',
    enabled: true,
    run: [process.execPath, ['packages/server/dist/db/build-template.js'], root],
  },
  {
    name: 'demo catalog images',
    after: ['API server'],
    inputs: [
      'packages/server/dist/domains/catalog/seed/demo-catalog.data.js',
      'packages/server/dist/domains/catalog/seed/demo-images.data.js',
    ],
    output: 'packages/server/dist/demo-images/index.json',
    enabled: true,
    run: [process.execPath, ['packages/server/dist/domains/catalog/seed/build-demo-images.script.js'], root],
  },
  {
    // The demo catalog seeded once into an embedded database that a first `npm start` copies. It holds
    // what the server's code wrote, so any change to that code makes it again (a few seconds).
    name: 'demo store',
    after: ['embedded database template', 'demo catalog images'],
    inputs: [
      'packages/server/dist/build-demo-store.script.js',
      'packages/server/dist/db',
      'packages/server/dist/domains',
      'packages/server/dist/lib',
      'packages/server/dist/pglite-template.tar.gz',
      'packages/server/dist/demo-images/index.json',
    ],
    output: 'packages/server/dist/demo-store/demo-store.json',
    enabled: true,
    run: [process.execPath, ['packages/server/dist/build-demo-store.script.js'], root],
  },
  {
    name: 'storefront',
    after: ['SDK'],
    inputs: [
      'apps/storefront/app',
      'apps/storefront/public',
      'apps/storefront/vite.config.ts',
      'apps/storefront/react-router.config.ts',
      'packages/sdk/src',
    ],
    output: 'apps/storefront/build/server/index.js',
    enabled: true,
    run: [bin('react-router'), ['build'], path.join(root, 'apps/storefront')],
  },
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function upToDate(step) {
  const output = path.join(root, step.output);
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  return step.inputs.every((input) => newestMtime(input) <= built);
}

const active = steps.filter((step) => step.enabled);
const lanes = Math.max(1, Math.min(2, availableParallelism()));
const label = (step) => `[build ${active.indexOf(step) + 1}/${active.length}] ${step.name}`;
const finished = new Set(steps.filter((step) => !step.enabled).map((step) => step.name));
const pending = [...active];
const children = new Set();
let storefrontBuilt = false;

/**
 * Runs one step. Its output is printed as it comes when nothing else can run beside it, else in one piece
 * when it ends, so that two steps' lines do not interleave.
 */
function build(step, alone) {
  const started = performance.now();
  const [command, commandArgs, cwd] = step.run;
  const child = spawn(command, commandArgs, {
    cwd,
    stdio: quiet || !alone ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  children.add(child);
  let output = '';
  const collect = (chunk) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return new Promise((resolve) =>
    child.on('close', (status) => {
      children.delete(child);
      if (status !== 0) {
        process.stderr.write(output);
        console.error(`${label(step)}: FAILED. Fix the errors above, then run \`npm run build\` again.`);
        for (const other of children) other.kill();
        process.exit(status ?? 1);
      }
      if (!quiet) process.stdout.write(output);
      // tsc -b rewrites only the files that changed, so the step's output can stay older than a source it
      // has already compiled; it is marked as built now, or every later --if-needed (each `npm start`) runs
      // it again.
      const built = path.join(root, step.output);
      if (existsSync(built)) utimesSync(built, new Date(), new Date());
      if (!quiet)
        console.log(`${label(step)}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      if (step.name === 'storefront') storefrontBuilt = true;
      finished.add(step.name);
      resolve();
    }),
  );
}

// Each step starts once the steps it comes `after` are done (or up to date), up to `lanes` at once.
const running = new Set();
for (;;) {
  for (const step of [...pending]) {
    if (!(step.after ?? []).every((name) => finished.has(name))) continue;
    if (ifNeeded && upToDate(step)) {
      pending.splice(pending.indexOf(step), 1);
      if (!quiet) console.log(`${label(step)}: up to date`);
      finished.add(step.name);
      continue;
    }
    if (running.size >= lanes) break;
    pending.splice(pending.indexOf(step), 1);
    if (!quiet) console.log(`${label(step)}: building…`);
    const done = build(step, running.size === 0 && pending.length === 0).then(() => running.delete(done));
    running.add(done);
  }
  if (running.size === 0) break;
  await Promise.race(running);
}

// Compressed copies of the storefront's assets, sent as they are (no compression per request).
if (storefrontBuilt || !existsSync(path.join(root, 'apps/storefront/build/client/favicon.svg.gz'))) {
  spawnSync(process.execPath, [path.join(root, 'scripts/precompress.mjs'), ...(quiet ? ['--quiet'] : [])], {
    cwd: root,
    stdio: 'inherit',
  });
}

// The JavaScript each shop page loads, printed whenever the storefront was rebuilt (scripts/size-report.mjs).
// `npm run size` fails above the budget; the build reports it and goes on, so an install never stops on it.
if (storefrontBuilt && !quiet) {
  spawnSync(process.execPath, [path.join(root, 'scripts/size-report.mjs')], { cwd: root, stdio: 'inherit' });
}
