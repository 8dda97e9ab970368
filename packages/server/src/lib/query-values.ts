/** Exact text helpers the filter compiler binds values with. */

/** `%`, `_` and `\` are literal in the protocol's string operators. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** 12.34 shifted by 2 → "1234"; exact decimal arithmetic on the number's shortest text form. */
export function shiftDecimal(value: number, scale: number): string {
  const [mantissa, exponentText] = value.toExponential().split('e') as [string, string];
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace(/^-/, '').replace('.', '');
  const pointAt = 1 + Number(exponentText) + scale;
  let text: string;
  if (pointAt <= 0) text = `0.${'0'.repeat(-pointAt)}${digits}`;
  else if (pointAt >= digits.length) text = digits + '0'.repeat(pointAt - digits.length);
  else text = `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  return `${negative ? '-' : ''}${text}`;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * An exact decimal text ("2000", "-12.5") as the integers around it, for comparing it with an integer
 * column: `col >= 12.5` is `col >= 13`. Bounds outside bigint are reported as such, never wrapped.
 */
export function integerBounds(text: string): { floor: bigint; ceil: bigint; exact: boolean } {
  const [whole = '0', fraction = ''] = text.split('.');
  const truncated = BigInt(whole === '' || whole === '-' ? `${whole}0` : whole);
  const exact = /^0*$/.test(fraction);
  if (exact) return { floor: truncated, ceil: truncated, exact };
  const negative = text.startsWith('-');
  return negative
    ? { floor: truncated - 1n, ceil: truncated, exact }
    : { floor: truncated, ceil: truncated + 1n, exact };
}

/** Where an integer bound falls against the bigint range. */
export function int64Range(value: bigint): 'below' | 'inside' | 'above' {
  if (value < INT64_MIN) return 'below';
  if (value > INT64_MAX) return 'above';
  return 'inside';
}
