import type { Fulfillment, Order } from '@openshelf/sdk';
import { Form } from 'react-router';
import { errorsFor, type Result } from './order-form-state';
import { TrackingFields } from './order-ship-form';
import { formatDate, Submit } from './ui';

/** The order's shipments: what each sent, its tracking, and (until cancelled) its correction or removal. */
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
