import { describe, expect, it } from 'vitest';
import { shiftDecimal } from './query-values.js';

describe('exact decimal shifting for money filters', () => {
  it('shifts without float error', () => {
    expect(shiftDecimal(19.99, 2)).toBe('1999');
    expect(shiftDecimal(0.1, 2)).toBe('10');
    expect(shiftDecimal(12.499, 2)).toBe('1249.9');
    expect(shiftDecimal(-3, 2)).toBe('-300');
    expect(shiftDecimal(1e21, 2)).toBe(`1${'0'.repeat(23)}`);
    expect(shiftDecimal(5e-7, 2)).toBe('0.00005');
  });
});
