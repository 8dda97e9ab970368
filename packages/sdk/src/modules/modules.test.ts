import { describe, expect, it } from 'vitest';
import type { OpenshelfClient } from '../client.js';
import { decodeBase64Url } from '../testing/fake-fetch.js';
import { setUp } from '../testing/module-client.js';

type Case = [string, (client: OpenshelfClient) => Promise<unknown>, string, string, unknown?];

const line = { catalogReference: { catalogItemId: 'p1' }, quantity: 1 };
const CASES: Case[] = [
  ['products.get', (c) => c.products.get('p/1'), 'GET', '/stores-reader/v1/products/p%2F1'],
  [
    'products.search',
    (c) => c.products.search({ search: { expression: 'mug' } }),
    'POST',
    '/stores-reader/v1/products/search',
    { search: { expression: 'mug' } },
  ],
  [
    'products.getOptionsAvailability',
    (c) => c.products.getOptionsAvailability('p1', { Size: 'M' }),
    'POST',
    '/stores-reader/v1/products/p1/productOptionsAvailability',
    { options: { Size: 'M' } },
  ],
  [
    'products.queryVariants',
    (c) => c.products.queryVariants('p1', { choices: { Size: 'M' } }),
    'POST',
    '/stores-reader/v1/products/p1/variants/query',
    { choices: { Size: 'M' } },
  ],
  [
    'products.getStoreVariant',
    (c) => c.products.getStoreVariant('p1-v1'),
    'GET',
    '/stores-reader/v1/variants/p1-v1',
  ],
  ['collections.get', (c) => c.collections.get('c1'), 'GET', '/v2/collections/c1'],
  [
    'collections.getBySlug',
    (c) => c.collections.getBySlug('sum mer'),
    'GET',
    '/v2/collections/slug/sum%20mer',
  ],
  ['currentCart.get', (c) => c.currentCart.get(), 'GET', '/ecom/v1/carts/current'],
  [
    'currentCart.addToCart',
    (c) => c.currentCart.addToCart({ lineItems: [line] }),
    'POST',
    '/ecom/v1/carts/current/add-to-cart',
    { lineItems: [line] },
  ],
  [
    'currentCart.update',
    (c) => c.currentCart.update({ couponCode: 'SAVE10' }),
    'PATCH',
    '/ecom/v1/carts/current',
    { couponCode: 'SAVE10' },
  ],
  [
    'currentCart.removeLineItems',
    (c) => c.currentCart.removeLineItems(['l1']),
    'POST',
    '/ecom/v1/carts/current/remove-line-items',
    { lineItemIds: ['l1'] },
  ],
  [
    'currentCart.updateLineItemsQuantity',
    (c) => c.currentCart.updateLineItemsQuantity([{ id: 'l1', quantity: 2 }]),
    'POST',
    '/ecom/v1/carts/current/update-line-items-quantity',
    { lineItems: [{ id: 'l1', quantity: 2 }] },
  ],
  [
    'currentCart.removeCoupon',
    (c) => c.currentCart.removeCoupon(),
    'POST',
    '/ecom/v1/carts/current/remove-coupon',
    {},
  ],
  [
    'currentCart.estimateTotals',
    (c) => c.currentCart.estimateTotals(),
    'POST',
    '/ecom/v1/carts/current/estimate-totals',
    {},
  ],
  [
    'currentCart.createCheckout',
    (c) => c.currentCart.createCheckout({ channelType: 'WEB' }),
    'POST',
    '/ecom/v1/carts/current/create-checkout',
    { channelType: 'WEB' },
  ],
  ['currentCart.delete', (c) => c.currentCart.delete(), 'DELETE', '/ecom/v1/carts/current'],
  [
    'checkout.create',
    (c) => c.checkout.create({ lineItems: [line] }),
    'POST',
    '/ecom/v1/checkouts',
    { lineItems: [line] },
  ],
  ['checkout.get', (c) => c.checkout.get('chk1'), 'GET', '/ecom/v1/checkouts/chk1'],
  [
    'checkout.getByCartId',
    (c) => c.checkout.getByCartId('cart1'),
    'GET',
    '/ecom/v1/checkouts/by-cart-id/cart1',
  ],
  [
    'checkout.getCheckoutUrl',
    (c) => c.checkout.getCheckoutUrl('chk1'),
    'GET',
    '/ecom/v1/checkouts/chk1/checkout-url',
  ],
  [
    'checkout.update',
    (c) => c.checkout.update('chk1', { buyerNote: 'n' }, { couponCode: 'SAVE10' }),
    'PATCH',
    '/ecom/v1/checkouts/chk1',
    { couponCode: 'SAVE10', checkout: { buyerNote: 'n' } },
  ],
  [
    'checkout.addToCheckout',
    (c) => c.checkout.addToCheckout('chk1', { lineItems: [line] }),
    'POST',
    '/ecom/v1/checkouts/chk1/add-to-checkout',
    { lineItems: [line] },
  ],
  [
    'checkout.removeLineItems',
    (c) => c.checkout.removeLineItems('chk1', ['l1']),
    'POST',
    '/ecom/v1/checkouts/chk1/remove-line-items',
    { lineItemIds: ['l1'] },
  ],
  [
    'checkout.updateLineItemsQuantity',
    (c) => c.checkout.updateLineItemsQuantity('chk1', [{ id: 'l1', quantity: 3 }]),
    'POST',
    '/ecom/v1/checkouts/chk1/update-line-items-quantity',
    { lineItems: [{ id: 'l1', quantity: 3 }] },
  ],
  [
    'checkout.removeCoupon',
    (c) => c.checkout.removeCoupon('chk1'),
    'POST',
    '/ecom/v1/checkouts/chk1/remove-coupon',
    {},
  ],
  [
    'checkout.removeGiftCard',
    (c) => c.checkout.removeGiftCard('chk1'),
    'POST',
    '/ecom/v1/checkouts/chk1/remove-gift-card',
    {},
  ],
  [
    'checkout.createOrder',
    (c) => c.checkout.createOrder('chk1', { delayCapture: true }),
    'POST',
    '/ecom/v1/checkouts/chk1/create-order',
    { delayCapture: true },
  ],
  [
    'checkout.preparePayment',
    (c) => c.checkout.preparePayment('chk1', { savePaymentMethod: true }),
    'POST',
    '/ecom/v1/checkouts/chk1/payment-intent',
    { savePaymentMethod: true },
  ],
  [
    'checkout.markAsCompleted',
    (c) => c.checkout.markAsCompleted('chk1', { orderId: 'o1' }),
    'POST',
    '/ecom/v1/checkouts/chk1/mark-as-completed',
    { orderId: 'o1' },
  ],
  ['orders.get', (c) => c.orders.get('o1'), 'GET', '/ecom/v1/orders/o1'],
  [
    'redirects.createRedirectSession',
    (c) => c.redirects.createRedirectSession({ ecomCheckout: { checkoutId: 'chk1' } }),
    'POST',
    '/_api/redirects-api/v1/redirect-session',
    { ecomCheckout: { checkoutId: 'chk1' } },
  ],
  [
    'members.getCurrentMember',
    (c) => c.members.getCurrentMember(),
    'GET',
    '/_api/iam/identity/v1/identities/me',
  ],
  [
    'members.updateCurrentMember',
    (c) => c.members.updateCurrentMember({ firstName: 'Ada' }, { revision: '3' }),
    'PATCH',
    '/_api/iam/identity/v1/identities/me',
    { identity: { identityProfile: { firstName: 'Ada' }, revision: '3' } },
  ],
];

describe('module calls on the wire', () => {
  it.each(CASES)('%s', async (_name, call, method, path, body) => {
    const { client, fake } = setUp();
    await call(client);
    expect(fake.calls).toHaveLength(1);
    const sent = fake.calls[0]!;
    expect(sent.method).toBe(method);
    expect(sent.url).toBe(`https://api.example${path}`);
    expect(sent.body).toEqual(body);
    expect(sent.headers.authorization).toBe('access-1');
  });

  it.each([
    [
      'products',
      (c: OpenshelfClient) => c.products.query().eq('visible', true).find(),
      '/stores-reader/v1/products/query-platformized',
    ],
    [
      'products without variants',
      (c: OpenshelfClient) => c.products.query({ includeVariants: false }).find(),
      '/stores-reader/v1/products/query-platformized',
    ],
    [
      'store variants',
      (c: OpenshelfClient) => c.products.queryStoreVariants().find(),
      '/stores-reader/v1/variants/query',
    ],
    ['collections', (c: OpenshelfClient) => c.collections.query().find(), '/v2/collections/query'],
    ['orders', (c: OpenshelfClient) => c.orders.query().find(), '/ecom/v1/orders/query'],
  ])('queries %s with GET .r', async (name, run, path) => {
    const { client, fake } = setUp();
    await run(client);
    const url = new URL(fake.calls[0]!.url);
    expect(url.pathname).toBe(path);
    const body = JSON.parse(decodeBase64Url(url.searchParams.get('.r')!));
    expect(body.query.paging).toEqual({ limit: 50, offset: 0 });
    expect('includeVariants' in body).toBe(name === 'products without variants');
  });

  it('finds a product by slug with a one-item query', async () => {
    const { client, fake } = setUp({ products: [{ id: 'p9', slug: 'mug' }], metadata: { total: 1 } });
    expect((await client.products.getBySlug('mug'))?.id).toBe('p9');
    const body = JSON.parse(decodeBase64Url(new URL(fake.calls[0]!.url).searchParams.get('.r')!));
    expect(body.query).toEqual({ filter: { slug: 'mug' }, paging: { limit: 1, offset: 0 } });
  });
});
