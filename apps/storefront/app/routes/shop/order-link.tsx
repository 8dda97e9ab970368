import { data } from 'react-router';
import { addressLines } from '../../lib/address.server';
import { seo } from '../../lib/seo';
import { getSession } from '../../lib/session.server';
import accountStyles from '../../styles/account.css?url';
import { OrderDetails } from '../account/order-details';
import type { Route } from './+types/order-link';
import { NotFoundContent } from './not-found';

/*
 * The order an e-mail links to (ADR 042): `/orders/{id}?key=…` shows it without signing in, which is
 * how a guest, who has no account, sees their order. The key is checked by the API; a wrong or missing
 * key gets the shop's plain 404, the same as an order that does not exist.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export function meta({ data: loaded }: Route.MetaArgs) {
  return seo({
    title: loaded?.found ? `Order #${loaded.found.order.number}` : 'Page not found',
    noindex: true,
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get('key');
  // The link is a credential: neither this page nor its 404 is kept by any cache, nor sent on as a referrer.
  const headers = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
  if (!key) return data({ found: undefined }, { status: 404, headers });
  const session = await getSession(request, context);
  try {
    // Anonymous: opening the link makes no visitor and leaves no cookie.
    const found = await session.catalog.orders.byLink(params.orderId, key);
    const destination = found.order.shippingInfo?.shippingDestination;
    const shipTo = addressLines(destination?.address, destination?.contactDetails);
    return data({ found: { ...found, shipTo } }, { headers });
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400) return data({ found: undefined }, { status: 404, headers });
    throw error;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function OrderLinkPage({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData;
  if (!found) return <NotFoundContent />;
  return (
    <section aria-labelledby="order-title" className="container page narrow account-section">
      <h1 id="order-title">Order #{found.order.number}</h1>
      <OrderDetails
        order={found.order}
        shipments={found.fulfillments}
        shipTo={found.shipTo}
        transactions={found.transactions}
      />
    </section>
  );
}
