import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64UrlEncode } from '../base64url.js';
import {
  CODE_CHALLENGE_METHOD,
  CODE_VERIFIER_DEFAULT_LENGTH,
  checkAuthorizationResponse,
  createCodeChallenge,
  createCodeVerifier,
  DEFAULT_PROMPT,
  generateOAuthData,
  OAUTH_FLOW_TIMEOUT_MS,
  OAUTH_SCOPE,
  parseFromUrl,
  RESPONSE_MODES,
  withOAuthTimeout,
} from './pkce.js';

const UNRESERVED = /^[A-Za-z0-9\-._~]+$/;

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('constants (spec §9)', () => {
  it('has the spec values', () => {
    expect(OAUTH_SCOPE).toBe('offline_access');
    expect(CODE_CHALLENGE_METHOD).toBe('S256');
    expect(RESPONSE_MODES).toEqual(['fragment', 'query', 'web_message']);
    expect(DEFAULT_PROMPT).toBe('login');
    expect(OAUTH_FLOW_TIMEOUT_MS).toBe(120000);
    expect(CODE_VERIFIER_DEFAULT_LENGTH).toBe(43);
  });
});

describe('createCodeVerifier', () => {
  it('defaults to 43 unreserved characters', () => {
    const verifier = createCodeVerifier();
    expect(verifier).toHaveLength(43);
    expect(verifier).toMatch(UNRESERVED);
  });

  it.each([43, 44, 64, 100, 127, 128])('accepts length %i', (length) => {
    const verifier = createCodeVerifier(length);
    expect(verifier).toHaveLength(length);
    expect(verifier).toMatch(UNRESERVED);
  });

  it.each([0, 42, 129, 43.5, Number.NaN, -43, Number.POSITIVE_INFINITY])('rejects length %d', (length) => {
    expect(() => createCodeVerifier(length)).toThrow(
      new RangeError(`PKCE code verifier length must be an integer from 43 to 128, got ${length}`),
    );
  });

  it('is random', () => {
    const seen = new Set(Array.from({ length: 50 }, () => createCodeVerifier()));
    expect(seen.size).toBe(50);
  });

  it('uses every character of the alphabet over many draws', () => {
    const chars = new Set(Array.from({ length: 40 }, () => createCodeVerifier(128)).join(''));
    expect(chars.size).toBe(66);
  });

  it('redraws bytes that would bias the alphabet (>= 198) instead of wrapping them', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    spy.mockImplementationOnce((array) => {
      (array as Uint8Array).fill(200); // 200 % 66 = 2 ('C') if it were used
      return array;
    });
    spy.mockImplementationOnce((array) => {
      (array as Uint8Array).fill(1); // 'B'
      return array;
    });
    expect(createCodeVerifier()).toBe('B'.repeat(43));
    expect(spy).toHaveBeenCalledTimes(2);
  });
});

describe('createCodeChallenge', () => {
  // The real RFC 7636 appendix B vector. (The brief quoted 'dBjftJeZ4CVP-mB92K27uhbUJU2p1rsEbbOeXX1X6Tc' →
  // 'E9Melhoa2OwvRrWUtpcxhUZsI2dzuTOeWqjpK4OPEeM', which is not in the RFC: SHA-256 of that verifier is
  // 'TECtFXrfa93xnxpzjclgEurBE5qY0IZxMF65R6UDc9M'.)
  it('matches RFC 7636 appendix B', async () => {
    const octets = [
      116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214,
      191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
    ];
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(base64UrlEncode(new Uint8Array(octets))).toBe(verifier);
    expect(await createCodeChallenge(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('matches Node crypto for random verifiers', async () => {
    const { createHash } = await import('node:crypto');
    for (let i = 0; i < 10; i++) {
      const verifier = createCodeVerifier(43 + i * 9);
      expect(await createCodeChallenge(verifier)).toBe(
        createHash('sha256').update(verifier).digest('base64url'),
      );
    }
  });
});

describe('generateOAuthData', () => {
  it('returns a verifier, its challenge and a separate random state', async () => {
    const data = await generateOAuthData('https://shop.example/callback', 'https://shop.example/account');
    expect(data.redirectUri).toBe('https://shop.example/callback');
    expect(data.originalUri).toBe('https://shop.example/account');
    expect(data.codeVerifier).toHaveLength(43);
    expect(data.codeChallenge).toBe(await createCodeChallenge(data.codeVerifier));
    expect(data.codeChallenge).not.toMatch(/[=+/]/);
    expect(data.state).toMatch(UNRESERVED);
    expect(data.state).not.toBe(data.codeVerifier);
  });

  it('leaves originalUri undefined when not given', async () => {
    expect((await generateOAuthData('https://shop.example/cb')).originalUri).toBeUndefined();
  });
});

describe('parseFromUrl', () => {
  it.each([
    [
      'https://shop.example/cb#code=c1&state=s1',
      'fragment',
      { code: 'c1', state: 's1', error: undefined, errorDescription: undefined },
    ],
    [
      'https://shop.example/cb?code=c2&state=s2',
      'query',
      { code: 'c2', state: 's2', error: undefined, errorDescription: undefined },
    ],
    [
      'https://shop.example/cb?code=ignored#error=access_denied&error_description=User%20cancelled',
      'fragment',
      { code: undefined, state: undefined, error: 'access_denied', errorDescription: 'User cancelled' },
    ],
    [
      'https://shop.example/cb#code=c1&state=s1',
      'query',
      { code: undefined, state: undefined, error: undefined, errorDescription: undefined },
    ],
    [
      '/cb?code=c3&state=s%2B3',
      'query',
      { code: 'c3', state: 's+3', error: undefined, errorDescription: undefined },
    ],
  ] as const)('%s (%s)', (url, mode, expected) => {
    expect(parseFromUrl(url, mode)).toEqual(expected);
  });

  it('reads the fragment by default and accepts URL objects', () => {
    expect(parseFromUrl(new URL('https://x.example/#code=a&state=b')).code).toBe('a');
  });
});

describe('checkAuthorizationResponse', () => {
  const oauthData = { state: 'expected' };
  it.each([
    [{ code: undefined, state: 'expected' }, 'Missing code or _state'],
    [{ code: 'c', state: undefined }, 'Missing code or _state'],
    [{ code: '', state: '' }, 'Missing code or _state'],
    [{ code: 'c', state: 'other' }, 'Invalid _state'],
    [{ code: 'c', state: 'expected', error: 'access_denied' }, 'access_denied'],
    [
      { code: undefined, state: undefined, error: 'login_required', errorDescription: 'Sign in first' },
      'login_required: Sign in first',
    ],
  ])('%o → %s', (response, message) => {
    expect(() => checkAuthorizationResponse(response, oauthData)).toThrow(new Error(message));
  });

  it('returns the code when the state matches', () => {
    expect(checkAuthorizationResponse({ code: 'c', state: 'expected' }, oauthData)).toBe('c');
  });
});

describe('withOAuthTimeout', () => {
  it('rejects with "OAuth flow timed out" after 120000 ms, not before', async () => {
    vi.useFakeTimers();
    let settled: unknown;
    const flow = withOAuthTimeout(new Promise<never>(() => {})).catch((e: unknown) => {
      settled = e;
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await flow;
    expect(settled).toEqual(new Error('OAuth flow timed out'));
  });

  it('resolves with the flow result and clears its timer', async () => {
    vi.useFakeTimers();
    await expect(withOAuthTimeout(Promise.resolve('code'))).resolves.toBe('code');
    expect(vi.getTimerCount()).toBe(0);
  });
});
