import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { countQueries } from '../../db/query-count.js';
import { createTestDatabase } from '../../testing/index.js';
import { listEntityEvents, recordEvent } from './events.service.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const event = (entityId: string, type = 'catalog.product.created') => ({
  type,
  entityType: 'product',
  entityId,
  payload: { name: 'Mug', price: 12.5 },
  actor: { identityType: 'WIX_USER' as const, id: 'key-1' },
});

describe('transactional outbox', () => {
  it('stores an event with the change when the transaction commits, in order', async () => {
    await database.db.transaction(async (tx) => {
      await recordEvent(tx, event('p-1'));
      await recordEvent(tx, event('p-1', 'catalog.product.changed'));
    });
    const events = await listEntityEvents(database.db, 'product', 'p-1');
    expect(events.map((e) => e.type)).toEqual(['catalog.product.created', 'catalog.product.changed']);
    expect(events[0]).toMatchObject({
      payload: { name: 'Mug', price: 12.5 },
      actor: { identityType: 'WIX_USER' },
    });
    expect(events[0]?.occurredAt).toBeInstanceOf(Date);
    expect(events[0]?.publishedAt).toBeNull();
    expect(events[0]!.seq).toBeLessThan(events[1]!.seq);
  });

  it('keeps no event when the transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordEvent(tx, event('p-2'));
        throw new Error('business rule failed after the event was written');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await listEntityEvents(database.db, 'product', 'p-2')).toEqual([]);
  });

  it('keeps concurrent transactions apart', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await recordEvent(tx, event(`p-c${i % 4}`));
        }),
      ),
    );
    const counts = await Promise.all(
      [0, 1, 2, 3].map(async (i) => (await listEntityEvents(database.db, 'product', `p-c${i}`)).length),
    );
    expect(counts).toEqual([5, 5, 5, 5]);
  });

  it('counts SQL round-trips inside a block', async () => {
    const { queries } = await countQueries(async () => {
      await listEntityEvents(database.db, 'product', 'p-1');
      await listEntityEvents(database.db, 'product', 'p-2');
    });
    expect(queries).toBe(2);
  });
});
