import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { token } from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await merchantKey(t.database);
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>, authorization = owner) =>
  t.app.inject({ method: 'POST', url: '/admin-api/v1/oauth-clients', headers: { authorization }, payload });

describe('OAuth clients (admin)', () => {
  it('are managed by the owner only, with validated redirect URIs and origins', async () => {
    expect((await create({ name: 'x' }, await merchantKey(t.database, 'staff'))).statusCode).toBe(403);
    const bad = await create({
      name: 'x',
      redirectUris: ['not a url', 'https://a.example/cb#frag', 'javascript:alert(1)'],
      allowedOrigins: ['https://a.example/path'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.validationError.fieldViolations.map((v: { field: string }) => v.field)).toEqual(
      ['allowedOrigins[0]', 'redirectUris[0]', 'redirectUris[1]', 'redirectUris[2]'],
    );
    const mobile = await create({
      name: 'App',
      redirectUris: ['myapp://callback'],
      allowedOrigins: ['https://app.example/'],
    });
    expect(mobile.json().oauthClient).toMatchObject({
      kind: 'public',
      redirectUris: ['myapp://callback'],
      allowedOrigins: ['https://app.example'],
    });
    expect(mobile.json()).not.toHaveProperty('clientSecret');
    const server = await create({ name: 'Backend', kind: 'confidential' });
    expect(server.json().clientSecret).toMatch(/^ocs_/);
  });

  it('stops issuing tokens for a disabled client', async () => {
    const { oauthClient } = (await create({ name: 'Short-lived' })).json();
    expect((await token(t, { clientId: oauthClient.id, grantType: 'anonymous' })).statusCode).toBe(200);
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/admin-api/v1/oauth-clients/${oauthClient.id}`,
      headers: { authorization: owner },
      payload: { disabled: true },
    });
    expect(disabled.json().oauthClient.disabledDate).not.toBeNull();
    expect((await token(t, { clientId: oauthClient.id, grantType: 'anonymous' })).statusCode).toBe(401);
  });
});

describe('maintenance', () => {
  it('prunes spent and expired single-use rows but keeps live sessions', async () => {
    const { pruneExpiredIdentityRows } = await import('../maintenance.service.js');
    const { oauthClient } = (await create({ name: 'Prune' })).json();
    const visitor = (await token(t, { clientId: oauthClient.id, grantType: 'anonymous' })).json();
    const removed = await pruneExpiredIdentityRows(t.database.db, new Date());
    expect(removed).toMatchObject({ sessions: 0 });
    expect(
      (
        await token(t, {
          clientId: oauthClient.id,
          grantType: 'refresh_token',
          refreshToken: visitor.refresh_token,
        })
      ).statusCode,
    ).toBe(200);
    const later = await pruneExpiredIdentityRows(t.database.db, new Date(Date.now() + 400 * 86_400_000));
    expect(later.sessions).toBeGreaterThanOrEqual(1);
    expect(
      (
        await token(t, {
          clientId: oauthClient.id,
          grantType: 'refresh_token',
          refreshToken: visitor.refresh_token,
        })
      ).statusCode,
    ).toBe(400);
  });
});
