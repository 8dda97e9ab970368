import { LRUCache } from 'lru-cache';

/**
 * Money is an integer count of minor units (cents) plus an ISO 4217 currency code, everywhere inside the
 * server (ADR 004). Decimal strings and formatted text exist only at the edges and are produced here.
 */
const exponentCache = new Map<string, number>();
const formatterCache = new Map<string, Intl.NumberFormat>();

/** Digits after the decimal point for a currency: USD 2, JPY 0, BHD 3. */
export function currencyExponent(currency: string): number {
  let exponent = exponentCache.get(currency);
  if (exponent === undefined) {
    exponent =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    exponentCache.set(currency, exponent);
  }
  return exponent;
}

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 code this runtime knows (upper case only, as the protocol sends it). */
export function isCurrencyCode(code: string): boolean {
  return KNOWN_CURRENCIES.has(code);
}

/**
 * Exact conversion of a decimal amount (number or string) to minor units, without float arithmetic:
 * 12.5 USD → 1250, "0.1" → 10. Returns undefined when the amount has more decimals than the currency
 * allows or is not a finite decimal, so the caller can report the field.
 */
export function toMinorUnits(amount: number | string, currency: string): number | undefined {
  const text = typeof amount === 'number' ? numberToPlainString(amount) : amount.trim();
  const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined;
  const exponent = currencyExponent(currency);
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return undefined;
  const minor = Number(`${match[2] || '0'}${fraction.padEnd(exponent, '0')}`);
  if (!Number.isSafeInteger(minor)) return undefined;
  return match[1] === '-' ? -minor : minor;
}

/** Minor units → the protocol's decimal string: 1250 USD → "12.50". */
export function toDecimalString(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  return exponent === 0
    ? `${sign}${digits}`
    : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** Minor units → a JSON number in major units (stores v1 prices are numbers: 12.5). Exact for safe integers. */
export function toMajorNumber(minor: number, currency: string): number {
  return Number(toDecimalString(minor, currency));
}

// Intl formatting costs about a microsecond per call and a catalog page formats each price several
// times (price, discounted, per variant), from a few hundred distinct amounts: each is formatted once.
const formatted = new LRUCache<string, string>({ max: 20_000 });

/** Minor units → text for people: 1250 USD → "$12.50". */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const key = `${locale}|${currency}`;
  const textKey = `${key}|${minor}`;
  const known = formatted.get(textKey);
  if (known !== undefined) return known;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatterCache.set(key, formatter);
  }
  const text = formatter.format(Number(toDecimalString(minor, currency)));
  formatted.set(textKey, text);
  return text;
}

/** The ecom money shape (wire-protocol.md §2.4): amounts as strings plus their formatted text. */
export interface WireMoney {
  amount: string;
  convertedAmount: string;
  formattedAmount: string;
  formattedConvertedAmount: string;
}

export function toWireMoney(minor: number, currency: string, locale?: string): WireMoney {
  const amount = toDecimalString(minor, currency);
  const formatted = formatMoney(minor, currency, locale);
  return { amount, convertedAmount: amount, formattedAmount: formatted, formattedConvertedAmount: formatted };
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  // Shortest round-trip form, expanded if JavaScript chose exponent notation (1e-7, 1e21).
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}
