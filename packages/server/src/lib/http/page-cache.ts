import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/*
 * Rendered pages that are the same for every shopper (ADR 037), kept in memory and bounded by bytes.
 * Like the API's response cache (ADR 012) it is invalidated by a version: a change bumps it and drops
 * every entry, and a page is kept only under the version that was current when its render started, so a
 * render that raced a change is never served after that change.
 */

export interface CachedPage {
  status: number;
  /** Every header of the reply but Set-Cookie (a shared page never has one), as sent. */
  headers: ReadonlyArray<readonly [string, string]>;
  body: Buffer;
  /** Strong validator of `body` (quoted, as sent in ETag). */
  etag: string;
}

export interface PageCacheOptions {
  /** Bytes of bodies and headers held at most; least recently used pages go first. */
  maxBytes: number;
  /** Safety net: how long a page may live if no invalidation arrives. */
  ttlMs: number;
}

/** A page larger than this share of the budget is not kept (one huge search page must not flush the rest). */
const LARGEST_SHARE = 8;

export class PageCache {
  #version = 0;
  readonly #pages: LRUCache<string, CachedPage & { version: number }>;
  readonly #largest: number;

  constructor(options: PageCacheOptions) {
    this.#largest = Math.max(1, Math.floor(options.maxBytes / LARGEST_SHARE));
    this.#pages = new LRUCache({
      maxSize: options.maxBytes,
      sizeCalculation: (page) => page.body.length + headerBytes(page.headers) + 64,
      ttl: options.ttlMs,
      ttlAutopurge: false,
    });
  }

  /** Read before rendering; pass to `set`. */
  get version(): number {
    return this.#version;
  }

  /** Everything kept so far is stale (the catalog or the store's identity changed). */
  invalidate(): void {
    this.#version += 1;
    this.#pages.clear();
  }

  get(key: string): CachedPage | undefined {
    const page = this.#pages.get(key);
    if (page && page.version !== this.#version) {
      this.#pages.delete(key);
      return undefined;
    }
    return page;
  }

  /** Keeps a page rendered from data read at `version`; ignored if anything changed since. */
  set(key: string, page: CachedPage, version: number): void {
    if (version !== this.#version || page.body.length > this.#largest) return;
    this.#pages.set(key, { ...page, version });
  }

  /** Pages held and their bytes, for tests and metrics. */
  stats(): { pages: number; bytes: number } {
    return { pages: this.#pages.size, bytes: this.#pages.calculatedSize };
  }
}

function headerBytes(headers: CachedPage['headers']): number {
  let bytes = 0;
  for (const [name, value] of headers) bytes += name.length + value.length + 4;
  return bytes;
}

/** A strong ETag of a body: its SHA-256, quoted. */
export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/**
 * Whether an If-None-Match header names `etag` (a list, `*`, or weak forms of it: RFC 9110 §13.1.2 compares
 * weakly for GET).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim().replace(/^W\//, '');
    if (tag === etag) return true;
  }
  return false;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * CSP source expressions (`'sha256-…'`) of every inline script of an HTML document, in order, without
 * repeats. The browser hashes a script's text exactly as it stands between its tags.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/**
 * A page policy for HTML shared by many shoppers: every per-response nonce is taken out (a nonce written
 * into a cached page would be the same for everyone, which is no nonce at all), and script-src allows the
 * page's own inline scripts by their hashes instead.
 */
export function policyWithHashes(policy: string, scriptHashes: readonly string[]): string {
  return policy
    .split(';')
    .map((directive) => {
      const words = directive
        .trim()
        .split(/\s+/)
        .filter((word) => word !== '' && !/^'nonce-[^']*'$/.test(word));
      if (words[0] === 'script-src') words.push(...scriptHashes);
      return words.join(' ');
    })
    .filter((directive) => directive !== '')
    .join('; ');
}
