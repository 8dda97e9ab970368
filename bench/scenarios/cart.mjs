// Cart scenarios (issue #9): add-to-cart at 50 connections (target ≥ 2,000 req/s, p99 ≤ 25 ms) and the
// cart's estimate-totals, on PostgreSQL and PGlite. Every request carries a real visitor token from
// /oauth2/token; tokens rotate so concurrent requests rarely wait on the same cart's row lock.
import { log } from '../lib/harness.mjs';
import { benchProduct, call, ENGINES, lineItem, rotate, startShop, visitorTokens } from '../lib/shop.mjs';

const ADD_CONNECTIONS = Number(process.env.BENCH_CART_CONNECTIONS ?? 50);
const TOKENS = ADD_CONNECTIONS * 4;

export async function run({ measure }) {
  const rows = [];
  const notes = {};
  for (const engine of ENGINES) {
    const shop = await startShop(engine, 'cart');
    try {
      const product = await benchProduct(shop);
      log(`${engine}: minting ${TOKENS} visitor tokens`);
      const tokens = await visitorTokens(shop, TOKENS);
      const add = JSON.stringify({ lineItems: [lineItem(product.id)] });
      const nextToken = rotate(tokens);
      const addRow = await measure(`${engine}: add to cart (${ADD_CONNECTIONS} conn)`, shop.url, {
        connections: ADD_CONNECTIONS,
        serverPid: shop.pid,
        requests: [
          {
            method: 'POST',
            path: '/ecom/v1/carts/current/add-to-cart',
            setupRequest: (request) => ({
              ...request,
              headers: { 'content-type': 'application/json', authorization: nextToken() },
              body: add,
            }),
          },
        ],
      });
      rows.push(addRow);
      // Estimates need a cart: give every visitor one (most have one from the run already).
      for (const token of tokens) {
        if (!(await hasCart(shop, token)))
          await call(shop, 'POST', '/ecom/v1/carts/current/add-to-cart', token, JSON.parse(add));
      }
      const estimateBody = JSON.stringify({});
      rows.push(
        await measure(`${engine}: estimate totals`, shop.url, {
          serverPid: shop.pid,
          requests: [
            {
              method: 'POST',
              path: '/ecom/v1/carts/current/estimate-totals',
              setupRequest: (request) => ({
                ...request,
                headers: { 'content-type': 'application/json', authorization: nextToken() },
                body: estimateBody,
              }),
            },
          ],
        }),
      );
    } finally {
      await shop.stop();
    }
  }
  return {
    rows,
    notes,
    targets: ENGINES.map((engine) => ({
      label: `${engine}: add to cart (${ADD_CONNECTIONS} conn)`,
      target: '≥ 2,000 req/s and p99 ≤ 25 ms at 50 connections',
      met: (row) => row.requestsPerSecond >= 2000 && row.p99Ms <= 25,
    })),
  };
}

/** Whether the visitor has a current cart: the API answers 404 OWNED_CART_NOT_FOUND when not. */
async function hasCart(shop, token) {
  const reply = await fetch(`${shop.url}/ecom/v1/carts/current`, { headers: { authorization: token } });
  const body = await reply.json();
  if (reply.status === 200) return true;
  if (reply.status === 404 && body.details?.applicationError?.code === 'OWNED_CART_NOT_FOUND') return false;
  throw new Error(`GET /ecom/v1/carts/current → ${reply.status}: ${JSON.stringify(body).slice(0, 300)}`);
}
