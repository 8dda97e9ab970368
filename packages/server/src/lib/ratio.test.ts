import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  applyPpm,
  mulDivRound,
  percentToPpm,
  ppmToDecimalString,
  ppmToPercent,
  taxIncludedIn,
} from './ratio.js';

describe('rates in parts per million', () => {
  it.each([
    ['8.875', 88_750],
    [10, 100_000],
    ['0.5', 5_000],
    ['100', 1_000_000],
    [7.25, 72_500],
  ] as const)('%j %% → %i ppm', (percent, ppm) => {
    expect(percentToPpm(percent)).toBe(ppm);
  });

  it.each(['-1', '100.01', 'abc', '1.23456', ''])('rejects %j', (percent) => {
    expect(percentToPpm(percent)).toBeUndefined();
  });

  it('formats back', () => {
    expect(ppmToPercent(88_750)).toBe(8.875);
    expect(ppmToDecimalString(88_750)).toBe('0.08875');
    expect(ppmToDecimalString(1_000_000)).toBe('1');
    expect(ppmToDecimalString(0)).toBe('0');
  });
});

describe('rounding', () => {
  it('rounds half away from zero', () => {
    expect(mulDivRound(5, 1, 2)).toBe(3);
    expect(mulDivRound(-5, 1, 2)).toBe(-3);
    expect(mulDivRound(4, 1, 2)).toBe(2);
    expect(applyPpm(1000, 88_750)).toBe(89); // 88.75 → 89
    expect(applyPpm(1999, 100_000)).toBe(200); // 199.9 → 200
    expect(applyPpm(Number.MAX_SAFE_INTEGER, 1)).toBe(9_007_199_255);
  });

  it('finds the tax inside an inclusive price', () => {
    expect(taxIncludedIn(1100, 100_000)).toBe(100);
    expect(taxIncludedIn(1999, 200_000)).toBe(333); // 1999 - 1665.83 → 1999 - 1666
  });
});

describe('allocation', () => {
  it('splits exactly, largest remainder first', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [500, 300, 200])).toEqual([5, 3, 2]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
  });

  it('always adds up and never goes below zero (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (total, weights) => {
          const parts = allocate(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          expect(parts.every((part) => part >= 0)).toBe(true);
        },
      ),
    );
  });
});
