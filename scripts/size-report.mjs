#!/usr/bin/env node
// The JavaScript each storefront page makes a browser load, read from the built client manifest (the one the
// server build serves), gzip-compressed as the server sends it. Exits 1 when a page is over its budget.
//   npm run size                 the shop's main pages
//   npm run size -- --json       one JSON object instead of the table
//   npm run size -- --files      each page's chunks too
//   npm run size -- --build DIR  another storefront build (e.g. a checkout of main, to compare)
// Run by `npm run build` after the storefront is built, and asserted by apps/storefront/app/bundle-size.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const STOREFRONT_BUILD = path.join(root, 'apps/storefront/build');

/** Issue #23: a product page loads at most 90 KB of gzip-compressed JavaScript; so does every shop page. */
export const BUDGET_BYTES = 90 * 1024;

/** The pages measured: a name, a path to show, and the route id of the page's module. */
export const PAGES = [
  { name: 'product page', path: '/products/:slug', route: 'routes/shop/product' },
  { name: 'home', path: '/', route: 'routes/shop/home' },
  { name: 'collection', path: '/collections/:slug', route: 'routes/shop/collection' },
  { name: 'cart', path: '/cart', route: 'routes/shop/cart' },
  { name: 'checkout', path: '/checkout', route: 'routes/shop/checkout' },
];

/**
 * Every JavaScript file a first visit to the page loads, as React Router's <Scripts> and <Links> list them:
 * the manifest script, the client entry and its imports, then each route of the match (root → page) with
 * its imports. Shared chunks are counted once.
 */
export function pageScripts(manifest, routeId) {
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`No route ${routeId} in the client manifest`);
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(manifest.routes[id]);
  const files = new Set([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  for (const match of chain) for (const file of [match.module, ...(match.imports ?? [])]) files.add(file);
  return [...files];
}

/** The client manifest of the server build: the exact chunks the running server tells browsers to load. */
export async function loadManifest(buildDir = STOREFRONT_BUILD) {
  const serverEntry = path.join(buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) throw new Error(`No storefront build at ${buildDir}: run \`npm run build\`.`);
  const build = await import(pathToFileURL(serverEntry).href);
  return build.assets;
}

function gzipBytes(buildDir, url) {
  const file = path.join(buildDir, 'client', url);
  // Level 9, as the build's pre-compressed copies (scripts/precompress.mjs) are made.
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Per page: its files with their gzip sizes, the total, and whether it is within the budget. */
export async function measurePages(buildDir = STOREFRONT_BUILD, pages = PAGES) {
  const manifest = await loadManifest(buildDir);
  const adminModules = new Set(
    Object.values(manifest.routes)
      .filter((route) => route.id.startsWith('routes/admin/'))
      .map((route) => route.module),
  );
  return pages.map((page) => {
    const files = pageScripts(manifest, page.route).map((url) => ({ url, gzip: gzipBytes(buildDir, url) }));
    const total = files.reduce((sum, file) => sum + file.gzip, 0);
    const adminChunks = files.filter((file) => adminModules.has(file.url)).map((file) => file.url);
    return {
      ...page,
      files,
      total,
      budget: BUDGET_BYTES,
      ok: total <= BUDGET_BYTES && adminChunks.length === 0,
      adminChunks,
    };
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const asJson = process.argv.includes('--json');
  const buildAt = process.argv.indexOf('--build');
  const pages = await measurePages(buildAt > 0 ? path.resolve(process.argv[buildAt + 1]) : STOREFRONT_BUILD);
  if (asJson) {
    console.log(
      JSON.stringify(pages.map(({ name, total, budget, ok, files }) => ({ name, total, budget, ok, files }))),
    );
  } else {
    console.log('JavaScript a first visit loads (gzip -9), per page:');
    for (const page of pages) {
      console.log(
        `  ${page.name.padEnd(13)} ${kb(page.total).padStart(9)}  budget ${kb(page.budget)}  ${page.ok ? 'ok' : 'OVER'}`,
      );
      if (process.argv.includes('--files'))
        for (const file of [...page.files].sort((a, b) => b.gzip - a.gzip))
          console.log(`      ${kb(file.gzip).padStart(9)}  ${file.url}`);
      if (page.adminChunks.length > 0)
        console.log(`      admin code in a shop page: ${page.adminChunks.join(', ')}`);
    }
  }
  const over = pages.filter((page) => !page.ok);
  if (over.length > 0) {
    console.error(
      `Over budget: ${over.map((page) => page.name).join(', ')} (npm run size -- --files lists the chunks)`,
    );
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
