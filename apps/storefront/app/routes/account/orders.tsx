import { Link } from 'react-router';
import type { Route } from './+types/orders';
import { asMember, requireMember } from './member.server';
import { longDate, statusWord } from './order-format';

export function meta() {
  return [{ title: 'My orders' }, { name: 'robots', content: 'noindex' }];
}

const PAGE_SIZE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireMember(request, context);
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1);
  const result = await asMember(request, session, () =>
    session.client.orders
      .query()
      .descending('createdDate')
      .limit(PAGE_SIZE)
      .skip((page - 1) * PAGE_SIZE)
      .find(),
  );
  const orders = result.items;
  const total = result.totalCount ?? orders.length;
  return {
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    orders: orders.map((order) => ({
      id: order.id,
      number: order.number,
      createdDate: order.createdDate,
      status: order.status,
      paymentStatus: order.paymentStatus,
      fulfillmentStatus: order.fulfillmentStatus,
      total: order.priceSummary.total.formattedAmount,
      items: order.lineItems.reduce((sum, line) => sum + line.quantity, 0),
    })),
  };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders, page, pages } = loaderData;
  return (
    <section aria-labelledby="orders-title" className="account-section">
      <h2 id="orders-title">Orders</h2>
      {orders.length === 0 ? (
        <div className="empty">
          <p>You have not placed an order yet.</p>
          <Link to="/" className="button">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="order-list">
          {orders.map((order) => (
            <li key={order.id}>
              <Link to={`/account/orders/${order.id}`} className="order-card">
                <span className="order-number">Order #{order.number}</span>
                <span className="order-date">{longDate(order.createdDate)}</span>
                <span className="order-items">
                  {order.items} {order.items === 1 ? 'item' : 'items'}
                </span>
                <span className="order-status">
                  <span className="badge">{statusWord(order.paymentStatus)}</span>{' '}
                  <span className="badge">{statusWord(order.fulfillmentStatus)}</span>
                </span>
                <span className="order-total">{order.total}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label="Order pages">
          {page > 1 ? <Link to={`?page=${page - 1}`}>← Newer orders</Link> : <span />}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={`?page=${page + 1}`}>Older orders →</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
