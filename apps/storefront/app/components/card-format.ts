// The card's number and expiry as the shopper types them, grouped the way the card prints them:
// "4242 4242 4242 4242", "3782 822463 10005" (American Express), "12 / 30". The server reads the digits
// whatever the spacing (checkout-input.server.ts), so this only helps the eye, never changes what is sent.

/** The number in the card's groups: 4-6-5 for American Express, else fours; at most 19 digits. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  const gaps = /^3[47]/.test(digits) ? [4, 10] : [4, 8, 12, 16];
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (gaps.includes(i)) out += ' ';
    out += digits[i];
  }
  return out;
}

/** "1230" → "12 / 30"; a first digit above 1 is a month on its own ("4" → "04 / "). */
export function formatExpiry(text: string): string {
  let digits = text.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2 && !text.includes('/')) return `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/**
 * An input handler that rewrites the value with `format` while the shopper types at its end (editing in
 * the middle is left alone, so the caret never jumps), and leaves deletions as typed.
 */
export function formatAsTyped(format: (text: string) => string) {
  return (event: { currentTarget: HTMLInputElement; nativeEvent?: Event }) => {
    const input = event.currentTarget;
    const inputType = (event.nativeEvent as InputEvent | undefined)?.inputType ?? '';
    if (inputType.startsWith('delete')) return;
    if (input.selectionStart !== null && input.selectionStart < input.value.length) return;
    input.value = format(input.value);
  };
}
