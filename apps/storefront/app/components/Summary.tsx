import type { Figure } from '../lib/types';

/** Rows taken off the total (printed with a minus by the API) and the rows that are a sum. */
const TAKEN_OFF = new Set(['DISCOUNT', 'GIFT_CARD', 'REFUNDED']);
const SUMS = new Set(['TOTAL', 'DUE_NOW', 'NET']);

/**
 * The API's figures for a cart, checkout or order, row by row as it computed and labelled them: subtotal,
 * each discount, shipping, fees, tax, total, then the gift card and the amount due (checkout), or what
 * was paid by each method, refunded and net (orders). No sum is made here, so every page and the "Place
 * order" button agree. `estimated` (the cart) says "At checkout" for shipping and tax not yet counted;
 * `pending` (the checkout) says what each still waits for. Either way the sums are labelled estimates.
 * `kinds` picks some rows (the admin splits the summary from the payments); `className` is the list's
 * class, its sums get `-total` and what is taken off `-discount`.
 */
export function Summary({
  figures,
  estimated = false,
  pending = {},
  kinds,
  className = 'summary',
  label,
}: {
  figures: Figure[];
  estimated?: boolean;
  pending?: { shipping?: string; tax?: string };
  kinds?: readonly string[];
  className?: string;
  label?: string;
}) {
  const provisional = estimated || Boolean(pending.shipping || pending.tax);
  const rows = kinds ? figures.filter((figure) => kinds.includes(figure.kind)) : figures;
  return (
    <dl className={className} aria-label={label}>
      {rows.map((figure, index) => {
        const zero = Number(figure.amount.amount) === 0;
        const waiting =
          figure.kind === 'SHIPPING' ? pending.shipping : figure.kind === 'TAX' ? pending.tax : undefined;
        const later = estimated && zero && (figure.kind === 'SHIPPING' || figure.kind === 'TAX');
        const words =
          provisional && SUMS.has(figure.kind) ? `Estimated ${figure.label.toLowerCase()}` : figure.label;
        const rowClass = SUMS.has(figure.kind)
          ? `${className}-total`
          : TAKEN_OFF.has(figure.kind)
            ? `${className}-discount`
            : undefined;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the API's fixed order, never reordered here
          <div key={`${figure.kind}-${index}`} className={rowClass} data-figure={figure.kind}>
            <dt>{words}</dt>
            <dd className={waiting ? 'summary-pending' : undefined}>
              {waiting ?? (later ? 'At checkout' : figure.amount.formattedAmount)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
