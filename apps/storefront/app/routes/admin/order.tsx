import { Link } from 'react-router';
import { Summary } from '../../components/Summary';
import { addressLines } from '../../lib/address.server';
import { requireStaff } from '../../lib/admin/session.server';
import type { Route } from './+types/order';
import { DataTable } from './data-table';
import { type OrderActionResult, orderAction } from './order-actions.server';
import { ConfirmStep } from './order-confirm-step';
import { Disputes } from './order-disputes';
import { RefundForm } from './order-refund-form';
import { ShipForm, unitsToShip } from './order-ship-form';
import { Shipments } from './order-shipments';
import { Timeline } from './order-timeline';
import { ActionButton, Badge, FormMessage, formatDate, PageHeader } from './ui';

/** The order's summary rows (the items table) and its money rows (the payments card). */
const SUMMARY_KINDS = ['SUBTOTAL', 'DISCOUNT', 'SHIPPING', 'FEES', 'TAX', 'TOTAL'];
const PAYMENT_KINDS = ['PAID', 'BALANCE', 'REFUNDED', 'NET'];

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Order #${loaded?.order.number ?? ''} · Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const id = args.params.id;
  const [order, transactions, fulfillments] = await run((client) =>
    Promise.all([client.orders.get(id), client.orders.transactions(id), client.orders.fulfillments(id)]),
  );
  const destination = order.shippingInfo?.shippingDestination;
  return {
    order,
    transactions,
    fulfillments,
    shipTo: addressLines(destination?.address, destination?.contactDetails),
  };
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const order = await run((client) => client.orders.get(args.params.id));
  // A refused form comes back with its 4xx status (data()); a success or a confirmation step as data.
  return orderAction(run, order, await args.request.formData());
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order, transactions, fulfillments, shipTo } = loaderData;
  const result = actionData as OrderActionResult | undefined;
  const open = order.status !== 'CANCELED';
  const refundable = open && Number(transactions.refundable.amount.amount) > 0;
  const toShip = unitsToShip(order, fulfillments, transactions);
  // Refunded units are not shipped: with nothing left to send there is no ship form.
  const shippable = open && [...toShip.values()].some((units) => units > 0);
  const shippedByLine = new Map<string, number>();
  for (const shipment of fulfillments)
    for (const line of shipment.lineItems)
      shippedByLine.set(line.id, (shippedByLine.get(line.id) ?? 0) + line.quantity);
  const unsettled = (order.payments ?? []).filter((payment) => payment.status !== 'CAPTURED');
  const refundLeft = new Map(
    transactions.refundable.lineItems.map((line) => [line.lineItemId, line.quantity]),
  );
  return (
    <>
      <PageHeader title={`Order #${order.number}`}>
        {open && (order.paymentStatus === 'NOT_PAID' || order.paymentStatus === 'PARTIALLY_PAID') ? (
          <ActionButton intent="mark-paid" variant="primary">
            Mark as paid
          </ActionButton>
        ) : null}
        {/* Only while the card is held: after a capture, void or cancel there is nothing to capture. */}
        {open && order.paymentStatus === 'AUTHORIZED' ? (
          <>
            <ActionButton intent="capture" variant="primary">
              Capture payment
            </ActionButton>
            <ActionButton intent="void" variant="danger">
              Void authorization
            </ActionButton>
          </>
        ) : null}
        {shippable ? <ActionButton intent="fulfill">Mark as fulfilled</ActionButton> : null}
        {/* Shipped goods are refunded (and restocked when they come back), not cancelled. */}
        {open && order.fulfillmentStatus === 'NOT_FULFILLED' ? (
          <ActionButton intent="cancel" variant="danger">
            Cancel order
          </ActionButton>
        ) : null}
      </PageHeader>
      <p className="admin-breadcrumb">
        <Link to="/admin/orders">← All orders</Link>
      </p>
      {result?.confirm ? <ConfirmStep confirm={result.confirm} backTo={`/admin/orders/${order.id}`} /> : null}
      <FormMessage result={result?.form ? undefined : result} />
      <div className="admin-status-row">
        <Badge status={order.status} />
        <Badge status={order.paymentStatus} />
        <Badge status={order.fulfillmentStatus} />
        <span className="admin-muted">Placed {formatDate(order.createdDate, true)}</span>
      </div>
      <div className="admin-grid-2 admin-grid-wide-left">
        <section className="admin-card admin-card-flush" aria-labelledby="items-heading">
          <h2 id="items-heading">Items</h2>
          {/* Wider than a phone: it scrolls sideways, and has no links, so it takes focus to be scrolled. */}
          <DataTable
            label="Items"
            keyboardScrollable
            rows={order.lineItems}
            rowKey={(line) => line.id}
            empty="This order has no items."
            columns={[
              {
                key: 'item',
                header: 'Item',
                rowHeader: true,
                cell: (line) => (
                  <>
                    {line.productName.original}
                    {line.descriptionLines.length > 0 ? (
                      <small className="admin-muted admin-block">
                        {line.descriptionLines
                          .map(
                            (d) =>
                              `${d.name.original}: ${d.plainText?.original ?? d.colorInfo?.original ?? ''}`,
                          )
                          .join(' · ')}
                      </small>
                    ) : null}
                  </>
                ),
              },
              { key: 'qty', header: 'Qty', numeric: true, cell: (line) => line.quantity },
              { key: 'price', header: 'Price', numeric: true, cell: (line) => line.price.formattedAmount },
              // Price × quantity, before discounts: the lines add up to the subtotal below.
              {
                key: 'total',
                header: 'Total',
                numeric: true,
                cell: (line) => line.lineItemPrice.formattedAmount,
              },
              {
                key: 'shipped',
                header: 'Shipped',
                numeric: true,
                cell: (line) => shippedByLine.get(line.id) ?? 0,
              },
              {
                key: 'refunded',
                header: 'Refunded',
                numeric: true,
                cell: (line) => line.quantity - (refundLeft.get(line.id) ?? line.quantity),
              },
            ]}
            footer={
              // The order's figures as the API computed them, the buyer's pages and e-mails print them.
              order.figures
                .filter((figure) => SUMMARY_KINDS.includes(figure.kind))
                .map((figure, index) => (
                  <tr
                    // biome-ignore lint/suspicious/noArrayIndexKey: the API's fixed order
                    key={`${figure.kind}-${index}`}
                    className={figure.kind === 'TOTAL' ? 'admin-total' : undefined}
                    data-figure={figure.kind}
                  >
                    <th scope="row" colSpan={3}>
                      {figure.label}
                    </th>
                    <td className="num">{figure.amount.formattedAmount}</td>
                    <td colSpan={2} />
                  </tr>
                ))
            }
          />
        </section>
        <div className="admin-stack">
          <section className="admin-card" aria-labelledby="customer-heading">
            <h2 id="customer-heading">Customer</h2>
            <p>{order.buyerInfo.email ?? 'No e-mail'}</p>
            {order.buyerInfo.memberId ? (
              <p className="admin-muted">Member account</p>
            ) : (
              <p className="admin-muted">Guest</p>
            )}
            {order.buyerNote ? <blockquote>{order.buyerNote}</blockquote> : null}
          </section>
          <section className="admin-card" aria-labelledby="delivery-heading">
            <h2 id="delivery-heading">Delivery</h2>
            <p>{order.shippingInfo?.title ?? 'No delivery needed'}</p>
            {order.shippingInfo?.paid ? (
              <p className="admin-muted">
                Shipping paid by the buyer: {order.shippingInfo.paid.formattedAmount} (after any discount,
                with its tax)
              </p>
            ) : null}
            {shipTo.length > 0 ? (
              <address>
                {shipTo.map((line) => (
                  <span key={line} className="admin-block">
                    {line}
                  </span>
                ))}
              </address>
            ) : null}
            {order.fulfilledDate ? (
              <p className="admin-muted">Fulfilled {formatDate(order.fulfilledDate, true)}</p>
            ) : null}
          </section>
          <section className="admin-card" aria-labelledby="payments-heading">
            <h2 id="payments-heading">Payments</h2>
            {/* What was received by each way of paying (the gift card included), due, refunded, net. */}
            {order.figures.some((figure) => PAYMENT_KINDS.includes(figure.kind)) ? (
              <Summary figures={order.figures} kinds={PAYMENT_KINDS} className="admin-figures" />
            ) : (
              <p className="admin-muted">No payment recorded yet.</p>
            )}
            {/* Card holds, pending and voided payments are not money received: listed with their state. */}
            {unsettled.length > 0 ? (
              <ul className="admin-list">
                {unsettled.map((payment) => (
                  <li key={payment.id}>
                    <span>
                      {payment.provider === 'OFFLINE' ? 'Offline' : 'Card'}
                      {payment.cardLast4 ? ` •••• ${payment.cardLast4}` : ''} ·{' '}
                      {payment.amount.formattedAmount}
                    </span>
                    <Badge status={payment.status} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        </div>
      </div>
      <Disputes order={order} />
      <div className="admin-grid-2">
        {shippable ? <ShipForm order={order} toShip={toShip} result={result} /> : null}
        {refundable ? <RefundForm order={order} transactions={transactions} result={result} /> : null}
      </div>
      <div className="admin-grid-2 admin-grid-wide-left">
        <Timeline order={order} result={result} />
        <Shipments order={order} fulfillments={fulfillments} result={result} />
      </div>
    </>
  );
}
