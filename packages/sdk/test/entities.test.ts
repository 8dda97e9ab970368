import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderEntities } from '../scripts/entity-schemas.js';

describe('generated entity types', () => {
  it('match the server contracts (run `npm run generate -w @openshelf/sdk` when this fails)', () => {
    const generated = renderEntities();
    const committed = readdirSync(new URL('../src/entities/', import.meta.url)).map(
      (name) => `entities/${name}`,
    );
    expect(committed.sort()).toEqual([...generated.keys()].sort());
    for (const [path, text] of generated)
      expect(readFileSync(new URL(`../src/${path}`, import.meta.url), 'utf8'), path).toBe(text);
  });
});
