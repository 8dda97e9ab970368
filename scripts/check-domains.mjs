#!/usr/bin/env node
// `npm run lint` (after biome): the server's domains depend on each other in one direction only, and
// each has a front door. Biome checks file cycles (noImportCycles) and that other domains are imported
// only through index.ts (noRestrictedImports, see biome.json); it cannot see a cycle between domains
// whose files do not form a file cycle (a/x → b/index → b/y → a/index → a/z), so this does.
// Reads every non-test source file (.ts, .tsx) under packages/server/src; prints each domain cycle with the imports
// that make it, and exits 1. See docs/architecture.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'packages/server/src');
const domainsDir = path.join(src, 'domains');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'testing' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(name) ? [full] : [];
  });
}

/** The domain a file belongs to (domains/<name>/…), or undefined outside the domains. */
function domainOf(file) {
  const [top, name, ...rest] = path.relative(src, file).split(path.sep);
  return top === 'domains' && rest.length > 0 ? name : undefined;
}

/** Relative module specifiers of static imports, re-exports and dynamic imports. */
function specifiers(text) {
  const found = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) found.push(match[1]);
  return found;
}

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier).replace(/\.(js|ts)$/, '');
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) =>
    existsSync(candidate),
  );
}

const domains = readdirSync(domainsDir).filter((name) => statSync(path.join(domainsDir, name)).isDirectory());
const problems = [];
for (const name of domains) {
  if (!existsSync(path.join(domainsDir, name, 'index.ts')))
    problems.push(
      `domains/${name} has no front door: add domains/${name}/index.ts exporting what others use.`,
    );
}

// domain → domain it imports → one import that shows it ("file → file")
const edges = new Map(domains.map((name) => [name, new Map()]));
for (const file of sourceFiles(src)) {
  const from = domainOf(file);
  if (!from) continue;
  for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
    const target = resolve(file, specifier);
    const to = target && domainOf(target);
    if (to && to !== from && !edges.get(from).has(to))
      edges.get(from).set(to, `${path.relative(src, file)} → ${path.relative(src, target)}`);
  }
}

function reachable(start) {
  const seen = new Set();
  const stack = [start];
  while (stack.length > 0) {
    for (const next of edges.get(stack.pop()).keys()) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen;
}

const reach = new Map(domains.map((name) => [name, reachable(name)]));
const reported = new Set();
for (const name of domains) {
  if (reported.has(name) || !reach.get(name).has(name)) continue;
  const cycle = domains.filter((other) => reach.get(name).has(other) && reach.get(other).has(name));
  for (const member of cycle) reported.add(member);
  const imports = cycle.flatMap((a) =>
    [...edges.get(a)].filter(([b]) => cycle.includes(b)).map(([b, example]) => `    ${a} → ${b}: ${example}`),
  );
  problems.push(
    `Domain cycle: ${cycle.join(', ')} import each other. Make the dependency point one way (move the ` +
      `shared piece into the lower domain, or the use case into the higher one):\n${imports.join('\n')}`,
  );
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  console.error('See docs/architecture.md ("Layers and dependency rules").');
  process.exit(1);
}
const count = [...edges.values()].reduce((sum, targets) => sum + targets.size, 0);
console.log(`Domains: ${domains.length}, ${count} dependencies between them, no cycles.`);
