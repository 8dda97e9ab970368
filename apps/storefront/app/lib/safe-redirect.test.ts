import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_LENGTH, safeRedirect } from './safe-redirect';

const STORE = 'https://shop.example';
const FALLBACK = '/account';
const rule = { fallback: FALLBACK };

/** Where a browser on the store's page ends up when the server answers `Location: <location>`. */
function browserLands(location: string, page = `${STORE}/login`): string {
  return new URL(location, page).origin;
}

describe('safeRedirect', () => {
  // The probe's finding and its relatives: each one is text a browser reads as another site, or as no
  // place at all (a script, a data URL).
  const hostile: Array<[string, string]> = [
    ['raw tab inside the slashes', '/\t/evil.example'],
    ['raw line feed inside the slashes', '/\n/evil.example'],
    ['raw carriage return inside the slashes', '/\r/evil.example'],
    ['tab, CR and LF together', '/\t\r\n/evil.example/account'],
    ['slash and backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['backslash and slash', '\\/evil.example'],
    ['protocol-relative', '//evil.example'],
    ['three slashes', '///evil.example'],
    ['a dot segment that leaves two slashes', '/.//evil.example'],
    ['dot segments that leave two slashes', '/a/..//evil.example'],
    ['percent-encoded dots that leave two slashes', '/%2e//evil.example'],
    ['scheme without slashes (other scheme)', 'http:evil.example'],
    ['absolute http URL', 'http://evil.example'],
    ['absolute https URL', 'https://evil.example/account'],
    ['credentials before another host', 'https://shop.example@evil.example/'],
    ['javascript URL', 'javascript:alert(1)'],
    ['javascript URL with a tab in the scheme', 'java\tscript:alert(1)'],
    ['javascript URL with leading spaces', '  javascript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['leading space then protocol-relative', ' //evil.example'],
    ['leading control character then protocol-relative', '\u0001//evil.example'],
    ['trailing space on protocol-relative', '//evil.example '],
    ['another port of the store host', 'https://shop.example:8443/account'],
    ['the store host over http', 'http://shop.example/account'],
  ];

  it.each(hostile)('keeps %s on the store', (_name, value) => {
    const location = safeRedirect(value, STORE, rule);
    expect(browserLands(location)).toBe(STORE);
    // And never the raw text: whatever comes back parses to itself.
    expect(location.startsWith('/')).toBe(true);
    expect(location.startsWith('//')).toBe(false);
    expect(location).not.toMatch(/[\t\r\n\\ ]/);
  });

  it.each(hostile)('sends %s to the fallback', (_name, value) => {
    expect(safeRedirect(value, STORE, rule)).toBe(FALLBACK);
  });

  // These name a place on the store, spelled oddly: a browser stays on the store with them, so the
  // normalised path is kept (never the raw spelling).
  const oddButLocal: Array<[string, string, string]> = [
    ['an encoded tab', '/%09/evil.example', '/%09/evil.example'],
    ['encoded slashes', '/%2F%2Fevil', '/%2F%2Fevil'],
    ['encoded backslash', '/%5C%5Cevil', '/%5C%5Cevil'],
    ['fullwidth slashes', '／／evil', '/%EF%BC%8F%EF%BC%8Fevil'],
    ['a leading and trailing space', '  /account?tab=orders  ', '/account?tab=orders'],
    ['tabs inside a path', '/acc\tount', '/account'],
    ['a relative path', 'account', '/account'],
    ['a scheme-relative same scheme', 'https:evil.example', '/evil.example'],
    ['dot segments', '/a/b/../../account', '/account'],
    ['the store itself, absolute', 'https://shop.example/account#x', '/account#x'],
    ['credentials on the store', 'https://user:pw@shop.example/account', '/account'],
  ];

  it.each(oddButLocal)('keeps %s as a normalised path on the store', (_name, value, expected) => {
    const location = safeRedirect(value, STORE, rule);
    expect(location).toBe(expected);
    expect(browserLands(location)).toBe(STORE);
  });

  it('keeps the places people return to, as they were', () => {
    const kept = [
      '/account?tab=orders#x',
      '/oauth2/authorize?client_id=abc&redirect_uri=https%3A%2F%2Fapp.example%2Fcallback&state=s%20t&prompt=login',
      '/plan-checkout/gold?flow=f_123',
      '/products/linen-shirt',
      '/',
    ];
    for (const value of kept) expect(safeRedirect(value, STORE, rule)).toBe(value);
  });

  it('falls back on nothing, on a non-string, and on a value past the length limit', () => {
    expect(safeRedirect('', STORE, rule)).toBe(FALLBACK);
    expect(safeRedirect(null, STORE, rule)).toBe(FALLBACK);
    expect(safeRedirect(undefined, STORE, rule)).toBe(FALLBACK);
    expect(safeRedirect(['/account'], STORE, rule)).toBe(FALLBACK);
    const long = `/account?${'a'.repeat(MAX_REDIRECT_LENGTH)}`;
    expect(safeRedirect(long, STORE, rule)).toBe(FALLBACK);
    const justFits = `/account?${'a'.repeat(MAX_REDIRECT_LENGTH - '/account?'.length)}`;
    expect(safeRedirect(justFits, STORE, rule)).toBe(justFits);
  });

  it('applies a further rule to the normalised path, not the raw text', () => {
    const admin = {
      fallback: '/admin/dashboard',
      allow: (path: string) => path.startsWith('/admin/') && !path.startsWith('/admin/login'),
    };
    expect(safeRedirect('/admin/orders?status=paid', STORE, admin)).toBe('/admin/orders?status=paid');
    expect(safeRedirect('/admin/%2e%2e/account', STORE, admin)).toBe('/admin/dashboard');
    expect(safeRedirect('/admin/../..//evil.example', STORE, admin)).toBe('/admin/dashboard');
    expect(safeRedirect('/admin/\t../account', STORE, admin)).toBe('/admin/dashboard');
    expect(safeRedirect('/\t/admin/orders', STORE, admin)).toBe('/admin/dashboard');
    expect(safeRedirect('/admin\\orders', STORE, admin)).toBe('/admin/orders');
  });

  it('resolves against the store origin whatever the scheme: http stores refuse https: shorthands', () => {
    expect(safeRedirect('https:evil.example', 'http://127.0.0.1:3000', rule)).toBe(FALLBACK);
    expect(safeRedirect('http:evil.example', 'http://127.0.0.1:3000', rule)).toBe('/evil.example');
    expect(safeRedirect('/\t/evil.example', 'http://127.0.0.1:3000', rule)).toBe(FALLBACK);
  });
});
