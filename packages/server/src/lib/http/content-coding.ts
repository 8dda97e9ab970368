import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { BoundedMap } from '../bounded-map.js';

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

// Clients send one of a handful of Accept-Encoding values; each is parsed once.
const chosen = new BoundedMap<string, ContentCoding | undefined>(256);

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 §12.5.3): Brotli or gzip, whichever has the
 * higher q-value (Brotli on a tie), named or through `*`; undefined when neither is acceptable, or when
 * the client sent no header (identity).
 */
export function preferredCoding(header: string | undefined): ContentCoding | undefined {
  if (!header) return undefined;
  if (chosen.has(header)) return chosen.get(header);
  const coding = negotiate(header);
  chosen.set(header, coding);
  return coding;
}

function negotiate(header: string): ContentCoding | undefined {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const qParameter = parameters.find((parameter) => /^q=/i.test(parameter));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    weights.set(name.toLowerCase(), Number.isFinite(q) ? q : 0);
  }
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}
