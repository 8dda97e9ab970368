import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, setUpTestStore } from '../../../testing/ecom.js';
import { createTestApp, merchantKey, type TestApp, testDatabaseKind } from '../../../testing/index.js';
import { placeTestOrder } from '../../../testing/orders.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';

/*
 * A guest's order e-mails link to the order itself (ADR 042): the link's key opens that order — status,
 * lines, shipments with tracking, payments and refunds — without signing in. Any other key, or the key
 * of another order, answers exactly as an order that does not exist.
 */
let now = new Date('2026-10-05T10:00:00Z');
let t: TestApp;
let smtp: TestSmtpServer;
let owner: string;
let teeId: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ clock: () => now, env: { SMTP_URL: smtp.url } });
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  teeId = (await createTestProduct(t.database.db, { name: 'Lamp', priceMinor: 4000 })).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function deliver() {
  for (let round = 0; round < 4; round++) {
    await t.app.dispatcher.runOnce();
    now = new Date(now.getTime() + 60_000);
  }
}

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: owner }, ...(payload ? { payload } : {}) });

/** The order link a buyer's e-mail (tag) carries. */
async function linkIn(email: string, tag: string): Promise<URL> {
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.raw.includes(`X-Openshelf-Tags: ${tag}`));
  const found = /(https?:\/\/\S+\/orders\/\S+\?key=[\w-]+)/.exec(mail.text)?.[1];
  expect(found, mail.text).toBeDefined();
  expect(mail.html).toContain(`href="${found}"`);
  return new URL(found ?? '');
}

const open = (orderId: string, key: string) =>
  t.app.inject({ url: `/ecom/v1/order-links/${encodeURIComponent(orderId)}?key=${encodeURIComponent(key)}` });

describe(`guest order links (${testDatabaseKind()})`, () => {
  it("a guest's confirmation, shipping and refund e-mails open the order, with shipments and refunds", async () => {
    const orderId = await placeTestOrder(t.app, 'v-link', [{ productId: teeId, quantity: 2 }], {
      email: 'guest-link@example.com',
    });
    await deliver();
    const link = await linkIn('guest-link@example.com', 'ecom.order.confirmation');
    expect(link.pathname).toBe(`/orders/${orderId}`);
    const key = link.searchParams.get('key') ?? '';

    const [line] = (await admin('GET', `/admin-api/v1/orders/${orderId}`)).json().order.lineItems;
    const shipped = await admin('POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
      fulfillment: {
        lineItems: [{ id: line.id, quantity: 2 }],
        trackingInfo: {
          trackingNumber: '1Z999',
          shippingProvider: 'UPS',
          trackingLink: 'https://ups.example/1Z999',
        },
      },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const refunded = await admin('POST', '/ecom/v1/order-billing/refund-payments', {
      orderId,
      paymentRefunds: [{ amount: '5.00' }],
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await deliver();
    // Every e-mail of the order carries the same link.
    expect((await linkIn('guest-link@example.com', 'ecom.order.shipping')).href).toBe(link.href);
    expect((await linkIn('guest-link@example.com', 'ecom.order.refund')).href).toBe(link.href);

    const reply = await open(orderId, key);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const body = reply.json();
    expect(body.order.id).toBe(orderId);
    expect(body.order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(body.order.lineItems[0].quantity).toBe(2);
    expect(body.fulfillments[0].trackingInfo).toMatchObject({
      trackingNumber: '1Z999',
      shippingProvider: 'UPS',
    });
    expect(body.orderTransactions.payments).toHaveLength(1);
    expect(body.orderTransactions.refunds[0].amount.amount).toBe('5.00');
  });

  it('a wrong, altered or borrowed key is the same 404 as an order that does not exist', async () => {
    const first = await placeTestOrder(t.app, 'v-a', [{ productId: teeId, quantity: 1 }], {
      email: 'a@example.com',
    });
    const second = await placeTestOrder(t.app, 'v-b', [{ productId: teeId, quantity: 1 }], {
      email: 'b@example.com',
    });
    await deliver();
    const key = (await linkIn('a@example.com', 'ecom.order.confirmation')).searchParams.get('key') ?? '';
    expect((await open(first, key)).statusCode).toBe(200);

    const flipped = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    const missing = await open('no-such-order', key);
    expect(missing.statusCode).toBe(404);
    const shape = (body: string) =>
      JSON.stringify(JSON.parse(body)).replaceAll(/"[^"]*(no-such-order|[0-9a-f-]{36})[^"]*"/g, '"…"');
    for (const [id, wrong] of [
      [first, flipped],
      [first, key.slice(1)],
      [first, ''],
      [second, key],
    ] as const) {
      const reply = await open(id, wrong);
      expect(reply.statusCode, `${id} ${wrong}`).toBe(404);
      expect(shape(reply.body)).toBe(shape(missing.body));
    }
  });
});
