import type { Fulfillment, Order, OrderTransactions } from '@openshelf/sdk';
import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { useFocusFirstError } from '../../lib/forms/first-error';
import type { FormErrors } from '../../lib/forms/form-errors';
import type { Confirmation, OrderActionResult } from './order-actions.server';
import { Badge, Field, formatDate, humanize, Submit } from './ui';

type Result = OrderActionResult | undefined;
const errorsFor = (result: Result, form: string) => (result?.form === form ? result.errors : undefined);

/**
 * Empties a form once its action succeeded, so the next shipment or refund starts from the page's
 * defaults (not the last carrier, tracking number, reason or restock tick). Without JavaScript the page
 * after the post is rendered afresh, which does the same.
 */
function useResetAfterSuccess(result: Result, form: string) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok && result.done === form) ref.current?.reset();
  }, [result, form]);
  return ref;
}

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

/** A form's own error, shown at the form it belongs to (the page goes to it, as FormMessage does). */
function FormError({ result, form }: { result: Result; form: string }) {
  useFocusFirstError(result && !result.ok && result.form === form ? result.errors : undefined);
  if (!result || result.ok || result.form !== form || !result.errors?.form) return null;
  return (
    <p className="admin-alert admin-alert-error" role="alert" tabIndex={-1}>
      {result.errors.form}
    </p>
  );
}

/**
 * The confirmation step of a destructive action: what will happen, and the same form posted again with
 * `confirmed=yes`. Server-rendered, so it works without JavaScript; with it, focus moves here.
 */
export function ConfirmStep({ confirm, backTo }: { confirm: Confirmation; backTo: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="admin-card admin-confirm" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" ref={heading} tabIndex={-1}>
        {confirm.title}
      </h2>
      <ul className="admin-list">
        {confirm.details.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </ul>
      <Form method="post" className="admin-form-actions">
        {confirm.fields.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <Submit intent={confirm.intent} variant="danger">
          {confirm.button}
        </Submit>
        <Link to={backTo} className="admin-button admin-button-secondary">
          Go back
        </Link>
      </Form>
    </section>
  );
}

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

function TrackingFields({ errors, shipment }: { errors: FormErrors | undefined; shipment?: Fulfillment }) {
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

export function Shipments({
  order,
  fulfillments,
  result,
}: {
  order: Order;
  fulfillments: Fulfillment[];
  result: Result;
}) {
  if (fulfillments.length === 0) return null;
  const names = new Map(order.lineItems.map((line) => [line.id, line.productName.original]));
  return (
    <section className="admin-card" aria-labelledby="shipments-heading">
      <h2 id="shipments-heading">Shipments</h2>
      {fulfillments.map((shipment, index) => (
        <article key={shipment.id} className="admin-shipment" aria-label={`Shipment ${index + 1}`}>
          <p>
            {shipment.lineItems
              .map((line) => `${line.quantity} × ${names.get(line.id) ?? 'item'}`)
              .join(', ')}
            <small className="admin-muted admin-block">
              Shipped {formatDate(shipment.createdDate, true)}
            </small>
          </p>
          {shipment.trackingInfo?.trackingLink ? (
            <p>
              <a href={shipment.trackingInfo.trackingLink} rel="noopener noreferrer" target="_blank">
                Track {shipment.trackingInfo.shippingProvider ?? ''}{' '}
                {shipment.trackingInfo.trackingNumber ?? 'parcel'}
              </a>
            </p>
          ) : shipment.trackingInfo?.trackingNumber ? (
            <p>
              {shipment.trackingInfo.shippingProvider ?? ''} {shipment.trackingInfo.trackingNumber}
            </p>
          ) : null}
          {order.status !== 'CANCELED' ? (
            <details>
              <summary>Edit tracking or delete shipment {index + 1}</summary>
              <Form method="post" className="admin-form" noValidate>
                <input type="hidden" name="fulfillmentId" value={shipment.id} />
                <TrackingFields errors={errorsFor(result, 'tracking')} shipment={shipment} />
                <div className="admin-form-actions">
                  <Submit intent="tracking" variant="secondary">
                    Save tracking
                  </Submit>
                  <Submit intent="delete-shipment" variant="danger">
                    Delete shipment
                  </Submit>
                </div>
              </Form>
            </details>
          ) : null}
        </article>
      ))}
    </section>
  );
}

export function Timeline({ order, result }: { order: Order; result: Result }) {
  const activities = [...(order.activities ?? [])].reverse();
  return (
    <section className="admin-card" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      <FormError result={result} form="note" />
      <Form method="post" className="admin-form" noValidate>
        <Field label="Add a note" name="note" maxLength={2000} errors={errorsFor(result, 'note')} />
        <Submit intent="note" variant="secondary">
          Add note
        </Submit>
      </Form>
      <ol className="admin-timeline" aria-label="What happened, newest first">
        {activities.map((activity) => (
          <li key={activity.id}>
            <span>
              {activity.type === 'MERCHANT_COMMENT' ? `Note: ${activity.message}` : activity.message}
            </span>
            <small className="admin-muted admin-block">{formatDate(activity.createdDate, true)}</small>
          </li>
        ))}
      </ol>
    </section>
  );
}

const DISPUTE_WORDS: Record<string, string> = {
  warning_needs_response: 'Inquiry: respond in Stripe',
  needs_response: 'Needs your response in Stripe',
  under_review: 'Under review by the bank',
  won: 'Won',
  lost: 'Lost',
};

/** Chargebacks the gateway reported: what is disputed, why, and where it stands (won or lost). */
export function Disputes({ order }: { order: Order }) {
  const disputes = order.disputes ?? [];
  if (disputes.length === 0) return null;
  return (
    <section className="admin-card" aria-labelledby="disputes-heading">
      <h2 id="disputes-heading">Disputes</h2>
      <ul className="admin-list">
        {disputes.map((dispute) => (
          <li key={dispute.id}>
            <span>
              {dispute.amount.formattedAmount} · {humanize(dispute.reason)}
              <small className="admin-muted admin-block">
                Opened {formatDate(dispute.openedDate, true)} ·{' '}
                {DISPUTE_WORDS[dispute.status] ?? humanize(dispute.status)}
              </small>
            </span>
            <Badge
              status={dispute.status === 'won' ? 'PAID' : dispute.status === 'lost' ? 'CANCELED' : 'PENDING'}
            >
              {dispute.status === 'won' ? 'Won' : dispute.status === 'lost' ? 'Lost' : 'Open'}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
