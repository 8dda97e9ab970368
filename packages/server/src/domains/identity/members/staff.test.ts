import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, solvedCaptcha, visitorTokens } from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { ensureBundledStorefrontClient, ensureOwnerStaff } from '../bootstrap.service.js';

let t: TestApp;
let owner: string;
let bossPassword = '';

beforeAll(async () => {
  t = await createTestApp();
  owner = await merchantKey(t.database);
});
afterAll(() => t.close());

const staffLogin = (email: string, password: string) =>
  post(t, '/admin-api/v1/auth/login', { email, password });

describe('staff sign-in', () => {
  it('signs staff in with a staff token that works on admin calls as that role, and signs out', async () => {
    const created = await post(
      t,
      '/admin-api/v1/staff',
      { email: 'Clerk@Shop.Example', role: 'staff' },
      owner,
    );
    expect(created.statusCode).toBe(200);
    const { password, staff } = created.json();
    expect(staff).toMatchObject({ email: 'clerk@shop.example', role: 'staff' });
    expect(password).toHaveLength(20);
    const login = await staffLogin('clerk@shop.example', password);
    expect(login.statusCode).toBe(200);
    const { accessToken } = login.json();
    const me = await t.app.inject({ url: '/admin-api/v1/auth/me', headers: { authorization: accessToken } });
    expect(me.json()).toMatchObject({ role: 'staff', staff: { email: 'clerk@shop.example' } });
    // A merchant call is allowed, an owner-only one is not.
    expect(
      (await t.app.inject({ url: '/admin-api/v1/members', headers: { authorization: accessToken } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/admin-api/v1/api-keys', headers: { authorization: accessToken } }))
        .statusCode,
    ).toBe(403);
    expect((await post(t, '/admin-api/v1/auth/logout', {}, accessToken)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/admin-api/v1/auth/me', headers: { authorization: accessToken } }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps staff and shopper tokens apart', async () => {
    const { password } = (
      await post(t, '/admin-api/v1/staff', { email: 'boss@shop.example', role: 'owner' }, owner)
    ).json();
    bossPassword = password;
    const ownerToken = (await staffLogin('boss@shop.example', password)).json().accessToken;
    expect(
      (await t.app.inject({ url: '/admin-api/v1/api-keys', headers: { authorization: ownerToken } }))
        .statusCode,
    ).toBe(200);
    // A staff token is not a shopper token.
    expect(
      (
        await t.app.inject({
          url: '/_api/iam/identity/v1/identities/me',
          headers: { authorization: ownerToken },
        })
      ).statusCode,
    ).toBe(403);
    const clients = (
      await t.app.inject({ url: '/admin-api/v1/oauth-clients', headers: { authorization: owner } })
    ).json();
    expect(clients.oauthClients).toEqual([]);
  });

  it('refuses wrong passwords alike for unknown accounts, and asks for a captcha instead of locking', async () => {
    const wrong = await staffLogin('boss@shop.example', 'nope');
    const unknown = await staffLogin('ghost@shop.example', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().message).toBe(wrong.json().message);
    for (let i = 0; i < 4; i++) await staffLogin('boss@shop.example', 'nope');
    const asked = await staffLogin('boss@shop.example', bossPassword);
    expect(asked.statusCode).toBe(400);
    expect(asked.json().details.applicationError).toMatchObject({
      code: '-19971',
      data: { reason: 'ADDRESS_FAILURES' },
    });
    const signedIn = await post(t, '/admin-api/v1/auth/login', {
      email: 'boss@shop.example',
      password: bossPassword,
      captchaTokens: [{ InvisibleRecaptcha: await solvedCaptcha(t) }],
    });
    expect(signedIn.statusCode).toBe(200);
    // The success forgot this address's failures.
    expect((await staffLogin('boss@shop.example', 'nope')).statusCode).toBe(401);
    expect(
      (await post(t, '/admin-api/v1/staff', { email: 'boss@shop.example', role: 'owner' }, owner)).statusCode,
    ).toBe(409);
  });
});

describe('first start', () => {
  it('creates the owner login once, in a file only the owner can read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openshelf-owner-'));
    const created = await ensureOwnerStaff(t.database.db, dir, 'first@owner.example');
    // This database already has staff (the tests above), so nothing is created…
    expect(created).toBeUndefined();
  });

  it('writes the owner login when there is no staff yet, and the storefront client id', async () => {
    const fresh = await createTestApp();
    try {
      const dir = mkdtempSync(path.join(tmpdir(), 'openshelf-owner-'));
      const created = await ensureOwnerStaff(fresh.database.db, dir);
      expect(created).toBeDefined();
      const file = readFileSync(path.join(dir, 'owner-login.txt'), 'utf8');
      expect(file).toContain(created!.password);
      expect(statSync(path.join(dir, 'owner-login.txt')).mode & 0o777).toBe(0o600);
      expect(await ensureOwnerStaff(fresh.database.db, dir)).toBeUndefined();
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/admin-api/v1/auth/login',
        payload: { email: created!.email, password: created!.password },
      });
      expect(login.statusCode).toBe(200);

      const storefront = await ensureBundledStorefrontClient(fresh.database.db, 'http://localhost:3000', dir);
      expect(storefront).toMatchObject({
        created: true,
        client: {
          bundled: true,
          allowedOrigins: ['http://localhost:3000'],
          redirectUris: ['http://localhost:3000/callback'],
          allowAnyRedirectPathOnAllowedOrigins: false,
        },
      });
      expect(readFileSync(path.join(dir, 'storefront-client-id.txt'), 'utf8').trim()).toBe(
        storefront.client.id,
      );
      const moved = await ensureBundledStorefrontClient(fresh.database.db, 'https://shop.example', dir);
      expect(moved).toMatchObject({
        created: false,
        client: {
          id: storefront.client.id,
          allowedOrigins: ['http://localhost:3000', 'https://shop.example'],
          // The storefront's direct login exchanges codes at <PUBLIC_URL origin>/callback: registered exactly.
          redirectUris: ['http://localhost:3000/callback', 'https://shop.example/callback'],
        },
      });
      expect((await visitorTokens(fresh, storefront.client.id)).access_token).toBeTruthy();
    } finally {
      await fresh.close();
    }
  });
});
