import { measure, log } from './lib/harness.mjs';
import { benchProduct, lineItem, rotate, startShop, visitorTokens } from './lib/shop.mjs';
const shop = await startShop('postgres', 'prof', {}, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']);
try {
  const product = await benchProduct(shop);
  const tokens = await visitorTokens(shop, 200);
  const next = rotate(tokens);
  const add = JSON.stringify({ lineItems: [lineItem(product.id)] });
  const row = await measure('add', shop.url, { connections: 50, requests: [{ method: 'POST', path: '/ecom/v1/carts/current/add-to-cart', setupRequest: (r) => ({ ...r, headers: { 'content-type': 'application/json', authorization: next() }, body: add }) }] });
  console.log(row);
} finally { await shop.stop(); }
