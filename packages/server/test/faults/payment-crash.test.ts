import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { createTestProduct, lineItem, setUpTestStore, type TestProduct } from '../../src/testing/ecom.js';
import { type FakeStripe, startFakeStripe } from '../../src/testing/fake-stripe/index.js';
import type { ServerProcess } from '../../src/testing/server-process.js';
import {
  type Cluster,
  clusterUnavailable,
  eventually,
  readyCheckout,
  send,
  startCluster,
} from '../support/cluster.js';

// Issue 35, fault 3: a kill -9 at each step of paying for an order with Stripe (the local fake of its
// API, with no webhook configured, so nothing but the store itself can recover). Before, a crash between
// the charge and the order left the buyer with 409 PAYMENT_IN_PROGRESS on every retry and the money taken
// without an order. Six buyers are each caught at another step when the one process is killed; then,
// on the process started after it: the retry places each order once with its one payment, and what
// nobody retries the reconciliation job places, cancels or gives back.
const unavailable = await clusterUnavailable('the payment crash suite');
const STRIPE_CARD = { type: 'STRIPE', stripe: { paymentMethodId: 'pm_card_visa' } };
// Long enough for the retries right after the restart to come first, short enough to wait for.
const QUIET_SECONDS = 8;

interface Buyer {
  token: string;
  checkoutId: string;
}

describe.skipIf(unavailable)('kill -9 at each step of a card payment', () => {
  let stripe: FakeStripe;
  let cluster: Cluster;
  let server: ServerProcess;
  let admin: pg.Client;
  let products: { kettle: TestProduct; locked: TestProduct; lastOne: TestProduct };
  beforeAll(async () => {
    stripe = await startFakeStripe();
    cluster = await startCluster(1, {
      ...stripe.env,
      PAYMENT_RECONCILE_AFTER_SECONDS: String(QUIET_SECONDS),
    });
    server = cluster.processes[0] as ServerProcess;
    await setUpTestStore(cluster.database.db);
    const product = (name: string) =>
      createTestProduct(cluster.database.db, {
        name,
        priceMinor: 3000,
        stock: { trackInventory: true, quantity: 50 },
      });
    products = {
      kettle: await product('Kettle'),
      locked: await product('Teapot'),
      lastOne: await product('Urn'),
    };
    admin = new pg.Client({ connectionString: cluster.database.url });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await cluster?.close();
    await stripe?.close();
  });

  const buyer = (product: TestProduct) => readyCheckout(cluster, server, [lineItem(product.id)]);
  const placeOrder = (on: ServerProcess, b: Buyer) =>
    send(on, 'POST', `/ecom/v1/checkouts/${b.checkoutId}/create-order`, b.token, {
      paymentMethod: STRIPE_CARD,
    });
  const intentsOf = (b: Buyer) =>
    [...stripe.intents.values()].filter((intent) => intent.metadata.checkout_id === b.checkoutId);
  const attemptsOf = (b: Buyer) =>
    queryRows<{ status: string }>(
      cluster.database.db,
      sql`SELECT status FROM payment_attempts WHERE subject = ${`checkout:${b.checkoutId}`} ORDER BY generation`,
    );
  const ordersOf = (b: Buyer) =>
    queryRows<{ id: string; reference: string | null }>(
      cluster.database.db,
      sql`SELECT o.id, p.provider_reference AS reference FROM orders o LEFT JOIN payments p ON p.order_id = o.id
          WHERE o.checkout_id = ${b.checkoutId}`,
    );
  /** The one order of the checkout, paid with its one succeeded PaymentIntent. */
  const expectOrderedOnce = async (b: Buyer) => {
    const succeeded = intentsOf(b).filter((intent) => intent.status === 'succeeded');
    expect(succeeded).toHaveLength(1);
    expect(await ordersOf(b)).toEqual([{ id: expect.any(String), reference: succeeded[0]?.id }]);
    expect(stripe.charges.get(succeeded[0]?.latest_charge ?? '')?.refunded).toBe(false);
  };
  const lockWaiters = async () =>
    (
      await queryRows<{ n: number }>(
        cluster.database.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'openshelf' AND wait_event_type = 'Lock'`,
      )
    )[0]?.n ?? 0;
  const ofCheckout = (b: Buyer, step: (path: string) => boolean) => (path: string, key?: string) =>
    step(path) && key?.includes(b.checkoutId) === true;
  const creation = (path: string) => path === '/v1/payment_intents';
  const confirmation = (path: string) => path.endsWith('/confirm');

  it('six buyers caught at six steps by one kill -9: each ends with one order and one payment, or none', async () => {
    const { kettle, locked, lastOne } = products;
    const [checking, unheard, unrecorded, charged, writing, soldOut] = await Promise.all([
      buyer(kettle),
      buyer(kettle),
      buyer(kettle),
      buyer(kettle),
      buyer(locked),
      buyer(lastOne),
    ]);
    // 1. still checking the checkout (its row held by another transaction): nothing recorded yet;
    // 5. charged, then the order's stock update waits on the product's row: killed mid-transaction.
    await admin.query('BEGIN');
    await admin.query('SELECT id FROM checkouts WHERE id = $1 FOR UPDATE', [checking.checkoutId]);
    await admin.query('SELECT id FROM product_variants WHERE product_id = $1 FOR UPDATE', [locked.id]);
    // 2. recorded, Stripe never heard of it; 3. the PaymentIntent made, its id never recorded;
    // 4. and 6. charged, Stripe's answer never arrived.
    const holds = [
      stripe.holdNext(ofCheckout(unheard, creation), 'before'),
      stripe.holdNext(ofCheckout(unrecorded, creation), 'after'),
      stripe.holdNext(ofCheckout(charged, confirmation), 'after'),
      stripe.holdNext(ofCheckout(soldOut, confirmation), 'after'),
    ];
    for (const b of [checking, unheard, unrecorded, charged, writing, soldOut])
      placeOrder(server, b).catch(() => {});
    await Promise.all(holds.map((hold) => hold.arrived));
    await eventually(
      'the buyer being written waits, charged',
      async () => intentsOf(writing)[0]?.status === 'succeeded',
    );
    await eventually('two requests wait on the locks', async () => (await lockWaiters()) >= 2);

    await server.kill();
    for (const hold of holds) hold.release();
    await admin.query('ROLLBACK');
    await admin.query('UPDATE product_variants SET quantity = 0 WHERE product_id = $1', [lastOne.id]);
    for (const b of [checking, unheard, unrecorded, charged, writing, soldOut])
      expect(await ordersOf(b)).toEqual([]);
    expect(await attemptsOf(checking)).toEqual([]);
    expect(intentsOf(checking)).toEqual([]);
    expect(intentsOf(unheard)).toEqual([]);
    expect(intentsOf(unrecorded).map((intent) => intent.status)).toEqual(['requires_confirmation']);
    expect(intentsOf(charged).map((intent) => intent.status)).toEqual(['succeeded']);

    server = await cluster.start('api after the crash');
    // The buyers who retry at once: each gets one order, with the payment Stripe already has.
    for (const b of [checking, unrecorded, writing]) {
      const retried = await placeOrder(server, b);
      expect(retried.status, JSON.stringify(retried.json)).toBe(200);
      await expectOrderedOnce(b);
    }
    expect(intentsOf(unrecorded)).toHaveLength(1);

    // The ones who do not: the reconciliation job, once their attempts have been quiet a while.
    await eventually(
      'the job settled the three nobody retried',
      async () =>
        (await attemptsOf(charged))[0]?.status === 'SETTLED' &&
        (await attemptsOf(unheard))[0]?.status === 'ABANDONED' &&
        (await attemptsOf(soldOut))[0]?.status === 'REVERSED',
      40_000,
    );
    // Charged, no answer: placed as its order; the late retry finds it and nothing more is taken.
    await expectOrderedOnce(charged);
    const late = await placeOrder(server, charged);
    expect(late.json.orderId).toBe((await ordersOf(charged))[0]?.id);
    expect(intentsOf(charged)).toHaveLength(1);
    // Never heard of by Stripe: what the job asked under the key to be sure is cancelled; a retry pays.
    expect(intentsOf(unheard).map((intent) => intent.status)).toEqual(['canceled']);
    const afresh = await placeOrder(server, unheard);
    expect(afresh.status, JSON.stringify(afresh.json)).toBe(200);
    await expectOrderedOnce(unheard);
    // Charged, and sold out before anyone came back: no order, the money given back.
    expect(await ordersOf(soldOut)).toEqual([]);
    expect(stripe.charges.get(intentsOf(soldOut)[0]?.latest_charge ?? '')?.refunded).toBe(true);
  }, 150_000);
});
