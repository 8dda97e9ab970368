import type { PriceSummary } from '../lib/types';

/**
 * Subtotal, discounts, shipping, tax and total, as the API's totals engine computed them. `estimated` (the
 * cart) says "At checkout" for shipping and tax not yet counted; `pending` (the checkout) says what each
 * still waits for. Either way the total is then labelled an estimate, never shown as final.
 */
export function Summary({
  summary,
  estimated = false,
  pending = {},
}: {
  summary: PriceSummary;
  estimated?: boolean;
  pending?: { shipping?: string; tax?: string };
}) {
  const has = (amount?: { amount: string }) => amount !== undefined && Number(amount.amount) !== 0;
  const provisional = estimated || Boolean(pending.shipping || pending.tax);
  return (
    <dl className="summary">
      <div>
        <dt>Subtotal</dt>
        <dd>{summary.subtotal.formattedAmount}</dd>
      </div>
      {has(summary.discount) ? (
        <div className="summary-discount">
          <dt>Discount</dt>
          <dd>−{summary.discount?.formattedAmount}</dd>
        </div>
      ) : null}
      {summary.shipping ? (
        <div>
          <dt>Shipping</dt>
          <dd className={pending.shipping ? 'summary-pending' : undefined}>
            {pending.shipping ??
              (estimated && !has(summary.shipping) ? 'At checkout' : summary.shipping.formattedAmount)}
          </dd>
        </div>
      ) : null}
      {has(summary.additionalFees) ? (
        <div>
          <dt>Fees</dt>
          <dd>{summary.additionalFees?.formattedAmount}</dd>
        </div>
      ) : null}
      {summary.tax ? (
        <div>
          <dt>Tax</dt>
          <dd className={pending.tax ? 'summary-pending' : undefined}>
            {pending.tax ?? (estimated && !has(summary.tax) ? 'At checkout' : summary.tax.formattedAmount)}
          </dd>
        </div>
      ) : null}
      <div className="summary-total">
        <dt>{provisional ? 'Estimated total' : 'Total'}</dt>
        <dd>{summary.total.formattedAmount}</dd>
      </div>
    </dl>
  );
}
