import { describe, expect, it } from 'vitest';
import {
  currencyExponent,
  formatMoney,
  isCurrencyCode,
  toDecimalString,
  toMajorNumber,
  toMinorUnits,
  toWireMoney,
} from './money.js';

describe('money', () => {
  it.each([
    [12.5, 'USD', 1250],
    ['0.1', 'USD', 10],
    ['19.99', 'EUR', 1999],
    [1000, 'JPY', 1000],
    ['1.234', 'BHD', 1234],
    ['-5', 'USD', -500],
    ['10.00', 'USD', 1000],
  ] as const)('%j %s → %i minor units', (amount, currency, minor) => {
    expect(toMinorUnits(amount, currency)).toBe(minor);
  });

  it.each([
    ['1.001', 'USD'],
    [0.1 + 0.2, 'USD'],
    ['1.5', 'JPY'],
    ['abc', 'USD'],
    ['', 'USD'],
    [Number.NaN, 'USD'],
  ] as const)('rejects %j %s', (amount, currency) => {
    expect(toMinorUnits(amount, currency)).toBeUndefined();
  });

  it('formats for the wire and for people', () => {
    expect(toDecimalString(1250, 'USD')).toBe('12.50');
    expect(toDecimalString(5, 'USD')).toBe('0.05');
    expect(toDecimalString(-5, 'USD')).toBe('-0.05');
    expect(toDecimalString(1000, 'JPY')).toBe('1000');
    expect(toMajorNumber(1999, 'USD')).toBe(19.99);
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(toWireMoney(1000, 'USD')).toEqual({
      amount: '10.00',
      convertedAmount: '10.00',
      formattedAmount: '$10.00',
      formattedConvertedAmount: '$10.00',
    });
  });

  it('knows currency exponents and codes', () => {
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode('ZZZ')).toBe(false);
  });
});
