import type { OrderAction } from '@openshelf/sdk';
import { Link } from 'react-router';
import { formFailure } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import type { Route } from './+types/order';
import { ActionButton, Badge, FormMessage, formatDate, PageHeader } from './ui';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Order #${data?.order.number ?? ''} · Admin` },
];

const DONE: Record<OrderAction, string> = {
  'mark-paid': 'Marked as paid.',
  capture: 'Payment captured.',
  fulfill: 'Marked as fulfilled.',
  cancel: 'Order cancelled: stock returned, payments voided or refunded.',
};

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  return { order: await run((client) => client.orders.get(args.params.id)) };
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const intent = String((await args.request.formData()).get('intent')) as OrderAction;
  if (!(intent in DONE)) return { ok: false, formError: 'Unknown action. Reload the page and try again.' };
  try {
    await run((client) => client.orders.act(args.params.id, intent));
    return { ok: true, message: DONE[intent] };
  } catch (error) {
    return formFailure(error);
  }
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const open = order.status !== 'CANCELED';
  const destination = order.shippingInfo?.shippingDestination;
  const address = destination?.address;
  const recipient = [destination?.contactDetails?.firstName, destination?.contactDetails?.lastName]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <PageHeader title={`Order #${order.number}`}>
        {open && order.paymentStatus === 'NOT_PAID' ? (
          <ActionButton intent="mark-paid" variant="primary">
            Mark as paid
          </ActionButton>
        ) : null}
        {open && order.paymentStatus === 'AUTHORIZED' ? (
          <ActionButton intent="capture" variant="primary">
            Capture payment
          </ActionButton>
        ) : null}
        {open && order.fulfillmentStatus === 'NOT_FULFILLED' ? (
          <ActionButton intent="fulfill">Mark as fulfilled</ActionButton>
        ) : null}
        {open ? (
          <ActionButton intent="cancel" variant="danger">
            Cancel order
          </ActionButton>
        ) : null}
      </PageHeader>
      <p className="admin-breadcrumb">
        <Link to="/admin/orders">← All orders</Link>
      </p>
      <FormMessage result={actionData} />
      <div className="admin-status-row">
        <Badge status={order.status} />
        <Badge status={order.paymentStatus} />
        <Badge status={order.fulfillmentStatus} />
        <span className="admin-muted">Placed {formatDate(order.createdDate, true)}</span>
      </div>
      <div className="admin-grid-2 admin-grid-wide-left">
        <section className="admin-card admin-card-flush" aria-labelledby="items-heading">
          <h2 id="items-heading">Items</h2>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="num">
                  Qty
                </th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lineItems.map((line) => (
                <tr key={line.id}>
                  <td>
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
                  </td>
                  <td className="num">{line.quantity}</td>
                  <td className="num">{line.price.formattedAmount}</td>
                  <td className="num">{line.totalPriceBeforeTax.formattedAmount}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {(['subtotal', 'discount', 'shipping', 'tax', 'total'] as const).map((key) => (
                <tr key={key} className={key === 'total' ? 'admin-total' : undefined}>
                  <th scope="row" colSpan={3}>
                    {key.charAt(0).toUpperCase() + key.slice(1)}
                  </th>
                  <td className="num">{order.priceSummary[key].formattedAmount}</td>
                </tr>
              ))}
            </tfoot>
          </table>
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
            {address ? (
              <address>
                {recipient ? <span className="admin-block">{recipient}</span> : null}
                {address.formattedAddress ??
                  [
                    address.addressLine,
                    address.addressLine2,
                    address.city,
                    address.subdivision,
                    address.postalCode,
                    address.country,
                  ]
                    .filter(Boolean)
                    .join(', ')}
              </address>
            ) : null}
            {order.fulfilledDate ? (
              <p className="admin-muted">Fulfilled {formatDate(order.fulfilledDate, true)}</p>
            ) : null}
          </section>
          <section className="admin-card" aria-labelledby="payments-heading">
            <h2 id="payments-heading">Payments</h2>
            {(order.payments ?? []).length === 0 ? (
              <p className="admin-muted">No payment recorded yet.</p>
            ) : (
              <ul className="admin-list">
                {(order.payments ?? []).map((payment) => (
                  <li key={payment.id}>
                    <span>
                      {payment.provider === 'OFFLINE' ? 'Offline' : 'Card'}
                      {payment.cardLast4 ? ` •••• ${payment.cardLast4}` : ''} ·{' '}
                      {payment.amount.formattedAmount}
                    </span>
                    <Badge status={payment.status === 'CAPTURED' ? 'PAID' : payment.status} />
                  </li>
                ))}
              </ul>
            )}
            {order.balanceSummary ? (
              <dl className="admin-facts">
                <dt>Paid</dt>
                <dd>{order.balanceSummary.paid.formattedAmount}</dd>
                <dt>Still due</dt>
                <dd>{order.balanceSummary.balance.formattedAmount}</dd>
              </dl>
            ) : null}
          </section>
        </div>
      </div>
    </>
  );
}
