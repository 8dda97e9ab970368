import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, SHOP_ORIGIN, visitorTokens } from '../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../testing/index.js';

let t: TestApp;
let visitor: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://store.example' } });
  const { clientId } = await createClient(t, await merchantKey(t.database));
  visitor = (await visitorTokens(t, clientId)).access_token;
});
afterAll(() => t.close());

describe('GET /_api/redirects-api/v1/hosted-page', () => {
  it('tells the hosted login page its kind and verified postFlowUrl, from the session token in its URL', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/_api/redirects-api/v1/redirect-session',
      headers: { authorization: visitor },
      payload: { login: {}, callbacks: { postFlowUrl: `${SHOP_ORIGIN}/welcome` } },
    });
    const { fullUrl } = created.json().redirectSession;
    const session = new URL(fullUrl).searchParams.get('session') ?? '';
    const reply = await t.app.inject(
      `/_api/redirects-api/v1/hosted-page?session=${encodeURIComponent(session)}`,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.json()).toEqual({ kind: 'login', callbacks: { postFlowUrl: `${SHOP_ORIGIN}/welcome` } });
  });

  it('answers 404 for a token that names no live session, and 400 without one', async () => {
    const unknown = await t.app.inject('/_api/redirects-api/v1/hosted-page?session=osrs_nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().details.applicationError.code).toBe('REDIRECT_SESSION_NOT_FOUND');
    const missing = await t.app.inject('/_api/redirects-api/v1/hosted-page');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.validationError.fieldViolations[0].field).toBe('session');
  });
});
