import querystring from 'node:querystring';
import { invalidField } from '../lib/http/errors.js';

/*
 * The URL query parser. Node's `querystring.parse` walks every character in JavaScript; the protocol's
 * GET queries carry their whole query as one long base64url value (`.r=…`), so on a cached read that
 * walk was a measurable share of the request. This finds the separators with `indexOf` and decodes only
 * pieces that hold `%` or `+`, and returns exactly what `querystring.parse(text, '&', '=', { maxKeys })`
 * returns (a property test holds the two together): repeated keys become arrays, `+` is a space,
 * malformed escapes decode as Node decodes them, and only the first `maxKeys` pieces are read (spec §9).
 * A query with more pieces is marked (see `rejectDroppedQueryKeys`): silently dropping the rest made a
 * request whose `.r` came after the 1000th key fail with "`.r` is required" instead of naming the limit.
 */
export function parseQueryString(text: string, maxKeys: number): Record<string, string | string[]> {
  // Filled as an ordinary object and given its null prototype at the end: V8 adds a fresh string key to
  // a prototype-less object (a dictionary from the start) many times slower than to an ordinary one.
  const result: Record<string, string | string[]> = {};
  let start = 0;
  for (let pieces = 0; start <= text.length && pieces < maxKeys; pieces++) {
    let end = text.indexOf('&', start);
    if (end === -1) end = text.length;
    if (end > start) {
      const equals = text.indexOf('=', start);
      const split = equals !== -1 && equals < end;
      const key = decodePiece(text.slice(start, split ? equals : end));
      const value = split ? decodePiece(text.slice(equals + 1, end)) : '';
      if (!Object.hasOwn(result, key)) define(result, key, value);
      else {
        const previous = result[key] as string | string[];
        if (Array.isArray(previous)) previous.push(value);
        else result[key] = [previous, value];
      }
    }
    start = end + 1;
  }
  // Pieces past the limit that hold anything (a trailing `&` holds nothing) were dropped.
  if (start < text.length && /[^&]/.test(text.slice(start)))
    Object.defineProperty(result, KEYS_DROPPED, { value: maxKeys });
  return Object.setPrototypeOf(result, null);
}

/** Set, not enumerable, on a parsed query whose pieces went past the key limit: the limit it broke. */
const KEYS_DROPPED = Symbol('query keys dropped');

/**
 * Refuses a query string the parser did not read whole, naming the limit (spec §9: at most 1000 keys),
 * so that no route answers as if the dropped parameters had not been sent.
 */
export function rejectDroppedQueryKeys(query: unknown): void {
  if (query === null || typeof query !== 'object') return;
  const limit = (query as { [KEYS_DROPPED]?: number })[KEYS_DROPPED];
  if (limit === undefined) return;
  throw invalidField('(query)', 'MAX_SIZE', `must have at most ${limit} parameters`, { threshold: limit });
}

function define(target: Record<string, string | string[]>, key: string, value: string): void {
  // Assigning `__proto__` would set the prototype instead of adding the key.
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

const ESCAPE = /%[0-9a-fA-F]{2}/;

function decodePiece(piece: string): string {
  const spaced = piece.includes('+') ? piece.replaceAll('+', ' ') : piece;
  // Like Node, a piece is decoded only when it holds a whole %XX escape; querystring.unescape is
  // decodeURIComponent, falling back to Node's lenient decoder on malformed UTF-8.
  return spaced.includes('%') && ESCAPE.test(spaced) ? querystring.unescape(spaced) : spaced;
}
