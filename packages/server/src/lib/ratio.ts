/**
 * Exact rate arithmetic for money (ADR 004/008). Rates — tax rates, percentage discounts — are integers in
 * parts per million (8.875 % = 88 750 ppm), so "8.875" never becomes 8.874999…; products are computed in
 * BigInt, so no amount is too large; rounding is half away from zero, in exactly one place.
 */
export const PPM = 1_000_000;

/** "8.875" or 8.875 (percent) → 88 750 ppm; undefined for anything that is not a decimal in 0..100 with ≤ 4 decimals. */
export function percentToPpm(percent: number | string): number | undefined {
  const text =
    typeof percent === 'number' ? (Number.isFinite(percent) ? String(percent) : '') : percent.trim();
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) return undefined;
  const ppm = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return ppm <= 100 * 10_000 ? ppm : undefined;
}

/** 88 750 ppm → 8.875 (percent, for display and the wire). */
export function ppmToPercent(ppm: number): number {
  return ppm / 10_000;
}

/** 88 750 ppm → "0.08875" (the decimal rate some wire fields use). */
export function ppmToDecimalString(ppm: number): string {
  const digits = String(ppm).padStart(7, '0');
  return `${digits.slice(0, -6)}.${digits.slice(-6)}`.replace(/\.?0+$/, '') || '0';
}

/** amount × numerator / denominator, rounded half away from zero. */
export function mulDivRound(amount: number, numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  const product = BigInt(amount) * BigInt(numerator);
  const d = BigInt(denominator);
  const negative = product < 0n;
  const absolute = negative ? -product : product;
  const rounded = (absolute * 2n + d) / (d * 2n);
  return Number(negative ? -rounded : rounded);
}

/** amount × rate, rounded half away from zero: applyPpm(1000, 88_750) = 89. */
export function applyPpm(amount: number, ppm: number): number {
  return mulDivRound(amount, ppm, PPM);
}

/**
 * The tax inside a tax-inclusive amount: gross − gross / (1 + rate), rounded half away from zero.
 * taxIncludedIn(1100, 100_000) = 100.
 */
export function taxIncludedIn(gross: number, ppm: number): number {
  return gross - mulDivRound(gross, PPM, PPM + ppm);
}

/**
 * Splits `total` into parts proportional to `weights`, in integers that add up to exactly `total`
 * (largest remainder; ties go to the earlier part). Used to spread an order-level discount over lines.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const parts = weights.map((weight) => (bigTotal * BigInt(weight)) / bigSum);
  const remainders = weights.map((weight, index) => ({
    index,
    remainder: (bigTotal * BigInt(weight)) % bigSum,
  }));
  let left = Number(bigTotal - parts.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders) {
    if (left <= 0) break;
    parts[index] = (parts[index] as bigint) + 1n;
    left -= 1;
  }
  return parts.map(Number);
}
