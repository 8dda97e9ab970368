import { data, Link } from 'react-router';
import { LineSummary } from '../../components/LineSummary';
import { Summary } from '../../components/Summary';
import { addressLines } from '../../lib/address.server';
import { getOrder } from '../../lib/checkout.server';
import { hostedFlowOf } from '../../lib/hosted-flow.server';
import { seo } from '../../lib/seo';
import { getSession } from '../../lib/session.server';
import type { Route } from './+types/thank-you';
import { NotFoundContent } from './not-found';

export function meta({ data }: Route.MetaArgs) {
  return seo({
    title: data?.order ? `Order #${data.order.number} confirmed` : 'Order not found',
    noindex: true,
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  // Only the buyer's own order: without this shopper's tokens the API refuses, and we say "not found".
  const order = session.hasIdentity() ? await getOrder(session.client, params.orderId) : undefined;
  if (!order) return data({ order: undefined }, { status: 404 });
  // Checked out in an app's flow: continue shopping there.
  const flow = await hostedFlowOf(request, session, 'ecomCheckout');
  const continueUrl = flow?.callbacks.postFlowUrl;
  const shipTo = addressLines(order.shipping?.address, order.shipping?.contactDetails);
  return { order, shipTo, ...(continueUrl ? { continueUrl } : {}) };
}

const PAYMENT: Record<string, string> = {
  PAID: 'Paid',
  NOT_PAID: 'Awaiting payment',
  AUTHORIZED: 'Payment authorized',
  PARTIALLY_PAID: 'Partly paid',
};

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  if (!order) return <NotFoundContent what="order" />;
  return (
    <div className="container page narrow thank-you">
      <p className="eyebrow">Thank you</p>
      <h1>Order #{order.number} confirmed</h1>
      <p className="lead">
        {order.email ? (
          <>
            We sent a confirmation to <strong>{order.email}</strong>.
          </>
        ) : (
          'Your order is in.'
        )}{' '}
        Payment: {PAYMENT[order.paymentStatus] ?? order.paymentStatus}.
      </p>
      <section className="card" aria-labelledby="order-items">
        <h2 id="order-items">Items</h2>
        <ul className="summary-lines">
          {order.lineItems.map((line) => (
            <li key={line.id}>
              <LineSummary line={line} />
              <p className="line-qty">
                {line.quantity} × {line.price.formattedAmount}
              </p>
            </li>
          ))}
        </ul>
        <Summary figures={order.figures} />
      </section>
      {order.shipping ? (
        <section className="card" aria-labelledby="order-delivery">
          <h2 id="order-delivery">{order.shipping.pickup ? 'Pickup' : 'Delivery'}</h2>
          <p>{order.shipping.title}</p>
          {loaderData.shipTo.length > 0 && !order.shipping.pickup ? (
            <address>
              {loaderData.shipTo.map((line) => (
                <span key={line} className="address-line">
                  {line}
                </span>
              ))}
            </address>
          ) : null}
        </section>
      ) : null}
      <p>
        {loaderData.continueUrl ? (
          <a href={loaderData.continueUrl} className="button">
            Continue shopping
          </a>
        ) : (
          <Link to="/" className="button">
            Continue shopping
          </Link>
        )}
      </p>
    </div>
  );
}
