#!/usr/bin/env node
// Writes a gzip (-9) and a Brotli (quality 11) copy beside each built client asset (JavaScript, CSS, SVG),
// which the server sends to browsers that accept them (@fastify/static `preCompressed`). Run by the build
// after the storefront; copies newer than their source are kept.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'apps/storefront/build/client');
const COMPRESSIBLE = /\.(js|css|svg)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

const fresh = (copy, source) => existsSync(copy) && statSync(copy).mtimeMs >= statSync(source).mtimeMs;

let written = 0;
for (const file of files(clientDir)) {
  const body = readFileSync(file);
  if (!fresh(`${file}.gz`, file)) {
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    written += 1;
  }
  if (!fresh(`${file}.br`, file)) {
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    written += 1;
  }
}
if (!process.argv.includes('--quiet'))
  console.log(`Pre-compressed ${written} copies of the storefront's assets`);
