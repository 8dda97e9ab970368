import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, type TestProduct } from '../../../testing/ecom.js';
import { createTestApp, memberToken, type TestApp, visitorToken } from '../../../testing/index.js';
import { listEntityEvents } from '../../events/events.service.js';
import { createCoupon } from '../../store-setup/promotions/coupons.service.js';
import { mergeVisitorCartIntoMember } from './cart-merge.service.js';

let t: TestApp;
let a: TestProduct;
let b: TestProduct;
let c: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  [a, b, c] = (await Promise.all(
    ['Apple', 'Banana', 'Cherry'].map((name, i) =>
      createTestProduct(t.database.db, { name, priceMinor: 100 * (i + 1) }),
    ),
  )) as [TestProduct, TestProduct, TestProduct];
  await createCoupon(t.database.db, { code: 'MEMBER', name: 'Members', kind: 'PERCENT', ppm: 50_000 });
  await createCoupon(t.database.db, { code: 'VISITOR', name: 'Visitors', kind: 'PERCENT', ppm: 10_000 });
});
afterAll(() => t.close());

const cartOf = async (token: string) =>
  (await t.app.inject({ url: '/ecom/v1/carts/current', headers: { authorization: token } })).json().cart;
const add = (token: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/ecom/v1/carts/current',
    headers: { authorization: token },
    payload,
  });
const merge = (visitorId: string, memberId: string) =>
  t.database.db.transaction((tx) =>
    mergeVisitorCartIntoMember(
      tx,
      { visitorId, memberId },
      { actor: { identityType: 'MEMBER', id: memberId }, now: new Date() },
    ),
  );

describe('visitor → member cart merge', () => {
  it("adds up the same items, moves the others, keeps the member's coupon, deletes the visitor cart", async () => {
    await add(visitorToken('v-1'), {
      lineItems: [lineItem(a.id, 2), lineItem(b.id, 1)],
      couponCode: 'VISITOR',
      cartInfo: { buyerNote: 'from the visitor' },
    });
    await add(memberToken('m-1'), {
      lineItems: [lineItem(a.id, 1), lineItem(c.id, 1)],
      couponCode: 'MEMBER',
    });
    const visitorCartId = (await cartOf(visitorToken('v-1'))).id;
    const result = await merge('v-1', 'm-1');
    expect(result.merged).toBe(true);
    const cart = await cartOf(memberToken('m-1'));
    expect(
      cart.lineItems.map((l: { productName: { original: string }; quantity: number }) => [
        l.productName.original,
        l.quantity,
      ]),
    ).toEqual([
      ['Apple', 3],
      ['Cherry', 1],
      ['Banana', 1],
    ]);
    expect(cart.appliedDiscounts[0].coupon.code).toBe('MEMBER');
    expect(cart.buyerNote).toBe('from the visitor');
    expect(cart.buyerInfo).toEqual({ memberId: 'm-1' });
    expect(await cartOf(visitorToken('v-1'))).toBeUndefined();
    expect((await listEntityEvents(t.database.db, 'cart', visitorCartId)).at(-1)?.type).toBe(
      'ecom.cart.deleted',
    );
    expect((await listEntityEvents(t.database.db, 'cart', cart.id)).at(-1)?.type).toBe('ecom.cart.updated');
  });

  it("gives the member the visitor's cart when the member has none, and does nothing without a visitor cart", async () => {
    await add(visitorToken('v-2'), { lineItems: [lineItem(b.id, 4)] });
    const result = await merge('v-2', 'm-2');
    const cart = await cartOf(memberToken('m-2'));
    expect(result.cartId).toBe(cart.id);
    expect(cart.lineItems.map((l: { quantity: number }) => l.quantity)).toEqual([4]);
    expect((await listEntityEvents(t.database.db, 'cart', cart.id))[0]?.type).toBe('ecom.cart.created');
    expect(await merge('v-nobody', 'm-2')).toEqual({ cartId: cart.id, merged: false });
  });

  it('rolls back with the login: a failing transaction leaves both carts as they were', async () => {
    await add(visitorToken('v-3'), { lineItems: [lineItem(c.id, 1)] });
    await expect(
      t.database.db.transaction(async (tx) => {
        await mergeVisitorCartIntoMember(
          tx,
          { visitorId: 'v-3', memberId: 'm-3' },
          { actor: { identityType: 'MEMBER' }, now: new Date() },
        );
        throw new Error('login failed after the merge');
      }),
    ).rejects.toThrow('login failed');
    expect((await cartOf(visitorToken('v-3'))).lineItems).toHaveLength(1);
    expect(await cartOf(memberToken('m-3'))).toBeUndefined();
  });
});
