#!/usr/bin/env node
// Builds every deliverable in dependency order: SDK → API server → storefront.
//   node scripts/build.mjs              build everything
//   node scripts/build.mjs --if-needed  skip steps whose output is newer than their sources
//   --quiet                             print only failures
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
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
    inputs: ['packages/server/src', 'packages/server/tsconfig.json'],
    output: 'packages/server/dist/server.js',
    enabled: true,
    run: [bin('tsc'), ['-b', 'packages/server'], root],
  },
  {
    name: 'embedded database template',
    inputs: ['packages/server/drizzle', 'packages/server/dist/db/pglite-template.js'],
    output: 'packages/server/dist/pglite-template.tar.gz',
    enabled: true,
    run: [process.execPath, ['packages/server/dist/db/build-template.js'], root],
  },
  {
    name: 'demo catalog images',
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
let index = 0;
let storefrontBuilt = false;
for (const step of active) {
  index += 1;
  const label = `[build ${index}/${active.length}] ${step.name}`;
  if (ifNeeded && upToDate(step)) {
    if (!quiet) console.log(`${label}: up to date`);
    continue;
  }
  if (!quiet) console.log(`${label}: building…`);
  const started = performance.now();
  const [command, commandArgs, cwd] = step.run;
  const result = spawnSync(command, commandArgs, {
    cwd,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error(`${label}: FAILED. Fix the errors above, then run \`npm run build\` again.`);
    process.exit(result.status ?? 1);
  }
  // tsc -b rewrites only the files that changed, so the step's output can stay older than a source it has
  // already compiled; it is marked as built now, or every later --if-needed (each `npm start`) runs it again.
  const output = path.join(root, step.output);
  if (existsSync(output)) utimesSync(output, new Date(), new Date());
  if (!quiet) console.log(`${label}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (step.name === 'storefront') storefrontBuilt = true;
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
