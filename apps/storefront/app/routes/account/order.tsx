import { data, Link } from 'react-router';
import { addressLines } from '../../lib/address.server';
import type { Route } from './+types/order';
import { asMember, requireMember } from './member.server';
import { OrderDetails } from './order-details';

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: loaded ? `Order #${loaded.order.number}` : 'Order' },
    { name: 'robots', content: 'noindex' },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requireMember(request, context);
  try {
    // The payments and refunds come from the same server data the admin's order page shows.
    const [order, shipments, transactions] = await asMember(request, session, () =>
      Promise.all([
        session.client.orders.get(params.orderId),
        session.client.orders.fulfillments(params.orderId),
        session.client.orders.transactions(params.orderId),
      ]),
    );
    const destination = order.shippingInfo?.shippingDestination;
    return {
      order,
      shipments,
      transactions,
      shipTo: addressLines(destination?.address, destination?.contactDetails),
    };
  } catch (error) {
    // Someone else's order answers like a missing one: the member cannot tell the difference.
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 403) throw data('Order not found', { status: 404 });
    throw error;
  }
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, shipments, shipTo, transactions } = loaderData;
  return (
    <section aria-labelledby="order-title" className="account-section">
      <p>
        <Link to="/account/orders">← All orders</Link>
      </p>
      <h2 id="order-title">Order #{order.number}</h2>
      <OrderDetails order={order} shipments={shipments} shipTo={shipTo} transactions={transactions} />
    </section>
  );
}
