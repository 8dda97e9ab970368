import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderEntities } from '../scripts/entity-schemas.js';

describe('generated entity types', () => {
  it('match the server contracts (run `npm run generate -w @openshelf/sdk` when this fails)', () => {
    const committed = readFileSync(new URL('../src/entities.ts', import.meta.url), 'utf8');
    expect(renderEntities()).toBe(committed);
  });
});
