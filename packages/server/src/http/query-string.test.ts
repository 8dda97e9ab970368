import querystring from 'node:querystring';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQueryString, rejectDroppedQueryKeys } from './query-string.js';

const plain = (value: object) => ({ ...value });

describe('parseQueryString', () => {
  it('reads what querystring.parse reads from well-formed text', () => {
    // Text built from the characters that matter to a query parser.
    const piece = fc.constantFrom(
      '&',
      '=',
      '+',
      '%41',
      '%E2%82%AC',
      '%2B',
      'a',
      'b',
      '.r',
      '__proto__',
      ' ',
      'é',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const query = parts.join('');
        expect(plain(parseQueryString(query, 1000))).toEqual(plain(querystring.parse(query)));
      }),
      { numRuns: 5000 },
    );
  });

  it('never throws on malformed escapes and keeps them as sent', () => {
    expect(plain(parseQueryString('a=%zz&b=%&c=%2&d=%E2%82&e=100%25', 1000))).toEqual({
      a: '%zz',
      b: '%',
      c: '%2',
      d: '%E2%82',
      e: '100%',
    });
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (query) => {
        for (const value of Object.values(parseQueryString(query, 1000)))
          for (const item of [value].flat()) expect(typeof item).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps repeated keys, spaces and escapes, and has no Object.prototype to pollute', () => {
    const parsed = parseQueryString('a=1&a=2&a=3&b+c=d+e&x=%2B&__proto__=1&flag', 1000);
    expect(plain(parsed)).toEqual({ a: ['1', '2', '3'], 'b c': 'd e', x: '+', ['__proto__']: '1', flag: '' });
    expect('toString' in parsed).toBe(false);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('marks a query with pieces past the limit, and only when something was dropped', () => {
    const refused = (text: string, maxKeys: number) => {
      try {
        rejectDroppedQueryKeys(parseQueryString(text, maxKeys));
        return false;
      } catch {
        return true;
      }
    };
    expect(refused('a=1&b=2', 2)).toBe(false);
    expect(refused('a=1&b=2&', 2)).toBe(false);
    expect(refused('a=1&b=2&&&', 2)).toBe(false);
    expect(refused('a=1&b=2&c', 2)).toBe(true);
    expect(refused('a=1&&b=2', 2)).toBe(true);
    expect(refused('', 1)).toBe(false);
    // Refused exactly when Node's unlimited parse reads a key the limited parse does not.
    const piece = fc.constantFrom('&', '=', 'a', 'b', '%41');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), fc.integer({ min: 1, max: 5 }), (parts, maxKeys) => {
        const text = parts.join('');
        const pieces = text.split('&');
        const lost = pieces.slice(maxKeys).some((p) => p !== '');
        expect(refused(text, maxKeys)).toBe(lost);
      }),
      { numRuns: 3000 },
    );
    // A refused query is not read at all: 2,000 keys cost one scan for separators.
    const marked = parseQueryString(Array.from({ length: 2000 }, (_, i) => `k${i}=1`).join('&'), 1000);
    expect(Object.keys(marked)).toEqual([]);
  });
});
