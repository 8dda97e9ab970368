import { describe, expect, it } from 'vitest';
import { base64UrlEncode } from './base64url.js';

describe('base64UrlEncode', () => {
  it.each([
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg'],
    ['fooba', 'Zm9vYmE'],
    ['foobar', 'Zm9vYmFy'],
    ['{"query":{}}', 'eyJxdWVyeSI6e319'],
  ])('encodes %j as %j (RFC 4648 vectors, no padding)', (input, expected) => {
    expect(base64UrlEncode(input)).toBe(expected);
  });

  it('uses - and _ instead of + and /', () => {
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
    expect(base64UrlEncode(new Uint8Array([0xff, 0xff, 0xfe]))).toBe('___-');
  });

  it.each(['Café ☕', '日本語のテキスト', '😀 emoji', 'ascii only', '\u0000\u007f\u0080'])(
    'encodes %j as UTF-8 exactly like Node Buffer base64url',
    (input) => {
      expect(base64UrlEncode(input)).toBe(Buffer.from(input, 'utf8').toString('base64url'));
    },
  );

  it('matches Buffer for every length 0..300 of pseudo-random bytes', () => {
    let seed = 7;
    for (let length = 0; length <= 300; length++) {
      const bytes = new Uint8Array(length);
      for (let i = 0; i < length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        bytes[i] = seed & 0xff;
      }
      expect(base64UrlEncode(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    }
  });
});
