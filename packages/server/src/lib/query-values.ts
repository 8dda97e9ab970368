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
