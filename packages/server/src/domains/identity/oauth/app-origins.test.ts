import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, pollUntil, type TestDatabase } from '../../../testing/index.js';
import { oauthClients } from '../identity.schema.js';
import { AppOriginsCache } from './app-origins.service.js';
import { createOAuthClient, updateOAuthClient } from './oauth-clients.service.js';

// The apps' origins every page's CSP form-action names (security-headers.test.ts checks the header):
// kept in memory, read again when any process changes an OAuth client (its NOTIFY), never per page.

describe('AppOriginsCache', () => {
  let database: TestDatabase;
  let cache: AppOriginsCache;
  let unwatch: () => Promise<void>;
  const rules = { publicUrl: 'https://shop.example' };

  beforeAll(async () => {
    database = await createTestDatabase();
    cache = new AppOriginsCache(database.db);
    unwatch = await cache.watch(database);
  });
  afterAll(async () => {
    await unwatch();
    await database.close();
  });

  it('reads the origins once, and again after a client is registered, changed or disabled', async () => {
    expect(await cache.current()).toEqual([]);
    // A row written without the service's NOTIFY is not seen: the origins come from memory.
    await database.db.insert(oauthClients).values({
      name: 'Unannounced',
      kind: 'public',
      redirectUris: ['https://unannounced.example/cb'],
      allowedOrigins: [],
    });
    expect(await cache.current()).toEqual([]);

    const { client } = await createOAuthClient(
      database.db,
      { name: 'App', kind: 'public', redirectUris: ['https://app.example/cb'], allowedOrigins: [] },
      rules,
    );
    const both = ['https://app.example', 'https://unannounced.example'];
    expect(
      await pollUntil(
        () => cache.current(),
        (origins) => origins.length === 2,
      ),
    ).toEqual(both);

    await updateOAuthClient(database.db, client.id, { allowedOrigins: ['https://other.example'] }, rules);
    const three = ['https://app.example', 'https://other.example', 'https://unannounced.example'];
    expect(
      await pollUntil(
        () => cache.current(),
        (origins) => origins.length === 3,
      ),
    ).toEqual(three);

    await updateOAuthClient(database.db, client.id, { disabled: true }, rules);
    expect(
      await pollUntil(
        () => cache.current(),
        (origins) => origins.length === 1,
      ),
    ).toEqual(['https://unannounced.example']);
  });

  it('sends no NOTIFY for a change that rolls back', async () => {
    const before = await cache.current();
    // Seen only if some NOTIFY made the cache read again.
    await database.db.insert(oauthClients).values({
      name: 'Unannounced 2',
      kind: 'public',
      redirectUris: ['https://unannounced-2.example/cb'],
      allowedOrigins: [],
    });
    await expect(
      database.db.transaction(async (tx) => {
        await createOAuthClient(
          tx,
          {
            name: 'Rolled back',
            kind: 'public',
            redirectUris: ['https://gone.example/cb'],
            allowedOrigins: [],
          },
          rules,
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await cache.current()).toEqual(before);
  });
});
