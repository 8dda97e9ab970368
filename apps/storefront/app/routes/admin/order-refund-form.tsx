import type { Order, OrderTransactions } from '@openshelf/sdk';
import { Form } from 'react-router';
import { Field } from '../../components/Field';
import { errorsFor, FormError, type Result, useResetAfterSuccess } from './order-form-state';
import { Submit } from './ui';

/** Lines × quantities, shipping, a set amount and restocking; reviewed on a confirmation step. */
export function RefundForm({
  order,
  transactions,
  result,
}: {
  order: Order;
  transactions: OrderTransactions;
  result: Result;
}) {
  const errors = errorsFor(result, 'refund');
  const formRef = useResetAfterSuccess(result, 'refund');
  const left = new Map(transactions.refundable.lineItems.map((line) => [line.lineItemId, line.quantity]));
  return (
    <section className="admin-card" aria-labelledby="refund-heading">
      <h2 id="refund-heading">Refund</h2>
      <p className="admin-muted">Up to {transactions.refundable.amount.formattedAmount} can be refunded.</p>
      <FormError result={result} form="refund" />
      <Form method="post" className="admin-form" noValidate ref={formRef}>
        {order.lineItems.map((line) =>
          (left.get(line.id) ?? 0) > 0 ? (
            <Field
              key={line.id}
              label={`${line.productName.original} (up to ${left.get(line.id)})`}
              name={`refund-${line.id}`}
              type="number"
              min={0}
              max={left.get(line.id)}
              defaultValue={0}
              errors={errors}
            />
          ) : null,
        )}
        {Number(transactions.refundable.shipping.amount) > 0 ? (
          <Field
            // The amount the order's delivery card shows as paid, less what refunds gave back of it.
            label={
              order.shippingInfo?.paid &&
              order.shippingInfo.paid.amount !== transactions.refundable.shipping.amount
                ? `Shipping (${transactions.refundable.shipping.formattedAmount} left of the ${order.shippingInfo.paid.formattedAmount} paid)`
                : `Shipping (${transactions.refundable.shipping.formattedAmount} paid, with its tax)`
            }
            name="refundShipping"
            type="checkbox"
            errors={errors}
          />
        ) : null}
        <Field
          label="Amount (optional)"
          name="refundAmount"
          inputMode="decimal"
          hint="Leave empty to refund what the items and shipping above were paid."
          errors={errors}
        />
        <Field
          label="Put refunded items back in stock"
          name="refundRestock"
          type="checkbox"
          errors={errors}
        />
        <Field
          label="Reason (optional, told to the buyer)"
          name="refundReason"
          maxLength={500}
          errors={errors}
        />
        <Submit intent="refund" variant="secondary">
          Review refund
        </Submit>
      </Form>
    </section>
  );
}
