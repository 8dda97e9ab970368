import type { Fulfillment, Order, OrderTransactions } from '@openshelf/sdk';
import { Form } from 'react-router';
import { Field } from '../../components/Field';
import type { FormErrors } from '../../lib/forms/form-errors';
import { errorsFor, FormError, type Result, useResetAfterSuccess } from './order-form-state';
import { Submit } from './ui';

/**
 * Units of each line still to ship: ordered, less shipped, less refunded (a refunded unit is not sent;
 * the server refuses it too).
 */
export function unitsToShip(
  order: Order,
  fulfillments: Fulfillment[],
  transactions: OrderTransactions,
): Map<string, number> {
  const shipped = new Map<string, number>();
  for (const shipment of fulfillments)
    for (const line of shipment.lineItems) shipped.set(line.id, (shipped.get(line.id) ?? 0) + line.quantity);
  const refundLeft = new Map(
    transactions.refundable.lineItems.map((line) => [line.lineItemId, line.quantity]),
  );
  return new Map(
    order.lineItems.map((line) => {
      const refunded = line.quantity - (refundLeft.get(line.id) ?? line.quantity);
      return [line.id, Math.max(0, line.quantity - (shipped.get(line.id) ?? 0) - refunded)];
    }),
  );
}

/** Lines × quantities (what is left to ship of each) with carrier and tracking. */
export function ShipForm({
  order,
  toShip,
  result,
}: {
  order: Order;
  toShip: Map<string, number>;
  result: Result;
}) {
  const errors = errorsFor(result, 'ship');
  const formRef = useResetAfterSuccess(result, 'ship');
  return (
    <section className="admin-card" aria-labelledby="ship-heading">
      <h2 id="ship-heading">Ship items</h2>
      <FormError result={result} form="ship" />
      <Form method="post" className="admin-form" noValidate ref={formRef}>
        {order.lineItems.map((line) => {
          const left = toShip.get(line.id) ?? 0;
          return left > 0 ? (
            <Field
              key={line.id}
              label={`${line.productName.original} (${left} left to ship)`}
              name={`ship-${line.id}`}
              type="number"
              min={0}
              max={left}
              defaultValue={left}
              errors={errors}
            />
          ) : null;
        })}
        <TrackingFields errors={errors} />
        <Submit intent="ship" variant="secondary">
          Ship items
        </Submit>
      </Form>
    </section>
  );
}

/** A shipment's carrier, tracking number and link: when shipping, and when correcting a shipment. */
export function TrackingFields({
  errors,
  shipment,
}: {
  errors: FormErrors | undefined;
  shipment?: Fulfillment;
}) {
  const tracking = shipment?.trackingInfo;
  return (
    <>
      <Field
        label="Carrier"
        name="carrier"
        maxLength={100}
        defaultValue={tracking?.shippingProvider ?? ''}
        errors={errors}
      />
      <Field
        label="Tracking number"
        name="trackingNumber"
        maxLength={100}
        defaultValue={tracking?.trackingNumber ?? ''}
        errors={errors}
      />
      <Field
        label="Tracking link"
        name="trackingLink"
        type="url"
        maxLength={2048}
        placeholder="https://"
        defaultValue={tracking?.trackingLink ?? ''}
        errors={errors}
      />
    </>
  );
}
