import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem } from '../../../testing/ecom.js';
import { createTestApp, memberToken, type TestApp, visitorToken } from '../../../testing/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a shopper with no cart', () => {
  // Every call on the current cart that needs one answers as the platform does (wire-protocol.md §8.1):
  // 404 OWNED_CART_NOT_FOUND, which apps written against the platform catch as "no cart yet".
  const NEEDS_A_CART: [method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object][] = [
    ['GET', ''],
    ['DELETE', ''],
    ['POST', '/update-line-items-quantity', { lineItems: [{ id: 'line-1', quantity: 2 }] }],
    ['POST', '/remove-line-items', { lineItemIds: ['line-1'] }],
    ['POST', '/remove-coupon', {}],
    ['POST', '/estimate-totals', {}],
    ['POST', '/create-checkout', { channelType: 'WEB' }],
  ];
  const send = (prefix: string, token: string, method: HTTPMethods, path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${prefix}${path}`,
      headers: { authorization: token },
      ...(payload ? { payload } : {}),
    });
  const label = (prefix: string) => (prefix.startsWith('/ecom/') ? 'ecom' : 'bare');

  // The protocol clients' path and the spec's bare alias.
  for (const prefix of ['/ecom/v1/carts/current', '/v1/carts/current']) {
    for (const [method, path, payload] of NEEDS_A_CART) {
      it(`${method} ${prefix}${path} → 404 OWNED_CART_NOT_FOUND, for visitors and members`, async () => {
        for (const token of [visitorToken('v-cartless'), memberToken('m-cartless')]) {
          const reply = await send(prefix, token, method, path, payload);
          expect(reply.statusCode, reply.body).toBe(404);
          expect(reply.headers['content-type']).toMatch(/^application\/json/);
          expect(reply.json()).toMatchObject({
            message: 'Cart not found',
            details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } },
          });
        }
        // Asking made no cart.
        const after = await send(prefix, visitorToken('v-cartless'), 'GET', '');
        expect(after.statusCode).toBe(404);
      });
    }

    it(`add-to-cart and PATCH on ${prefix} create the cart instead`, async () => {
      const card = await createTestProduct(t.database.db, { name: 'Card', priceMinor: 300 });
      const byAdd = visitorToken(`v-first-add-${label(prefix)}`);
      const added = await send(prefix, byAdd, 'POST', '/add-to-cart', { lineItems: [lineItem(card.id)] });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().cart.lineItems).toHaveLength(1);
      expect((await send(prefix, byAdd, 'GET', '')).json().cart.id).toBe(added.json().cart.id);

      const byPatch = memberToken(`m-first-patch-${label(prefix)}`);
      const patched = await send(prefix, byPatch, 'PATCH', '', { cartInfo: { buyerNote: 'first' } });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json().cart).toMatchObject({ buyerNote: 'first', lineItems: [] });
      expect((await send(prefix, byPatch, 'GET', '')).json().cart.id).toBe(patched.json().cart.id);
    });
  }
});
