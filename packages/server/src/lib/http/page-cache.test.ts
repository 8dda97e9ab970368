import { describe, expect, it } from 'vitest';
import {
  type CachedPage,
  etagMatches,
  inlineScriptHashes,
  PageCache,
  policyWithHashes,
  strongEtag,
} from './page-cache.js';

const pageOf = (text: string): CachedPage => {
  const body = Buffer.from(text);
  return { status: 200, headers: [['content-type', 'text/html']], body, etag: strongEtag(body) };
};

describe('PageCache', () => {
  it('never keeps a page rendered before a change (the render raced it)', () => {
    const cache = new PageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    const version = cache.version;
    cache.invalidate();
    cache.set('/', pageOf('old'), version);
    expect(cache.get('/')).toBeUndefined();
    cache.set('/', pageOf('new'), cache.version);
    expect(cache.get('/')?.body.toString()).toBe('new');
    cache.invalidate();
    expect(cache.get('/')).toBeUndefined();
  });

  it('holds at most maxBytes, dropping the least recently used, and no page over an eighth of it', () => {
    const cache = new PageCache({ maxBytes: 8_000, ttlMs: 60_000 });
    for (let i = 0; i < 20; i++) cache.set(`/p${i}`, pageOf('x'.repeat(900)), cache.version);
    expect(cache.stats().bytes).toBeLessThanOrEqual(8_000);
    expect(cache.get('/p0')).toBeUndefined();
    expect(cache.get('/p19')).toBeDefined();
    cache.set('/huge', pageOf('x'.repeat(1_100)), cache.version);
    expect(cache.get('/huge')).toBeUndefined();
  });
});

describe('validators and policy', () => {
  it('matches If-None-Match lists, weak forms and *', () => {
    const etag = strongEtag(Buffer.from('page'));
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"a", W/${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"a"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });

  it('hashes inline scripts only, and swaps every nonce for the hashes in script-src', () => {
    const html =
      '<script src="/a.js"></script><script>one()</script><script type="module">two()</script><script>one()</script>';
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toBe("'sha256-HR7iaask9daLMRRskMI++QeJtjWDOjyPA6lGzYGzKW4='");
    const policy = policyWithHashes(
      "default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'nonce-def'; object-src 'none'",
      hashes,
    );
    expect(policy).toBe(
      `default-src 'self'; script-src 'self' ${hashes.join(' ')}; style-src 'self'; object-src 'none'`,
    );
  });
});
