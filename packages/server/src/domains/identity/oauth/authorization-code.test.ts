import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeCode,
  createClient,
  pkcePair,
  registerMember,
  SHOP_CALLBACK,
  setSettings,
  token,
  uniqueEmail,
  visitorTokens,
} from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { IdentityHooks } from '../identity-hooks.deps.js';

const hooks = new IdentityHooks();

let t: TestApp;
let now = new Date('2030-02-01T10:00:00.000Z');
let owner: string;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, identityHooks: hooks });
  owner = await merchantKey(t.database);
  ({ clientId } = await createClient(t, owner));
  await setSettings(t, owner, { requireEmailVerification: false });
});
afterAll(() => t.close());

const exchange = (input: { code: string; verifier?: string; redirectUri?: string; client?: string }) =>
  token(t, {
    clientId: input.client ?? clientId,
    grantType: 'authorization_code',
    code: input.code,
    ...(input.verifier !== undefined ? { codeVerifier: input.verifier } : {}),
    redirectUri: input.redirectUri ?? SHOP_CALLBACK,
  });

async function freshCode(challenge?: string) {
  const { sessionToken } = await registerMember(t, { email: uniqueEmail() });
  return authorizeCode(t, { clientId, sessionToken, ...(challenge ? { challenge } : {}) });
}

describe('authorization_code grant with PKCE', () => {
  it('exchanges a code once for member tokens', async () => {
    const { verifier, challenge } = pkcePair();
    const reply = await exchange({ code: await freshCode(challenge), verifier });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ refresh_token_role: 'member', token_type: 'Bearer' });
    expect(decodeJwt(reply.json().access_token)).toMatchObject({ role: 'member', cid: clientId });
  });

  it('refuses a wrong verifier, a verifier of the wrong length and a wrong redirect URI', async () => {
    const { challenge } = pkcePair();
    const wrong = await exchange({ code: await freshCode(challenge), verifier: pkcePair().verifier });
    expect(wrong.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('does not match'),
    });
    const short = await exchange({ code: await freshCode(challenge), verifier: 'a'.repeat(42) });
    expect(short.json().error_description).toContain('43 to 128');
    const pair = pkcePair();
    const redirect = await exchange({
      code: await freshCode(pair.challenge),
      verifier: pair.verifier,
      redirectUri: 'https://shop.example/other',
    });
    expect(redirect.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('redirectUri'),
    });
    const missing = await exchange({ code: await freshCode(pair.challenge) });
    expect(missing.json().error).toBe('invalid_grant');
  });

  it('requires a code challenge from public clients at the authorize step', async () => {
    const { sessionToken } = await registerMember(t, { email: uniqueEmail() });
    const params = new URLSearchParams({
      client_id: clientId,
      redirect_uri: SHOP_CALLBACK,
      response_type: 'code',
      state: 's1',
      sessionToken,
    });
    const reply = await t.app.inject(`/oauth2/authorize?${params}`);
    expect(reply.statusCode).toBe(302);
    const location = new URL(String(reply.headers.location));
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();
    expect(location.searchParams.get('state')).toBe('s1');
  });

  it('refuses a reused code and revokes the tokens issued with it', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await freshCode(challenge);
    const first = await exchange({ code, verifier });
    expect(first.statusCode).toBe(200);
    const again = await exchange({ code, verifier });
    expect(again.json().error_description).toContain('already used');
    const refresh = await token(t, {
      clientId,
      grantType: 'refresh_token',
      refreshToken: first.json().refresh_token,
    });
    expect(refresh.json().error).toBe('invalid_grant');
    const me = await t.app.inject({
      url: '/_api/iam/identity/v1/identities/me',
      headers: { authorization: first.json().access_token },
    });
    expect(me.statusCode).toBe(401);
  });

  it('lets one of two concurrent exchanges of a code win, and then revokes it (a real race on PostgreSQL)', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await freshCode(challenge);
    const replies = await Promise.all([exchange({ code, verifier }), exchange({ code, verifier })]);
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const winner = replies.find((reply) => reply.statusCode === 200)!.json();
    expect(
      (await token(t, { clientId, grantType: 'refresh_token', refreshToken: winner.refresh_token }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses an expired code and a code presented by another client', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await freshCode(challenge);
    const other = await createClient(t, owner);
    expect((await exchange({ code, verifier, client: other.clientId })).json().error).toBe('invalid_grant');
    const saved = now;
    now = new Date(saved.getTime() + 61_000);
    try {
      expect((await exchange({ code, verifier })).json().error_description).toContain('expired');
    } finally {
      now = saved;
    }
  });

  it('lets a confidential client exchange a code without PKCE when it proves its secret (Basic or form)', async () => {
    const confidential = await createClient(t, owner, { kind: 'confidential' });
    const { sessionToken } = await registerMember(t, { email: uniqueEmail() });
    const code = await authorizeCode(t, { clientId: confidential.clientId, sessionToken });
    const noSecret = await exchange({ code, client: confidential.clientId });
    expect(noSecret.statusCode).toBe(401);
    expect(noSecret.json().error).toBe('invalid_client');
    const basic = Buffer.from(`${confidential.clientId}:${confidential.clientSecret}`).toString('base64');
    const form = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: SHOP_CALLBACK,
      }).toString(),
    });
    expect(form.statusCode).toBe(200);
  });
});

describe('authorized_client grant (external login)', () => {
  it('gives member tokens to an app key, bound to the visitor in "<visitorToken>,<apiKey>", and runs the hook once', async () => {
    const app = await merchantKey(t.database, 'app');
    const { memberId } = await registerMember(t, { email: uniqueEmail() });
    const visitor = await visitorTokens(t, clientId);
    const calls: { visitorId: string; memberId: string }[] = [];
    const stop = hooks.onVisitorBecameMember(({ visitorId, memberId }) => {
      calls.push({ visitorId, memberId });
    });
    try {
      const reply = await token(
        t,
        { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
        { authorization: `${visitor.access_token},${app}` },
      );
      expect(reply.statusCode).toBe(200);
      const claims = decodeJwt(reply.json().access_token);
      const visitorId = decodeJwt(visitor.access_token).vid;
      expect(claims).toMatchObject({ role: 'member', mid: memberId, vid: visitorId, cid: clientId });
      expect(calls).toEqual([{ visitorId, memberId }]);
    } finally {
      stop();
    }
  });

  it('refuses callers without an app or owner key, and unknown members', async () => {
    const staff = await merchantKey(t.database, 'staff');
    const app = await merchantKey(t.database, 'app');
    const { memberId } = await registerMember(t, { email: uniqueEmail() });
    const body = { grant_type: 'authorized_client', member_id: memberId, client_id: clientId };
    expect((await token(t, body)).json().error).toBe('unauthorized_client');
    expect((await token(t, body, { authorization: staff })).statusCode).toBe(403);
    expect((await token(t, { ...body, member_id: 'nobody' }, { authorization: app })).json().error).toBe(
      'invalid_grant',
    );
    expect((await token(t, body, { authorization: app })).statusCode).toBe(200);
  });
});
