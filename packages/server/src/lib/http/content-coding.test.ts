import { describe, expect, it } from 'vitest';
import { preferredCoding } from './content-coding.js';

describe('preferredCoding (Accept-Encoding)', () => {
  it.each([
    ['gzip, deflate, br', 'br'], // fetch in browsers and Node
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;Q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.4, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['deflate', undefined],
    ['identity', undefined],
    ['gzip;q=0, br;q=0', undefined],
    ['*;q=0', undefined],
    ['gzip;q=nonsense', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});
