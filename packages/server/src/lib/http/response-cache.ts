import { createHash } from 'node:crypto';
import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { LRUCache } from 'lru-cache';
import { type ContentCoding, compress, preferredCoding, varyOnEncoding } from './content-coding.js';

/*
 * A cache of serialized responses for reads many callers share (the public catalog), invalidated by a
 * version: anything that changes the underlying data bumps it and every older entry is dead. A
 * response is stored under the version that was current when its request started, so a read that
 * raced with a write can never be served after that write (ADR 012). Hits are sent compressed to
 * clients that accept it (content-coding.ts): each entry is compressed once per coding, in the
 * background after its first hit that asks, and later hits send those bytes.
 */

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
const MIN_COMPRESSED_BYTES = 1024;

export interface ResponseCacheOptions {
  /** Safety net: how long an entry may live even if no invalidation arrives. */
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
}

export interface CachedEntry {
  /** Encoded once: a hit writes these bytes as they are (no UTF-8 encoding or length scan per reply). */
  body: Buffer;
  /** The body compressed, per coding, once ready. */
  coded: Partial<Record<ContentCoding, Buffer>>;
  /** Codings asked for (being compressed, compressed, or not worth it): each is tried once. */
  asked: Set<ContentCoding>;
  version: number;
  expiresAt: number;
}

export class ResponseCache {
  #version = 0;
  readonly #entries: LRUCache<string, CachedEntry>;
  readonly #largest: number;
  hits = 0;
  misses = 0;

  constructor(private readonly options: ResponseCacheOptions) {
    const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#largest = maxBytes / 8;
    // Bounded by entries and by bytes (each body and its compressed copies), least recently used out first.
    this.#entries = new LRUCache({
      max: options.maxEntries ?? 2000,
      maxSize: maxBytes,
      sizeCalculation: (entry) =>
        Math.max(1, entry.body.length + (entry.coded.br?.length ?? 0) + (entry.coded.gzip?.length ?? 0)),
    });
  }

  get currentVersion(): number {
    return this.#version;
  }

  /** Everything cached so far is stale (the data changed). */
  invalidate(): void {
    this.#version += 1;
    this.#entries.clear();
  }

  get(key: string, now = Date.now()): CachedEntry | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.version !== this.#version || entry.expiresAt <= now) {
      if (entry) this.#entries.delete(key);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return entry;
  }

  /**
   * What to send a client that prefers `coding`: the compressed bytes when they are ready, otherwise the
   * plain body — and the first time a coding is asked for, it is compressed in the background for the
   * hits that follow (kept only if the entry is still live and the result is smaller).
   */
  bytesFor(
    key: string,
    entry: CachedEntry,
    coding: ContentCoding | undefined,
  ): { bytes: Buffer; coding?: ContentCoding } {
    if (!coding || entry.body.length < MIN_COMPRESSED_BYTES) return { bytes: entry.body };
    const coded = entry.coded[coding];
    if (coded) return { bytes: coded, coding };
    if (!entry.asked.has(coding)) {
      entry.asked.add(coding);
      compress(entry.body, coding).then(
        (bytes) => {
          if (this.#entries.peek(key) !== entry || bytes.length >= entry.body.length) return;
          entry.coded[coding] = bytes;
          // Stored again so that its size counts the compressed copy.
          this.#entries.set(key, entry);
        },
        // zlib fails only on bad parameters; the entry then keeps being sent plain.
        () => undefined,
      );
    }
    return { bytes: entry.body };
  }

  /** Stores a body computed from data read at `version`; ignored if the data changed since. */
  set(key: string, text: string, version: number, now = Date.now()): void {
    if (version !== this.#version) return;
    const body = Buffer.from(text);
    if (body.length > this.#largest) return;
    this.#entries.set(key, {
      body,
      coded: {},
      asked: new Set(),
      version,
      expiresAt: now + this.options.ttlMs,
    });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    responseCache?: { key: string; version: number };
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Route hooks that serve and fill the cache for callers `shared(request)` accepts (e.g. everyone who
 * is not a merchant). GET requests are looked up before parsing (key: the URL); POST reads after
 * parsing (key: URL + body). Hits carry `x-cache: hit`.
 */
export function cacheHooks(
  cache: ResponseCache | undefined,
  shared: (request: FastifyRequest) => boolean,
): {
  onRequest?: onRequestHookHandler;
  preHandler?: preHandlerHookHandler;
  onSend?: onSendHookHandler;
} {
  if (!cache) return {};
  // Callback-style hooks (no promise per request); a hit is sent from the hook, and `done` is then not
  // called, which ends the request's hook chain there.
  const lookup = (request: FastifyRequest, reply: FastifyReply, key: string, done: () => void) => {
    if (!shared(request)) return done();
    varyOnEncoding(reply);
    const entry = cache.get(key);
    if (entry !== undefined) {
      const { bytes, coding } = cache.bytesFor(
        key,
        entry,
        preferredCoding(request.headers['accept-encoding']),
      );
      if (coding) reply.header('content-encoding', coding);
      reply.header('x-cache', 'hit').type(JSON_TYPE).send(bytes);
      return;
    }
    request.responseCache = { key, version: cache.currentVersion };
    reply.header('x-cache', 'miss');
    done();
  };
  return {
    onRequest: (request, reply, done) => {
      if (request.method !== 'GET') return done();
      // A GET's key is its URL as it came (it starts with "/", so it never equals a POST key below).
      lookup(request, reply, request.url, done);
    },
    preHandler: (request, reply, done) => {
      if (request.method === 'GET' || request.responseCache) return done();
      const digest = createHash('sha1')
        .update(JSON.stringify(request.body ?? null))
        .digest('base64url');
      lookup(request, reply, `${request.method} ${request.url} ${digest}`, done);
    },
    onSend: (request, reply, payload, done) => {
      const pending = request.responseCache;
      if (pending && reply.statusCode === 200 && typeof payload === 'string')
        cache.set(pending.key, payload, pending.version);
      done(null, payload);
    },
  };
}
