import type { PriceSummary } from '../lib/types';

/** Subtotal, discounts, shipping, tax and total, as the API's totals engine computed them. */
export function Summary({ summary, estimated = false }: { summary: PriceSummary; estimated?: boolean }) {
  const has = (amount?: { amount: string }) => amount !== undefined && Number(amount.amount) !== 0;
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
          <dd>{estimated && !has(summary.shipping) ? 'At checkout' : summary.shipping.formattedAmount}</dd>
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
          <dd>{estimated && !has(summary.tax) ? 'At checkout' : summary.tax.formattedAmount}</dd>
        </div>
      ) : null}
      <div className="summary-total">
        <dt>{estimated ? 'Estimated total' : 'Total'}</dt>
        <dd>{summary.total.formattedAmount}</dd>
      </div>
    </dl>
  );
}
