import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import {
  type CachedPage,
  etagMatches,
  inlineScriptHashes,
  type PageCache,
  policyWithHashes,
  strongEtag,
} from '../lib/http/page-cache.js';

/*
 * Shop pages that are the same for every shopper (ADR 037). The storefront says which pages those are: it
 * renders them without a nonce and without anything read from the session, and marks them
 * `Cache-Control: public` (apps/storefront/app/lib/shared-page.ts). Here such a reply gets its script
 * hashes in place of the nonce, a strong ETag, and a place in the page cache; the next request for the
 * same URL is answered from memory before any page work starts (no policy, no session, no render).
 */

/** Reply headers that belong to one response and never to a kept page. */
const NOT_KEPT = new Set([
  'set-cookie',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-wix-request-id',
  'x-page-cache',
]);

/** The header operators and tests read to tell a kept page from a rendering. */
const CACHE_HEADER = 'x-page-cache';

/** The key of a page request the cache may answer, or undefined when it must be rendered. */
export function pageCacheKey(request: FastifyRequest): string | undefined {
  if (request.method !== 'GET') return undefined;
  return request.url;
}

/**
 * An onRequest hook that answers kept pages (200, or 304 when the client holds the same ETag), and lets
 * every other request through. `eligible` excludes requests that are not page loads (API calls, data
 * requests of client navigations).
 */
export function servePageFromCache(
  cache: PageCache,
  eligible: (request: FastifyRequest) => boolean,
): onRequestHookHandler {
  return (request, reply, done) => {
    const key = pageCacheKey(request);
    const page = key === undefined || !eligible(request) ? undefined : cache.get(key);
    if (!page) return done();
    sendPage(request, reply, page, 'hit');
  };
}

/** Whether a rendered reply is a shared page: a 200 the storefront marked public, with no cookie. */
export function isSharedPage(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get('cache-control') ?? '').startsWith('public') &&
    response.headers.getSetCookie().length === 0 &&
    response.body !== null
  );
}

/**
 * Sends a freshly rendered shared page: whole (it was rendered to the end, see entry.server.tsx), with its
 * inline scripts allowed by hash, an ETag, and kept for the next shopper when `cache` is on.
 */
export async function sendSharedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  cache: { pages: PageCache; version: number } | undefined,
): Promise<FastifyReply> {
  const body = Buffer.from(await response.arrayBuffer());
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header('content-security-policy', policyWithHashes(policy, inlineScriptHashes(body.toString())));
  }
  for (const [name, value] of response.headers) reply.header(name, value);
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || NOT_KEPT.has(name)) continue;
    headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  const page: CachedPage = { status: response.status, headers, body, etag: strongEtag(body) };
  const key = pageCacheKey(request);
  if (cache && key !== undefined) cache.pages.set(key, page, cache.version);
  return sendPage(request, reply, page, cache ? 'miss' : 'off');
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: 'hit' | 'miss' | 'off',
): FastifyReply {
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('etag', page.etag).header(CACHE_HEADER, state);
  if (etagMatches(request.headers['if-none-match'], page.etag)) {
    reply.removeHeader('content-type');
    return reply.code(304).send();
  }
  return reply.code(page.status).send(page.body);
}
