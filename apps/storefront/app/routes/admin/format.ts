// How the admin writes values: words from API codes, dates in UTC, money in its currency.

/** An API code as words: `NOT_FULFILLED` → "Not fulfilled". */
export function humanize(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatDate(value: Date | string | null | undefined, withTime = false): string {
  if (!value) return '—';
  const date = new Date(value);
  return withTime
    ? date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
    : date.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
}

/** Formats integer minor units of a currency ("USD", 1250 → "$12.50"). */
export function formatMinor(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** A money amount as the admin API sends it ({ amount: "31.58", currency: "USD" }) → "$31.58". */
export function formatAmount({ amount, currency }: { amount: string; currency: string }): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));
}
