import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../db/query-count.js';
import {
  createClient,
  memberTokens,
  registerMember,
  setSettings,
  token,
  uniqueEmail,
  visitorTokens,
} from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { createMailer } from '../../mail/mail.service.js';
import { createIdentityDeps } from '../identity.deps.js';
import { IdentityHooks } from '../identity-hooks.deps.js';
import { accessTokenResolver } from './token.resolver.js';

let t: TestApp;
let now = new Date('2030-01-01T10:00:00.000Z');
let owner: string;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  owner = await merchantKey(t.database);
  ({ clientId } = await createClient(t, owner));
  await setSettings(t, owner, { requireEmailVerification: false });
});
afterAll(() => t.close());

/** The identity deps another server process on the same database builds (nothing cached yet). */
const anotherProcessDeps = () =>
  createIdentityDeps({
    db: t.database.db,
    config: t.config,
    clock: () => now,
    mailer: createMailer({ db: t.database.db, from: 'x@y.z' }),
    log: { error: () => {} },
    hooks: new IdentityHooks(),
  });

/** A call any shopper may make but anonymous callers may not: 403 means "recognised, not a member". */
const whoAmI = (authorization: string) =>
  t.app.inject({ url: '/_api/iam/identity/v1/identities/me', headers: { authorization } });

describe('anonymous grant', () => {
  it('mints a visitor token pair for a known client, in JSON camelCase, snake_case or a form', async () => {
    const camel = await token(t, { clientId, grantType: 'anonymous' });
    expect(camel.statusCode).toBe(200);
    expect(camel.headers['cache-control']).toBe('no-store');
    const body = camel.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, refresh_token_role: 'visitor' });
    expect(body.refresh_token).toMatch(/^osr_/);
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      role: 'visitor',
      cid: clientId,
      aud: 'openshelf',
      exp: Math.floor(now.getTime() / 1000) + 3600,
    });
    expect(claims.sub).toBe(claims.vid);
    expect((await token(t, { client_id: clientId, grant_type: 'anonymous' })).statusCode).toBe(200);
    const form = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=anonymous&client_id=${clientId}`,
    });
    expect(form.statusCode).toBe(200);
    // Every mint is a new visitor (a new cart owner).
    expect(decodeJwt(form.json().access_token).vid).not.toBe(claims.vid);
  });

  it('refuses unknown clients and grants in both error forms', async () => {
    const unknown = await token(t, { clientId: 'nope', grantType: 'anonymous' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({
      error: 'invalid_client',
      details: { applicationError: { code: 'INVALID_CLIENT' } },
    });
    const missing = await token(t, { clientId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
    const odd = await token(t, { clientId, grantType: 'password' });
    expect(odd.json().error).toBe('unsupported_grant_type');
  });
});

describe('access tokens', () => {
  it('are accepted raw or with Bearer, and refused when tampered with or expired (injected clock)', async () => {
    const { access_token } = await visitorTokens(t, clientId);
    expect((await whoAmI(access_token)).statusCode).toBe(403);
    expect((await whoAmI(`Bearer ${access_token}`)).statusCode).toBe(403);
    const [header, payload, signature] = access_token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...decodeJwt(access_token), role: 'member', mid: 'someone' }),
    ).toString('base64url');
    expect((await whoAmI(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
    expect((await whoAmI(`${header}.${payload}.${signature.slice(0, -4)}AAAA`)).statusCode).toBe(401);
    const saved = now;
    try {
      now = new Date(saved.getTime() + 3599_000);
      expect((await whoAmI(access_token)).statusCode).toBe(403);
      now = new Date(saved.getTime() + 3601_000);
      const expired = await whoAmI(access_token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().details.applicationError.code).toBe('INVALID_TOKEN');
    } finally {
      now = saved;
    }
  });

  it('are resolved without a database query once the session status is cached', async () => {
    const { access_token } = await visitorTokens(t, clientId);
    const deps = anotherProcessDeps();
    try {
      const resolve = accessTokenResolver(deps);
      await deps.keys.jwks(); // load the key ring, as a running server has
      const first = await countQueries(() => resolve(access_token));
      const second = await countQueries(() => resolve(access_token));
      expect(first.result).toMatchObject({ kind: 'visitor', visitorId: decodeJwt(access_token).vid });
      expect(first.queries).toBe(1);
      expect(second.queries).toBe(0);
      expect(second.result).toEqual(first.result);
    } finally {
      await deps.close();
    }
  });

  it('publishes the signing key (JWKS, kid in the header) and keeps old tokens valid across a rotation', async () => {
    const before = await visitorTokens(t, clientId);
    const kid = decodeProtectedHeader(before.access_token).kid;
    const jwks = (await t.app.inject('/oauth2/jwks')).json();
    expect(jwks.keys.map((key: { kid: string }) => key.kid)).toContain(kid);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect((await t.app.inject('/.well-known/jwks.json')).json()).toEqual(jwks);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/signing-keys/rotate',
      headers: { authorization: owner },
    });
    expect(rotated.statusCode).toBe(200);
    const after = await visitorTokens(t, clientId);
    expect(decodeProtectedHeader(after.access_token).kid).toBe(rotated.json().kid);
    expect(rotated.json().kid).not.toBe(kid);
    expect((await whoAmI(before.access_token)).statusCode).toBe(403);
    expect((await whoAmI(after.access_token)).statusCode).toBe(403);
    const published = (await t.app.inject('/oauth2/jwks')).json().keys.map((key: { kid: string }) => key.kid);
    expect(published).toEqual(expect.arrayContaining([kid, rotated.json().kid]));
  });

  it('carry the store’s site and the app’s instance in `data`, as the platform’s tokens do', async () => {
    const instanceOf = (accessToken: string) =>
      JSON.parse(String(decodeJwt(accessToken).data)).instance as Record<string, unknown>;
    const first = instanceOf((await visitorTokens(t, clientId)).access_token);
    const second = instanceOf((await visitorTokens(t, clientId)).access_token);
    expect(first).toMatchObject({
      appDefId: clientId,
      metaSiteId: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      instanceId: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      aid: expect.any(String),
    });
    expect(first).not.toHaveProperty('siteMemberId');
    // Stable per store and app: every visitor of one app sees the same site and instance.
    expect(second.metaSiteId).toBe(first.metaSiteId);
    expect(second.instanceId).toBe(first.instanceId);
    expect(second.aid).not.toBe(first.aid);
    const other = await createClient(t, owner);
    const otherApp = instanceOf((await visitorTokens(t, other.clientId)).access_token);
    expect(otherApp.metaSiteId).toBe(first.metaSiteId);
    expect(otherApp.instanceId).not.toBe(first.instanceId);

    const email = uniqueEmail('site-ids');
    const { sessionToken, memberId } = await registerMember(t, { email, password: 'correct horse 1' });
    const member = await memberTokens(t, { clientId, sessionToken });
    expect(instanceOf(member.access_token)).toMatchObject({
      siteMemberId: memberId,
      metaSiteId: first.metaSiteId,
      instanceId: first.instanceId,
    });
    const info = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token-info',
      payload: { token: member.access_token },
    });
    expect(info.json()).toMatchObject({ siteId: first.metaSiteId, instanceId: first.instanceId });

    // Another process on the same database (a restart, a second server) reads the same site id.
    const deps = anotherProcessDeps();
    try {
      expect(await deps.site.ids(clientId)).toEqual({
        siteId: first.metaSiteId,
        instanceId: first.instanceId,
      });
    } finally {
      await deps.close();
    }
  });

  it('describes tokens at token-info, and metadata at the well-known address', async () => {
    const visitor = await visitorTokens(t, clientId);
    const info = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token-info',
      payload: { token: visitor.access_token },
    });
    expect(info.json()).toMatchObject({
      active: true,
      subjectType: 'VISITOR',
      clientId,
      subjectId: decodeJwt(visitor.access_token).vid,
    });
    const junk = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token-info',
      payload: { token: 'junk' },
    });
    expect(junk.json()).toEqual({ active: false });
    const meta = (await t.app.inject('/.well-known/oauth-authorization-server')).json();
    expect(meta).toMatchObject({
      code_challenge_methods_supported: ['S256'],
      token_endpoint: expect.stringMatching(/\/oauth2\/token$/),
    });
  });
});

describe('refresh_token grant', () => {
  it('is reusable until revoked and keeps the same session', async () => {
    const visitor = await visitorTokens(t, clientId);
    const first = await token(t, {
      clientId,
      grantType: 'refresh_token',
      refreshToken: visitor.refresh_token,
    });
    const second = await token(t, {
      clientId,
      grantType: 'refresh_token',
      refreshToken: visitor.refresh_token,
    });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().refresh_token).toBe(visitor.refresh_token);
    expect(decodeJwt(second.json().access_token).sid).toBe(decodeJwt(visitor.access_token).sid);
    const other = await createClient(t, owner);
    const wrongClient = await token(t, {
      clientId: other.clientId,
      grantType: 'refresh_token',
      refreshToken: visitor.refresh_token,
    });
    expect(wrongClient.json().error).toBe('invalid_grant');
    expect(
      (await token(t, { clientId, grantType: 'refresh_token', refreshToken: 'osr_made-up' })).json().error,
    ).toBe('invalid_grant');
  });

  it('refuses a member’s refresh and access tokens once they log out, and after a password change elsewhere', async () => {
    const email = uniqueEmail();
    const { sessionToken } = await registerMember(t, { email });
    const member = await memberTokens(t, { clientId, sessionToken });
    expect(member).toMatchObject({ refresh_token_role: 'member' });
    expect((await whoAmI(member.access_token)).statusCode).toBe(200);
    const logout = await t.app.inject({
      url: '/_api/iam/authentication/v1/logout',
      headers: { authorization: member.access_token },
    });
    expect(logout.statusCode).toBe(200);
    expect((await whoAmI(member.access_token)).statusCode).toBe(401);
    const refused = await token(t, {
      clientId,
      grantType: 'refresh_token',
      refreshToken: member.refresh_token,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');

    // Two sessions; a password change in one ends the other (and keeps the one that changed it).
    const login = async () => {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/_api/iam/authentication/v2/login',
        payload: { loginId: { email }, password: 'secret123' },
      });
      return memberTokens(t, { clientId, sessionToken: reply.json().sessionToken });
    };
    const phone = await login();
    const laptop = await login();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/_api/iam/authentication/v2/change-password',
      headers: { authorization: laptop.access_token },
      payload: { newPassword: 'a new secret 2' },
    });
    expect(changed.statusCode).toBe(200);
    expect(
      (await token(t, { clientId, grantType: 'refresh_token', refreshToken: phone.refresh_token }))
        .statusCode,
    ).toBe(400);
    expect((await whoAmI(phone.access_token)).statusCode).toBe(401);
    expect(
      (await token(t, { clientId, grantType: 'refresh_token', refreshToken: laptop.refresh_token }))
        .statusCode,
    ).toBe(200);
  });
});
