import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, test } from 'vitest';
import * as cartRoute from '../../app/routes/shop/cart';
import * as productRoute from '../../app/routes/shop/product';
import { routeStoreForFile, Visitor } from './route-harness';

const store = routeStoreForFile();

/** A visitor with one Stoneware Mug (quantity 2) in the cart, added through the product page's action. */
async function visitorWithMugs() {
  const visitor = new Visitor(store);
  const added = await visitor.call(productRoute.action, '/products/stoneware-mug', {
    params: { slug: 'stoneware-mug' },
    form: { quantity: '2' },
  });
  expect(added.status).toBe(302);
  expect(added.location).toBe('/cart');
  const { data } = await visitor.call(cartRoute.loader, '/cart');
  const [line] = data.cart.lineItems;
  expect(line.quantity).toBe(2);
  return { visitor, lineId: line.id as string };
}

describe('cart page action', () => {
  test('a quantity change is stored and, without JavaScript, lands back on the cart', async () => {
    const { visitor, lineId } = await visitorWithMugs();
    const reply = await visitor.call(cartRoute.action, '/cart', {
      form: { intent: 'quantity', lineItemId: lineId, quantity: '5' },
    });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe('/cart');
    const { data } = await visitor.call(cartRoute.loader, '/cart');
    expect(data.cart.lineItems.map((l: { quantity: number }) => l.quantity)).toEqual([5]);
  });

  test('a fetcher gets data back instead of a redirect', async () => {
    const { visitor, lineId } = await visitorWithMugs();
    const reply = await visitor.call(cartRoute.action, '/cart', {
      form: { intent: 'quantity', lineItemId: lineId, quantity: '3' },
      javascript: true,
    });
    expect(reply).toMatchObject({ status: 200, location: null, data: { ok: true } });
  });

  test('remove takes the line out of the cart', async () => {
    const { visitor, lineId } = await visitorWithMugs();
    const reply = await visitor.call(cartRoute.action, '/cart', {
      form: { intent: 'remove', lineItemId: lineId },
    });
    expect(reply.location).toBe('/cart');
    const { data } = await visitor.call(cartRoute.loader, '/cart');
    expect(data.cart?.lineItems ?? []).toEqual([]);
  });

  test.each(['-1', '2.5', 'lots', '100000'])(
    'a quantity of "%s" is refused in words and changes nothing',
    async (quantity) => {
      const { visitor, lineId } = await visitorWithMugs();
      const reply = await visitor.call(cartRoute.action, '/cart', {
        form: { intent: 'quantity', lineItemId: lineId, quantity },
      });
      expect(reply.status).toBe(400);
      expect(reply.data.errors.form).toBe('Enter a quantity from 0 to 99999.');
      const { data } = await visitor.call(cartRoute.loader, '/cart');
      expect(data.cart.lineItems[0].quantity).toBe(2);
    },
  );

  test('a coupon the store has is applied; an unknown one is refused at the coupon field', async () => {
    const { visitor } = await visitorWithMugs();
    const refused = await visitor.call(cartRoute.action, '/cart', {
      form: { intent: 'coupon', couponCode: 'NO-SUCH-CODE' },
    });
    expect(refused.status).toBe(400);
    expect(refused.data.errors.fields.couponCode).toEqual(expect.any(String));
    const empty = await visitor.call(cartRoute.action, '/cart', {
      form: { intent: 'coupon', couponCode: ' ' },
    });
    expect(empty.data.errors.fields.couponCode).toBe('Enter a coupon code.');
    expect((await visitor.call(cartRoute.loader, '/cart')).data.cart.couponCode).toBeUndefined();
    const applied = await visitor.call(cartRoute.action, '/cart', {
      form: { intent: 'coupon', couponCode: 'SAVE10' },
    });
    expect(applied.location).toBe('/cart');
    expect((await visitor.call(cartRoute.loader, '/cart')).data.cart.couponCode).toBe('SAVE10');
  });
});

describe('cart page', () => {
  /** The page as the server renders it, from what its loader and action answered (React Router's stub). */
  function renderCart(loaderData: unknown, actionData?: unknown) {
    const Stub = createRoutesStub([{ id: 'cart', path: '/cart', Component: cartRoute.default as never }]);
    return renderToString(
      createElement(Stub, {
        initialEntries: ['/cart'],
        hydrationData: {
          loaderData: { cart: loaderData },
          ...(actionData ? { actionData: { cart: actionData } } : {}),
        },
      }),
    );
  }

  test('shows the lines the loader read and, after a refused change, the action’s message', async () => {
    const { visitor, lineId } = await visitorWithMugs();
    const loaded = await visitor.call(cartRoute.loader, '/cart');
    const html = renderCart(loaded.data);
    expect(html).toContain('Stoneware Mug');
    expect(html).toContain('Check out');
    expect(html).not.toContain('Enter a quantity');

    const refused = await visitor.call(cartRoute.action, '/cart', {
      form: { intent: 'quantity', lineItemId: lineId, quantity: 'lots' },
    });
    expect(renderCart(loaded.data, refused.data)).toContain('Enter a quantity from 0 to 99999.');
  });

  test('an empty cart says so and offers a way to shop', async () => {
    const shopper = new Visitor(store);
    const html = renderCart((await shopper.call(cartRoute.loader, '/cart')).data);
    expect(html).toContain('Your cart is empty.');
    expect(html).toContain('href="/search"');
  });
});
