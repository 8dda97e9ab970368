import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import {
  createTestProduct,
  lineItem,
  setUpTestStore,
  shopperCheckout,
  type TestProduct,
} from '../../../testing/ecom.js';
import { createTestApp, type TestApp, visitorToken } from '../../../testing/index.js';
import { sandboxCard } from '../../../testing/orders.js';
import { paymentAttempts, sandboxCharges } from '../../payments/payments.schema.js';
import type { PaymentProvider } from '../../payments/providers/payment-provider.types.js';
import { SANDBOX_CARDS, sandboxCardProvider } from '../../payments/providers/sandbox-card.provider.js';

// Issue 35, fault 3: the process dies (or loses its database) between steps of taking a payment. A retry
// must find the gateway's payment and place the order exactly once, and a payment nobody retries must be
// placed or given back by the reconciliation job, without a webhook. The sandbox gateway keeps its ledger
// in the store's database, so these run on both databases; the Stripe ones are in stripe-recovery.test.ts
// and the real kill -9 at each step in test/faults/payment-crash.test.ts.
class ProcessDied extends Error {}

/** Where the next payment's process "dies": after the attempt is recorded, before or after confirmation. */
const faults = { beforeStart: 0, beforeConfirm: 0, afterConfirm: 0 };

let now = new Date('2028-06-01T10:00:00Z');
let t: TestApp;
let kettle: TestProduct;
beforeAll(async () => {
  t = await createTestApp({
    clock: () => now,
    paymentProviders: (db) => {
      const sandbox = sandboxCardProvider(() => now, db);
      const dying: PaymentProvider = {
        ...sandbox,
        async startCharge(request) {
          if (faults.beforeStart-- > 0) throw new ProcessDied('died before the gateway was asked');
          return sandbox.startCharge(request);
        },
        async confirmCharge(reference, request) {
          if (faults.beforeConfirm-- > 0) throw new ProcessDied('died before confirming');
          const charged = await sandbox.confirmCharge(reference, request);
          if (faults.afterConfirm-- > 0) throw new ProcessDied('died after the gateway charged');
          return charged;
        },
      };
      return { SANDBOX_CARD: dying };
    },
  });
  await setUpTestStore(t.database.db);
  kettle = await createTestProduct(t.database.db, {
    name: 'Kettle',
    priceMinor: 3000,
    stock: { trackInventory: true, quantity: 50 },
  });
});
afterAll(() => t.close());
beforeEach(() => {
  Object.assign(faults, { beforeStart: 0, beforeConfirm: 0, afterConfirm: 0 });
  now = new Date(now.getTime() + 3_600_000);
});

let shoppers = 0;
const checkout = async () => {
  const token = visitorToken(`v-recovery-${++shoppers}`);
  return { token, checkoutId: await shopperCheckout(t.app, token, [lineItem(kettle.id, 1)]) };
};
const order = (token: string, checkoutId: string, card = sandboxCard()) =>
  t.app.inject({
    method: 'POST',
    url: `/ecom/v1/checkouts/${checkoutId}/create-order`,
    headers: { authorization: token },
    payload: { paymentMethod: card },
  });
const attemptsOf = (checkoutId: string) =>
  t.database.db
    .select({
      status: paymentAttempts.status,
      reference: paymentAttempts.reference,
      key: paymentAttempts.key,
    })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.subject, `checkout:${checkoutId}`))
    .orderBy(paymentAttempts.generation);
const ledgerOf = (checkoutId: string) =>
  t.database.db
    .select({ reference: sandboxCharges.reference, status: sandboxCharges.status })
    .from(sandboxCharges)
    .where(eq(sandboxCharges.checkoutId, checkoutId));
const ordersOf = (checkoutId: string) =>
  queryRows<{ id: string; reference: string | null }>(
    t.database.db,
    sql`SELECT o.id, p.provider_reference AS reference FROM orders o LEFT JOIN payments p ON p.order_id = o.id
        WHERE o.checkout_id = ${checkoutId}`,
  );
const stock = async () =>
  (await t.app.inject(`/stores-reader/v1/products/${kettle.id}`)).json().product.stock.quantity as number;
/** The reconciliation job, once its quiet time (PAYMENT_RECONCILE_AFTER_SECONDS, 300 s) has passed. */
const reconcile = async () => {
  now = new Date(now.getTime() + 6 * 60_000);
  return t.app.jobs.paymentReconciliation.runOnce();
};

describe('a payment cut off between its steps', () => {
  it('charged, then the process died: the retry finds that payment and places the order once', async () => {
    const { token, checkoutId } = await checkout();
    faults.afterConfirm = 1;
    const died = await order(token, checkoutId);
    expect(died.statusCode, died.body).toBe(500);
    expect(await ordersOf(checkoutId)).toEqual([]);
    const [open] = await attemptsOf(checkoutId);
    expect(open).toMatchObject({ status: 'CONFIRMING' });
    expect(await ledgerOf(checkoutId)).toEqual([{ reference: open?.reference, status: 'succeeded' }]);

    const retried = await order(token, checkoutId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().paymentGatewayOrderId).toBe(open?.reference);
    expect(await ordersOf(checkoutId)).toEqual([{ id: retried.json().orderId, reference: open?.reference }]);
    expect(await attemptsOf(checkoutId)).toEqual([{ ...open, status: 'SETTLED' }]);
    expect(await ledgerOf(checkoutId)).toHaveLength(1);
  });

  it('charged, nobody retried: the reconciliation job places the order without a webhook', async () => {
    const { token, checkoutId } = await checkout();
    const before = await stock();
    faults.afterConfirm = 1;
    expect((await order(token, checkoutId)).statusCode).toBe(500);
    // Not while its request may still be at work.
    expect(await t.app.jobs.paymentReconciliation.runOnce()).toMatchObject({ looked: 0 });
    expect(await reconcile()).toMatchObject({ looked: 1, placed: 1 });
    const [placed] = await ordersOf(checkoutId);
    expect(placed?.reference).toBe((await ledgerOf(checkoutId))[0]?.reference);
    // The catalog read is cached; on PostgreSQL its invalidation arrives by NOTIFY, a moment after the commit.
    await expect.poll(stock).toBe(before - 1);
    expect((await attemptsOf(checkoutId))[0]?.status).toBe('SETTLED');
    // The buyer's late retry gets that order; nothing more is taken.
    const late = await order(token, checkoutId);
    expect(late.json().orderId).toBe(placed?.id);
    expect(await ledgerOf(checkoutId)).toHaveLength(1);
    expect(await reconcile()).toMatchObject({ looked: 0 });
  });

  it('charged, and the checkout can no longer be ordered: the job gives the money back', async () => {
    const { token, checkoutId } = await checkout();
    faults.afterConfirm = 1;
    expect((await order(token, checkoutId)).statusCode).toBe(500);
    await t.database.db.execute(
      sql`UPDATE product_variants SET quantity = 0 WHERE product_id = ${kettle.id}`,
    );
    try {
      expect(await reconcile()).toMatchObject({ looked: 1, returned: 1 });
    } finally {
      await t.database.db.execute(
        sql`UPDATE product_variants SET quantity = 40 WHERE product_id = ${kettle.id}`,
      );
    }
    expect(await ordersOf(checkoutId)).toEqual([]);
    expect((await ledgerOf(checkoutId))[0]?.status).toBe('returned');
    expect((await attemptsOf(checkoutId))[0]?.status).toBe('REVERSED');
  });

  it('died before confirming: the job cancels the unconfirmed payment; a retry pays afresh', async () => {
    const { token, checkoutId } = await checkout();
    faults.beforeConfirm = 1;
    expect((await order(token, checkoutId)).statusCode).toBe(500);
    expect((await ledgerOf(checkoutId))[0]?.status).toBe('requires_confirmation');
    expect(await reconcile()).toMatchObject({ looked: 1, closed: 1 });
    expect((await ledgerOf(checkoutId))[0]?.status).toBe('canceled');
    const retried = await order(token, checkoutId);
    expect(retried.statusCode, retried.body).toBe(200);
    const attempts = await attemptsOf(checkoutId);
    expect(attempts.map((a) => a.status)).toEqual(['ABANDONED', 'SETTLED']);
    expect(attempts[1]?.key).toBe(`${attempts[0]?.key}:2`);
  });

  it('died before the gateway heard of it: the job closes the attempt, and nothing was charged', async () => {
    const { token, checkoutId } = await checkout();
    faults.beforeStart = 1;
    expect((await order(token, checkoutId)).statusCode).toBe(500);
    expect(await attemptsOf(checkoutId)).toEqual([
      expect.objectContaining({ status: 'STARTED', reference: null }),
    ]);
    expect(await reconcile()).toMatchObject({ looked: 1, closed: 1 });
    expect((await attemptsOf(checkoutId))[0]?.status).toBe('ABANDONED');
    expect((await ledgerOf(checkoutId)).map((row) => row.status)).toEqual(['canceled']);
  });

  it('a decline closes its attempt; the same card again after is a new attempt under a new key', async () => {
    const { token, checkoutId } = await checkout();
    const declined = await order(token, checkoutId, sandboxCard(SANDBOX_CARDS.declined));
    expect(declined.statusCode).toBe(402);
    const good = await order(token, checkoutId);
    expect(good.statusCode, good.body).toBe(200);
    expect((await attemptsOf(checkoutId)).map((a) => a.status)).toEqual(['FAILED', 'SETTLED']);
  });

  it('ten create-order calls at once on one checkout: one payment at the gateway, one order', async () => {
    const { token, checkoutId } = await checkout();
    const replies = await Promise.all(Array.from({ length: 10 }, () => order(token, checkoutId)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(replies.map((reply) => reply.json().orderId)).size).toBe(1);
    expect(await ledgerOf(checkoutId)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(await ordersOf(checkoutId)).toHaveLength(1);
  });
});
