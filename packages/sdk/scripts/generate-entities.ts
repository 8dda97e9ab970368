// Generates src/entities/*.ts from the server's TypeBox contracts, so that the SDK's entity types and the
// paths it converts (dates → Date, wire floats → number) cannot drift from what the server sends.
// Run: `npm run generate -w @openshelf/sdk` (the sdk test `entities.test.ts` fails when the file is stale).

import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderEntities } from './entity-schemas.js';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const files = renderEntities();
// A module that is no longer generated must not linger.
mkdirSync(`${src}entities`, { recursive: true });
for (const name of readdirSync(`${src}entities`))
  if (!files.has(`entities/${name}`)) rmSync(`${src}entities/${name}`);
for (const [path, text] of files) {
  writeFileSync(`${src}${path}`, text);
  console.log(`wrote src/${path}`);
}
