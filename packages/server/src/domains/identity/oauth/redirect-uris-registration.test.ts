import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { createOAuthClient, findOAuthClient } from './oauth-clients.service.js';

// Registering redirect URIs and allowed origins through the admin API (ADR 029) on a store served over
// https: what each entry may be, updates, and the upgrade of clients from before exact matching. How an
// app then uses them through the public @wix/sdk is in redirect-uris.test.ts.

let secure: TestApp;
let secureOwner: string;
beforeAll(async () => {
  secure = await createTestApp({ env: { PUBLIC_URL: 'https://store.example' } });
  secureOwner = await merchantKey(secure.database);
});
afterAll(() => secure?.close());

const api = (app: TestApp, key: string, method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
  app.app.inject({ method, url, headers: { authorization: key }, ...(payload ? { payload } : {}) });
const fieldsOf = (reply: {
  json(): { details: { validationError: { fieldViolations: { field: string }[] } } };
}) => reply.json().details.validationError.fieldViolations.map((violation) => violation.field);

describe('registering redirect URIs (admin API)', () => {
  it('refuses fragments, browser schemes and plain http (except loopback) on an https store, naming each entry', async () => {
    const bad = await api(secure, secureOwner, 'POST', '/admin-api/v1/oauth-clients', {
      name: 'Bad',
      redirectUris: [
        'https://shop.example/cb#',
        'https://shop.example/cb#state',
        'http://shop.example/cb',
        'data:text/html,hi',
        'https://user:pw@shop.example/cb',
      ],
      allowedOrigins: ['http://shop.example', 'https://shop.example/path'],
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual([
      'allowedOrigins[0]',
      'allowedOrigins[1]',
      'redirectUris[0]',
      'redirectUris[1]',
      'redirectUris[2]',
      'redirectUris[3]',
      'redirectUris[4]',
    ]);
    const violations = bad.json().details.validationError.fieldViolations as {
      field: string;
      description: string;
    }[];
    expect(violations.find((v) => v.field === 'redirectUris[0]')?.description).toContain('fragment');
    expect(violations.find((v) => v.field === 'redirectUris[2]')?.description).toContain('https');

    const good = await api(secure, secureOwner, 'POST', '/admin-api/v1/oauth-clients', {
      name: 'Good',
      redirectUris: [
        'https://shop.example/callback',
        'http://127.0.0.1/callback',
        'http://localhost:5173/callback',
        'com.example.app:/oauth',
      ],
      allowedOrigins: ['https://shop.example', 'http://localhost:5173'],
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().oauthClient).toMatchObject({
      redirectUris: [
        'https://shop.example/callback',
        'http://127.0.0.1/callback',
        'http://localhost:5173/callback',
        'com.example.app:/oauth',
      ],
      allowAnyRedirectPathOnAllowedOrigins: false,
    });
    const listed = await api(secure, secureOwner, 'GET', '/admin-api/v1/oauth-clients');
    expect(listed.json().oauthClients).toContainEqual(
      expect.objectContaining({
        id: good.json().oauthClient.id,
        redirectUris: good.json().oauthClient.redirectUris,
        allowedOrigins: ['https://shop.example', 'http://localhost:5173'],
        allowAnyRedirectPathOnAllowedOrigins: false,
      }),
    );
  });

  it('updates the lists and the matching; a refused update changes nothing', async () => {
    const created = await api(secure, secureOwner, 'POST', '/admin-api/v1/oauth-clients', {
      name: 'Upgraded',
      redirectUris: ['https://shop.example/callback'],
      allowedOrigins: ['https://shop.example'],
      allowAnyRedirectPathOnAllowedOrigins: true,
    });
    const id = created.json().oauthClient.id;
    expect(created.json().oauthClient.allowAnyRedirectPathOnAllowedOrigins).toBe(true);

    const refused = await api(secure, secureOwner, 'PATCH', `/admin-api/v1/oauth-clients/${id}`, {
      redirectUris: ['https://shop.example/callback', 'https://shop.example/other#x'],
      allowAnyRedirectPathOnAllowedOrigins: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual(['redirectUris[1]']);

    const listed = async () =>
      (await api(secure, secureOwner, 'GET', '/admin-api/v1/oauth-clients'))
        .json()
        .oauthClients.find((client: { id: string }) => client.id === id);
    expect(await listed()).toMatchObject({
      redirectUris: ['https://shop.example/callback'],
      allowAnyRedirectPathOnAllowedOrigins: true,
    });

    const exact = await api(secure, secureOwner, 'PATCH', `/admin-api/v1/oauth-clients/${id}`, {
      redirectUris: ['https://shop.example/callback', 'https://shop.example/account/callback'],
      allowAnyRedirectPathOnAllowedOrigins: false,
    });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(await listed()).toMatchObject({
      redirectUris: ['https://shop.example/callback', 'https://shop.example/account/callback'],
      allowedOrigins: ['https://shop.example'],
      allowAnyRedirectPathOnAllowedOrigins: false,
    });
    const renamed = await api(secure, secureOwner, 'PATCH', `/admin-api/v1/oauth-clients/${id}`, {});
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().oauthClient.name).toBe('Upgraded');
  });

  it('upgrades existing clients: apps with allowed origins keep origin-wide matching, the rest become exact', async () => {
    const register = async (name: string, allowedOrigins: string[], bundled = false) =>
      (
        await createOAuthClient(
          secure.database.db,
          { name, kind: 'public', redirectUris: ['https://shop.example/callback'], allowedOrigins, bundled },
          secure.config,
        )
      ).client.id;
    const app = await register('App from before', ['https://shop.example']);
    const backend = await register('Backend from before', []);
    const storefront = await register('Bundled storefront', ['https://store.example'], true);
    // The data step of the migration that adds the column (its file keeps its name when renumbered).
    const folder = path.resolve(import.meta.dirname, '../../../../drizzle');
    const file = readdirSync(folder).find((name) => name.endsWith('_exact_redirect_uris.sql')) as string;
    const updates = readFileSync(path.join(folder, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(updates).toHaveLength(1);
    for (const statement of updates) await secure.database.db.execute(sql.raw(statement));
    const matching = async (id: string) =>
      (await findOAuthClient(secure.database.db, id))?.allowAnyRedirectPathOnAllowedOrigins;
    expect(await matching(app)).toBe(true);
    expect(await matching(backend)).toBe(false);
    expect(await matching(storefront)).toBe(false);
  });
});
