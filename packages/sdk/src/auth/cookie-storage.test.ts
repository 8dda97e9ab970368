import { describe, expect, it } from 'vitest';
import {
  cookieStorage,
  documentCookie,
  parseTokens,
  readCookie,
  requestCookie,
  serializeTokens,
} from './cookie-storage.js';
import type { Tokens } from './token-storage.js';

const tokens: Tokens = {
  accessToken: { value: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ2In0.c2ln', expiresAt: 1_700_000_000 },
  refreshToken: { value: 'refresh|with;odd,chars =%', role: 'member' },
};

describe('serializeTokens / parseTokens', () => {
  it('round-trips, with only cookie-safe characters', () => {
    const value = serializeTokens(tokens);
    expect(value).toMatch(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/);
    expect(parseTokens(value)).toEqual(tokens);
  });

  it('reads the JSON form too', () => {
    expect(parseTokens(JSON.stringify(tokens))).toEqual(tokens);
  });

  it.each([
    ['empty', ''],
    ['missing', undefined],
    ['another version', serializeTokens(tokens).replace(/^v1/, 'v2')],
    ['a part missing', serializeTokens(tokens).split('|').slice(0, 4).join('|')],
    ['an unknown role', serializeTokens(tokens).replace('member', 'admin')],
    ['a non-numeric expiry', serializeTokens(tokens).replace('1700000000', 'soon')],
    ['broken percent-encoding', `${serializeTokens(tokens)}%E0%A4%A`],
    ['JSON of something else', '{"accessToken":1}'],
  ])('gives undefined for %s', (_name, value) => {
    expect(parseTokens(value)).toBeUndefined();
  });
});

describe('cookieStorage', () => {
  it('reads the cookie until it writes, then keeps its own value', () => {
    let requestCookie: string | undefined = serializeTokens(tokens);
    const writes: (string | undefined)[] = [];
    const storage = cookieStorage({ read: () => requestCookie, write: (v) => writes.push(v) });
    expect(storage.get()).toEqual(tokens);
    requestCookie = undefined;
    expect(storage.get()).toBeUndefined();

    const renewed: Tokens = { ...tokens, accessToken: { value: 'new', expiresAt: 1_700_003_600 } };
    storage.set(renewed);
    requestCookie = serializeTokens(tokens); // The request still carries the old cookie.
    expect(storage.get()).toEqual(renewed);
    storage.clear();
    expect(storage.get()).toBeUndefined();
    expect(writes).toEqual([serializeTokens(renewed), undefined]);
  });
});

describe('documentCookie', () => {
  it('reads its own cookie among others and writes with attributes', () => {
    const doc = { cookie: `a=1; os_tokens=${serializeTokens(tokens)}; b=2` };
    const cookie = documentCookie('os_tokens', 'Path=/; SameSite=Lax', doc);
    expect(parseTokens(cookie.read())).toEqual(tokens);
    cookie.write('value');
    expect(doc.cookie).toBe('os_tokens=value; Path=/; SameSite=Lax');
    cookie.write(undefined);
    expect(doc.cookie).toBe('os_tokens=; Path=/; SameSite=Lax; Max-Age=0');
    expect(documentCookie('missing', undefined, { cookie: 'a=1' }).read()).toBeUndefined();
  });
});

describe('readCookie', () => {
  it.each([
    ['a=1; os=x|y; b=2', 'x|y'],
    ['os=first', 'first'],
    ['  os = spaced ', 'spaced'],
    ['xos=1; osx=2', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s → %s', (header, expected) => {
    expect(readCookie(header, 'os')).toBe(expected);
  });
});

describe('requestCookie', () => {
  it('reads the request and records the Set-Cookie to send', () => {
    const cookie = requestCookie(`os_tokens=${serializeTokens(tokens)}`, 'os_tokens', 'Path=/; Secure');
    const storage = cookieStorage(cookie);
    expect(storage.get()).toEqual(tokens);
    expect(cookie.setCookie()).toBeUndefined();
    storage.set(tokens);
    expect(cookie.setCookie()).toBe(`os_tokens=${serializeTokens(tokens)}; Path=/; Secure`);
    storage.clear();
    expect(cookie.setCookie()).toBe('os_tokens=; Path=/; Secure; Max-Age=0');
  });

  it('deletes with the attributes it was set with (same Path, still Secure and HttpOnly), lifetime 0', () => {
    const attributes = 'Path=/shop; HttpOnly; SameSite=Lax; Secure; Max-Age=7776000';
    const cookie = requestCookie(`os_tokens=${serializeTokens(tokens)}`, 'os_tokens', attributes);
    cookieStorage(cookie).clear();
    expect(cookie.setCookie()).toBe('os_tokens=; Path=/shop; HttpOnly; SameSite=Lax; Secure; Max-Age=0');
  });
});
