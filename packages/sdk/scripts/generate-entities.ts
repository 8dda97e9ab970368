// Generates src/entities.ts from the server's TypeBox contracts, so that the SDK's entity types and the
// paths it converts (dates → Date, wire floats → number) cannot drift from what the server sends.
// Run: `npm run generate -w @openshelf/sdk` (the sdk test `entities.test.ts` fails when the file is stale).

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderEntities } from './entity-schemas.js';

const target = fileURLToPath(new URL('../src/entities.ts', import.meta.url));
writeFileSync(target, renderEntities());
console.log(`wrote ${target}`);
