// The whole shopping flow (issue #9), one pass per visitor: browse the list, open a product, add it to the
// cart, create a checkout, give an e-mail, place the order — six calls, on PostgreSQL and PGlite. The row
// reports calls per second; the notes give whole orders per second.
import { log } from '../lib/harness.mjs';
import { benchProduct, ENGINES, lineItem, rotate, startShop, visitorTokens } from '../lib/shop.mjs';
import { LIST_PATH } from './catalog.mjs';

const CALLS_PER_FLOW = 6;

function flowRequests(productId, nextToken) {
  const json = (context, extra = {}) => ({
    'content-type': 'application/json',
    authorization: context.token,
    ...extra,
  });
  return [
    {
      method: 'GET',
      path: LIST_PATH,
      setupRequest: (request, context) => {
        context.token = nextToken();
        context.email = `flow-${Math.random().toString(36).slice(2)}@example.com`;
        return request;
      },
    },
    { method: 'GET', path: `/stores-reader/v1/products/${productId}` },
    {
      method: 'POST',
      path: '/ecom/v1/carts/current/add-to-cart',
      setupRequest: (request, context) => ({
        ...request,
        headers: json(context),
        body: JSON.stringify({ lineItems: [lineItem(productId)] }),
      }),
    },
    {
      method: 'POST',
      path: '/ecom/v1/carts/current/create-checkout',
      setupRequest: (request, context) => ({
        ...request,
        headers: json(context),
        body: JSON.stringify({ channelType: 'WEB' }),
      }),
      onResponse: (status, body, context) => {
        if (status === 200) context.checkoutId = JSON.parse(body).checkoutId;
      },
    },
    {
      method: 'PATCH',
      setupRequest: (request, context) =>
        context.checkoutId && {
          ...request,
          path: `/ecom/v1/checkouts/${context.checkoutId}`,
          headers: json(context),
          body: JSON.stringify({ checkout: { buyerInfo: { email: context.email } } }),
        },
    },
    {
      method: 'POST',
      setupRequest: (request, context) =>
        context.checkoutId && {
          ...request,
          path: `/ecom/v1/checkouts/${context.checkoutId}/create-order`,
          headers: json(context),
          body: '{}',
        },
    },
  ];
}

async function countOrders(shop) {
  const reply = await fetch(`${shop.url}/admin-api/v1/orders?limit=1`, {
    headers: { authorization: shop.ownerKey },
  });
  const body = await reply.json();
  return body.metadata?.total ?? body.total ?? body.orders?.length ?? 0;
}

export async function run({ measure, settings }) {
  const rows = [];
  const notes = {};
  for (const engine of ENGINES) {
    const shop = await startShop(engine, 'flow');
    try {
      const product = await benchProduct(shop);
      log(`${engine}: minting visitor tokens`);
      const tokens = await visitorTokens(shop, settings.connections * 4);
      const row = await measure(`${engine}: browse→cart→checkout→order (6 calls)`, shop.url, {
        serverPid: shop.pid,
        requests: flowRequests(product.id, rotate(tokens)),
      });
      rows.push(row);
      notes[`${engine}: orders per second`] = Number((row.requestsPerSecond / CALLS_PER_FLOW).toFixed(1));
      notes[`${engine}: orders placed (warm-up included)`] = await countOrders(shop);
    } finally {
      await shop.stop();
    }
  }
  return { rows, notes };
}
