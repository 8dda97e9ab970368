import { describe, expect, it } from 'vitest';
import {
  ADMIN_COOKIE,
  DEVICE_COOKIE,
  isSecureSite,
  SESSION_COOKIE,
  setCookie,
  VERIFY_COOKIE,
} from './cookies.server';

describe('cookie attributes', () => {
  it.each([
    [SESSION_COOKIE, 'os_session', 7776000],
    [VERIFY_COOKIE, 'os_verify', 900],
    [DEVICE_COOKIE, 'os_device', 2592000],
  ])('%o: HttpOnly, Lax, Path=/, Secure only on https', (spec, name, maxAge) => {
    expect(setCookie(spec, 'v', false)).toBe(`${name}=v; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}`);
    expect(setCookie(spec, 'v', true)).toBe(
      `${name}=v; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=${maxAge}`,
    );
  });

  it('deletes with the same attributes and no lifetime', () => {
    expect(setCookie(DEVICE_COOKIE, undefined, true)).toBe(
      'os_device=; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=0',
    );
  });

  it('keeps the admin session to /admin, Strict', () => {
    expect(ADMIN_COOKIE).toEqual({ name: 'openshelf_admin', path: '/admin', sameSite: 'Strict' });
  });

  it('is Secure when PUBLIC_URL is https or the request came over https', () => {
    expect(isSecureSite('https://shop.example')).toBe(true);
    expect(isSecureSite('http://127.0.0.1:3000')).toBe(false);
    expect(isSecureSite('http://127.0.0.1:3000', new Request('https://shop.example/login'))).toBe(true);
    expect(isSecureSite('http://127.0.0.1:3000', new Request('http://127.0.0.1:3000/login'))).toBe(false);
  });
});
