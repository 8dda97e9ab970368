import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADMIN_ENTITY_MODULES } from '../scripts/admin-entity-schemas.js';
import { renderEntities } from '../scripts/entity-schemas.js';
import { revivePaths } from '../scripts/schema-to-ts.js';

describe('generated entity types', () => {
  it("match the server contracts, the admin client's included (run `npm run generate -w @openshelf/sdk` when this fails)", () => {
    const generated = renderEntities();
    for (const module of ADMIN_ENTITY_MODULES) expect(generated.has(`entities/${module.name}.ts`)).toBe(true);
    const committed = readdirSync(new URL('../src/entities/', import.meta.url)).map(
      (name) => `entities/${name}`,
    );
    expect(committed.sort()).toEqual([...generated.keys()].sort());
    for (const [path, text] of generated)
      expect(readFileSync(new URL(`../src/${path}`, import.meta.url), 'utf8'), path).toBe(text);
  });
});

describe('revive paths', () => {
  it('are every date-time and every number, never an int64 or a money string', () => {
    const schema = {
      type: 'object',
      properties: {
        numericId: { type: ['string', 'integer'], 'x-wire': 'int64' },
        revision: { type: ['string', 'integer'], 'x-wire': 'int64' },
        price: {
          type: 'object',
          properties: { amount: { type: 'string' }, formattedAmount: { type: 'string' } },
        },
        weight: { type: 'number' },
        quantity: { type: 'integer' },
        focal: { type: ['number', 'string'] },
        cleared: { anyOf: [{ type: 'number' }, { type: 'null' }] },
        label: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        lines: {
          type: 'array',
          items: { type: 'object', properties: { at: { type: 'string', format: 'date-time' } } },
        },
      },
    };
    expect(revivePaths(schema)).toEqual({
      dates: ['lines.at'],
      floats: ['weight', 'quantity', 'focal', 'cleared'],
    });
  });
});
