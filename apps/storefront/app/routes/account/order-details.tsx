import type { Fulfillment, Order, OrderTransactions } from '@openshelf/sdk';
import { Summary } from '../../components/Summary';
import { longDate, paymentWord, scheduleWords, statusWord } from './order-format';

/**
 * One order as its buyer sees it: status, lines with their options, totals, shipments with tracking,
 * the address and, when given, payments and refunds. The member's account page and a guest's order link
 * (routes/shop/order-link.tsx) both show it.
 */
export function OrderDetails({
  order,
  shipments,
  shipTo,
  transactions,
}: {
  order: Order;
  shipments: Fulfillment[];
  shipTo: string[];
  transactions?: OrderTransactions;
}) {
  const names = new Map(order.lineItems.map((line) => [line.id, line.productName.original]));
  return (
    <>
      <dl className="facts">
        <div>
          <dt>Placed</dt>
          <dd>{longDate(order.createdDate)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{statusWord(order.status)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{statusWord(order.paymentStatus)}</dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>{statusWord(order.fulfillmentStatus)}</dd>
        </div>
      </dl>
      <table className="order-lines">
        <caption className="visually-hidden">Items in this order</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lineItems.map((line) => (
            <tr key={line.id}>
              <td>
                <span className="line-name">{line.productName.original}</span>
                {line.descriptionLines.map((d) => (
                  <span key={d.name.original} className="line-option">
                    {d.name.original}: {d.plainText?.original ?? d.colorInfo?.original}
                  </span>
                ))}
                {line.subscriptionInfo?.frequency ? (
                  <span className="line-option">
                    Subscription:{' '}
                    {scheduleWords(
                      line.subscriptionInfo.frequency,
                      line.subscriptionInfo.interval ?? 1,
                      line.subscriptionInfo.billingCycles ?? 0,
                    )}
                  </span>
                ) : null}
                {line.downloads?.length ? (
                  <ul className="downloads" aria-label={`Downloads for ${line.productName.original}`}>
                    {line.downloads.map((file, index) => (
                      <li key={file.fileId}>
                        <a href={file.url} download>
                          Download{' '}
                          {line.downloads && line.downloads.length > 1 ? `file ${index + 1}` : 'file'}
                        </a>{' '}
                        <span className="muted">(link valid until {longDate(file.expiresAt)})</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
              <td>{line.quantity}</td>
              <td>{line.price.formattedAmount}</td>
              {/* Price × quantity, before discounts: the lines add up to the subtotal row below. */}
              <td>{line.lineItemPrice.formattedAmount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Summary figures={order.figures} className="totals" label="Order totals" />
      {shipments.length > 0 ? (
        <div className="order-shipments">
          <h3>Shipments</h3>
          <ul>
            {shipments.map((shipment) => (
              <li key={shipment.id}>
                <span>
                  {shipment.lineItems
                    .map((line) => `${line.quantity} × ${names.get(line.id) ?? 'Item'}`)
                    .join(', ')}
                </span>{' '}
                <span className="muted">shipped {longDate(shipment.createdDate)}</span>
                {shipment.trackingInfo?.trackingLink ? (
                  <>
                    {' '}
                    <a href={shipment.trackingInfo.trackingLink} rel="noopener noreferrer">
                      Track parcel
                      {shipment.trackingInfo.shippingProvider
                        ? ` (${shipment.trackingInfo.shippingProvider})`
                        : ''}
                    </a>
                  </>
                ) : shipment.trackingInfo?.trackingNumber ? (
                  <span>
                    {' '}
                    Tracking number {shipment.trackingInfo.trackingNumber}
                    {shipment.trackingInfo.shippingProvider
                      ? ` (${shipment.trackingInfo.shippingProvider})`
                      : ''}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {shipTo.length > 0 ? (
        <div className="order-address">
          <h3>Shipping to</h3>
          <address>
            {shipTo.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </div>
      ) : null}
      {transactions ? <Payments order={order} transactions={transactions} /> : null}
    </>
  );
}

/**
 * Every way the order was paid, as its figures count it: the gift card's part first (a cancelled order
 * gave it back to the card), then each card or offline payment with its status, then each refund.
 */
function Payments({ order, transactions }: { order: Order; transactions: OrderTransactions }) {
  const { payments, refunds } = transactions;
  const giftCard = order.giftCard;
  if (!giftCard && payments.length === 0 && refunds.length === 0) return null;
  return (
    <div className="order-payments">
      <h3>Payments</h3>
      <ul>
        {giftCard ? (
          <li>
            {giftCard.amount.formattedAmount} by gift card {giftCard.obfuscatedCode}{' '}
            <span className="muted">
              {order.status === 'CANCELED' && order.canceledDate
                ? `given back to the card, ${longDate(order.canceledDate)}`
                : `redeemed, ${longDate(order.createdDate)}`}
            </span>
          </li>
        ) : null}
        {payments.map((payment) => (
          <li key={payment.id}>
            {payment.amount.formattedAmount} by {payment.method}{' '}
            <span className="muted">
              {paymentWord(payment.status)}, {longDate(payment.createdDate)}
            </span>
          </li>
        ))}
        {refunds.map((refund) => (
          <li key={refund.id}>
            Refund of {refund.amount.formattedAmount}{' '}
            <span className="muted">{longDate(refund.createdDate)}</span>
            {Number(refund.giftCardAmount.amount) > 0 ? (
              <span className="muted"> ({refund.giftCardAmount.formattedAmount} back on the gift card)</span>
            ) : null}
            {refund.details.reason ? <span className="muted"> ({refund.details.reason})</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
