import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

/*
 * Response compression for cached reads: a cached body is compressed once, off the event loop, and every
 * later hit from a client that accepts it is sent compressed. The protocol's clients ask for it and
 * decode the reply transparently: browsers send `Accept-Encoding: gzip, deflate, br`, Node's fetch (which
 * the @wix SDKs use on a server) `gzip, deflate`. A 36 KB product list is a few KB compressed.
 */

export type ContentCoding = 'br' | 'gzip';

const compressors: Record<ContentCoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 5: most of Brotli's gain over gzip at a small fraction of its top quality's time.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};

export function compress(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  return compressors[coding](body);
}

/**
 * The coding to send for an Accept-Encoding header, negotiated by Fastify's own negotiator (as
 * `@fastify/compress` does): Brotli or gzip, whichever has the higher q-value, Brotli on a tie or through
 * `*`; undefined when neither is acceptable, or when the client sent no header (identity).
 */
export function preferredCoding(header: string | undefined): ContentCoding | undefined {
  if (!header) return undefined;
  // Coding names are case-insensitive (RFC 9110 §8.4.1); the negotiator compares them as sent.
  return negotiate<ContentCoding>(header.toLowerCase(), CODINGS) ?? undefined;
}

const CODINGS: ContentCoding[] = ['br', 'gzip'];

/** A reply whose bytes depend on Accept-Encoding (it may be sent compressed): say so to HTTP caches. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
}
