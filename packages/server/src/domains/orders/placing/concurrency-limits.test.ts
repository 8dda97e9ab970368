import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import {
  createTestProduct,
  issueTestGiftCard,
  lineItem,
  setUpTestStore,
  shopperCheckout,
} from '../../../testing/ecom.js';
import {
  createTestApp,
  memberToken,
  type TestApp,
  testDatabaseKind,
  visitorToken,
} from '../../../testing/index.js';
import {
  createMembershipPlan,
  grantMembership,
  listMemberships,
} from '../../store-setup/memberships/memberships.service.js';
import { createCoupon, getCoupon } from '../../store-setup/promotions/coupons.service.js';
import { getGiftCard } from '../../store-setup/promotions/gift-cards.service.js';

// More of the concurrency suite: limits that several orders of ONE buyer (or one card) race for. On
// PostgreSQL these are real races between pooled connections; on PGlite the orders run one after the
// other, and the limits must hold all the same.
let t: TestApp;
const now = new Date('2026-05-01T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  await setUpTestStore(t.database.db);
});
afterAll(() => t.close());

const send = (token: string, method: 'POST' | 'PATCH', url: string, payload: object = {}) =>
  t.app.inject({ method, url, headers: { authorization: token }, payload });
const order = (token: string, checkoutId: string) =>
  send(token, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`);
const codesOf = (
  replies: { statusCode: number; json(): { details: { applicationError: { code: string } } } }[],
) => new Set(replies.filter((r) => r.statusCode !== 200).map((r) => r.json().details.applicationError.code));

describe(`races for one buyer's limits (${testDatabaseKind()})`, () => {
  it('membership credits: 6 parallel orders on a 3-credit membership use exactly 3 credits', async () => {
    const lesson = await createTestProduct(t.database.db, {
      name: 'Lesson',
      priceMinor: 2000,
      productType: 'digital',
    });
    const plan = await createMembershipPlan(t.database.db, {
      name: 'Three lessons',
      productIds: [lesson.id],
      credits: 3,
    });
    const membership = await grantMembership(t.database.db, {
      memberId: 'm-race-credits',
      planId: plan.id,
      now,
    });
    const me = memberToken('m-race-credits');
    const checkouts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await send(me, 'POST', '/ecom/v1/checkouts', { lineItems: [lineItem(lesson.id)] });
      expect(created.statusCode, created.body).toBe(200);
      const checkout = created.json().checkout;
      const chosen = await send(me, 'PATCH', `/ecom/v1/checkouts/${checkout.id}`, {
        checkout: {
          buyerInfo: { email: 'learner@example.com' },
          membershipOptions: {
            selectedMemberships: {
              memberships: [{ id: membership.id, lineItemIds: [checkout.lineItems[0].id] }],
            },
          },
        },
      });
      expect(chosen.json().checkout.lineItems[0].paymentOption).toBe('MEMBERSHIP');
      checkouts.push(checkout.id);
    }
    const replies = await Promise.all(checkouts.map((id) => order(me, id)));
    const [left] = (await listMemberships(t.database.db, { memberId: 'm-race-credits' })).filter(
      (m) => m.id === membership.id,
    );
    expect(left?.remainingCredits).toBe(0);
    // Exactly three orders were paid by the membership; the rest were refused, or (run one after the
    // other, as on PGlite) saw no credits left and charged the lesson instead.
    const [paidByMembership] = await queryRows<{ n: string }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM orders, jsonb_array_elements(lines) AS line
          WHERE member_id = 'm-race-credits' AND line->>'membershipId' = ${membership.id}`,
    );
    expect(Number(paidByMembership?.n)).toBe(3);
    for (const code of codesOf(replies))
      expect(['MEMBERSHIP_NOT_APPLICABLE', 'CHECKOUT_HAS_ERRORS']).toContain(code);
  });

  it('a coupon allowed once per customer is used once by 5 parallel orders of one member', async () => {
    const coupon = await createCoupon(t.database.db, {
      code: 'ONCEEACH',
      name: 'Once each',
      kind: 'AMOUNT',
      amountMinor: 300,
      perCustomerLimit: 1,
    });
    const scarf = await createTestProduct(t.database.db, {
      name: 'Scarf',
      priceMinor: 2500,
      productType: 'digital',
    });
    const me = memberToken('m-race-coupon');
    const checkouts: string[] = [];
    for (let i = 0; i < 5; i++)
      checkouts.push(await shopperCheckout(t.app, me, [lineItem(scarf.id)], { couponCode: 'ONCEEACH' }));
    const replies = await Promise.all(checkouts.map((id) => order(me, id)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(codesOf(replies)).toEqual(new Set(['COUPON_CUSTOMER_LIMIT_REACHED']));
    expect((await getCoupon(t.database.db, coupon.id)).uses).toBe(1);
    // Another customer still may.
    const other = memberToken('m-race-coupon-2');
    const theirs = await shopperCheckout(t.app, other, [lineItem(scarf.id)], { couponCode: 'ONCEEACH' });
    expect((await order(other, theirs)).statusCode).toBe(200);
  });

  it('one gift card on two checkouts ordered at once: never more than its balance is redeemed', async () => {
    const card = await issueTestGiftCard(t.database.db, 1500);
    const lamp = await createTestProduct(t.database.db, {
      name: 'Desk lamp',
      priceMinor: 1250,
      productType: 'digital',
    });
    const [a, b] = [visitorToken('v-card-a'), visitorToken('v-card-b')];
    const [first, second] = [
      await shopperCheckout(t.app, a, [lineItem(lamp.id)], { giftCardCode: card.code }),
      await shopperCheckout(t.app, b, [lineItem(lamp.id)], { giftCardCode: card.code }),
    ];
    const replies = await Promise.all([order(a, first), order(b, second)]);
    expect([...codesOf(replies)].every((code) => code === 'GIFT_CARD_INSUFFICIENT_BALANCE')).toBe(true);
    const [ledger] = await queryRows<{ redeemed: string; count: string }>(
      t.database.db,
      sql`SELECT coalesce(sum(-amount_minor), 0) AS redeemed, count(*) AS count
          FROM gift_card_transactions WHERE gift_card_id = ${card.id} AND kind = 'REDEEM'`,
    );
    const balance = (await getGiftCard(t.database.db, card.id)).balanceMinor;
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(Number(ledger?.redeemed) + balance).toBe(1500);
    // One order took 12.50; the other either was refused (the balance it priced against was gone) or,
    // ordered after the first committed, redeemed only the 2.50 left.
    const placed = replies.filter((r) => r.statusCode === 200).length;
    expect(Number(ledger?.count)).toBe(placed);
    expect(balance).toBe(placed === 2 ? 0 : 250);
  });
});
