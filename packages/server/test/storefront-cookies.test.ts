import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../src/domains/identity/members/staff.service.js';
import { mailboxCode, uniqueEmail } from '../src/testing/identity.js';
import { createTestApp, type TestApp } from '../src/testing/index.js';

// The attributes of every cookie the storefront and the admin set (docs/security.md, "Cookies";
// apps/storefront/app/lib/cookies.server.ts), through the real pages' form posts, on a store whose
// PUBLIC_URL is plain http and on one behind https. The remembered-device cookie needs a second factor
// to appear: its attributes are asserted in apps/storefront/app/lib/cookies.server.test.ts and, in
// Chromium, in apps/storefront/tests/e2e/account-second-factor.spec.ts.

interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

function setCookies(headers: Record<string, unknown>): Map<string, SetCookie> {
  const raw = headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  const cookies = new Map<string, SetCookie>();
  for (const line of lines as string[]) {
    const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attribute of rest) {
      const eq = attribute.indexOf('=');
      if (eq < 0) attributes[attribute.toLowerCase()] = true;
      else attributes[attribute.slice(0, eq).toLowerCase()] = attribute.slice(eq + 1);
    }
    cookies.set(pair.slice(0, at), { name: pair.slice(0, at), value: pair.slice(at + 1), attributes });
  }
  return cookies;
}

function cookieHeader(...cookies: Array<SetCookie | undefined>): string {
  return cookies
    .filter((cookie): cookie is SetCookie => cookie !== undefined)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each([
  { name: 'http', publicUrl: undefined },
  { name: 'https', publicUrl: 'https://shop.example' },
])('storefront cookies, PUBLIC_URL $name', ({ publicUrl }) => {
  const https = publicUrl !== undefined;
  let t: TestApp;
  // Where the injected requests say they come from: the page's own origin, as a browser's form post
  // would (React Router and the admin refuse other origins' posts).
  const origin = 'http://localhost';

  beforeAll(async () => {
    t = await createTestApp({ storefront: true, env: publicUrl ? { PUBLIC_URL: publicUrl } : {} });
  });
  afterAll(() => t?.close());

  const post = (url: string, fields: Record<string, string>, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: form(fields),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin,
        ...(cookie ? { cookie } : {}),
      },
    });

  /** HttpOnly, Secure only on https, the given SameSite and Path, and a lifetime. */
  function expectAttributes(cookie: SetCookie | undefined, sameSite: string, path: string, maxAge: string) {
    expect(cookie, 'cookie not set').toBeDefined();
    expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: sameSite, path, 'max-age': maxAge });
    expect(cookie?.attributes.secure).toBe(https ? true : undefined);
  }

  it('shop session and pending sign-up: HttpOnly, Lax, Path=/, Secure on https; cleared alike', async () => {
    const email = uniqueEmail('cookies');
    const signup = await post('/signup', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: 'correct-horse-42',
      returnTo: '/account',
    });
    expect(signup.statusCode).toBe(302);
    expect(signup.headers.location).toBe('/verify-email');
    const first = setCookies(signup.headers);
    const visitor = first.get('os_session');
    const pending = first.get('os_verify');
    expectAttributes(visitor, 'Lax', '/', String(90 * 24 * 60 * 60));
    expectAttributes(pending, 'Lax', '/', String(15 * 60));

    const verified = await post(
      '/verify-email',
      { code: await mailboxCode(t, email) },
      cookieHeader(visitor, pending),
    );
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/account');
    const second = setCookies(verified.headers);
    // The pending step is deleted with the same attributes (so the browser replaces that very cookie).
    expectAttributes(second.get('os_verify'), 'Lax', '/', '0');
    expect(second.get('os_verify')?.value).toBe('');
    const member = second.get('os_session');
    expectAttributes(member, 'Lax', '/', String(90 * 24 * 60 * 60));
    expect(member?.value).not.toBe(visitor?.value);

    const logout = await post('/logout', {}, cookieHeader(member));
    expect(logout.statusCode).toBe(302);
    const cleared = setCookies(logout.headers).get('os_session');
    expectAttributes(cleared, 'Lax', '/', '0');
    expect(cleared?.value).toBe('');
  });

  it('admin session: HttpOnly, Strict, Path=/admin, Secure on https; cleared alike', async () => {
    const email = `owner-${https ? 's' : 'p'}@cookies.example`;
    const password = 'correct horse battery staple';
    await createStaffUser(t.database.db, { email, role: 'owner', password });
    const login = await post('/admin/login', { email, password });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/admin/dashboard');
    const session = setCookies(login.headers).get('openshelf_admin');
    expect(session?.attributes).toMatchObject({ httponly: true, samesite: 'Strict', path: '/admin' });
    expect(Number(session?.attributes['max-age'])).toBeGreaterThan(0);
    expect(session?.attributes.secure).toBe(https ? true : undefined);

    const logout = await post('/admin/logout', {}, cookieHeader(session));
    expect(logout.statusCode).toBe(302);
    const cleared = setCookies(logout.headers).get('openshelf_admin');
    expect(cleared?.attributes).toMatchObject({ httponly: true, samesite: 'Strict', path: '/admin' });
    expect(cleared?.attributes['max-age']).toBe('0');
    expect(cleared?.attributes.secure).toBe(https ? true : undefined);
  });

  it('sets no cookie on API replies and on pages that need no session', async () => {
    expect(setCookies((await t.app.inject({ url: '/healthz' })).headers).size).toBe(0);
    const home = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(home.statusCode).toBe(200);
    expect(setCookies(home.headers).size).toBe(0);
  });
});
