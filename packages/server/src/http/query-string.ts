import { parse } from 'fast-querystring';
import { invalidField } from '../lib/http/errors.js';

/*
 * The URL query parser: Fastify's own `fast-querystring`, behind the protocol's key limit (spec §9: at
 * most 1000 keys). Repeated keys become arrays, `+` is a space, a malformed escape stays as sent, and the
 * result has no `Object.prototype` to pollute (`__proto__` is an ordinary key).
 *
 * A query with pieces past the limit is not parsed: it is marked, and `rejectDroppedQueryKeys` refuses it
 * naming the limit, so no route answers as if the extra parameters had not been sent (silently dropping
 * them once made a request whose `.r` came after the 1000th key fail with "`.r` is required").
 */
export function parseQueryString(text: string, maxKeys: number): Record<string, string | string[]> {
  if (hasPiecesPast(text, maxKeys)) {
    const marked: Record<string, string | string[]> = Object.create(null);
    return Object.defineProperty(marked, KEYS_DROPPED, { value: maxKeys });
  }
  return parse(text) as Record<string, string | string[]>;
}

/** Set, not enumerable, on a query whose pieces went past the key limit: the limit it broke. */
const KEYS_DROPPED = Symbol('query keys dropped');

/** Whether a non-empty piece follows the first `maxKeys` `&`-separated pieces (a trailing `&` holds nothing). */
function hasPiecesPast(text: string, maxKeys: number): boolean {
  let start = 0;
  for (let pieces = 0; pieces < maxKeys; pieces++) {
    const end = text.indexOf('&', start);
    if (end === -1) return false;
    start = end + 1;
  }
  return /[^&]/.test(text.slice(start));
}

/**
 * Refuses a query string the parser did not read, naming the limit (spec §9: at most 1000 keys).
 */
export function rejectDroppedQueryKeys(query: unknown): void {
  if (query === null || typeof query !== 'object') return;
  const limit = (query as { [KEYS_DROPPED]?: number })[KEYS_DROPPED];
  if (limit === undefined) return;
  throw invalidField('(query)', 'MAX_SIZE', `must have at most ${limit} parameters`, { threshold: limit });
}
