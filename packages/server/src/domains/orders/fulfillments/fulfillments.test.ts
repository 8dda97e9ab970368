import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, setUpTestStore, type TestProduct } from '../../../testing/ecom.js';
import {
  createTestApp,
  memberToken,
  merchantKey,
  type TestApp,
  testDatabaseKind,
} from '../../../testing/index.js';
import { placeTestOrder } from '../../../testing/orders.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';
import { listEntityEvents } from '../../events/events.service.js';

let now = new Date('2026-09-02T09:00:00Z');
let t: TestApp;
let owner: string;
let smtp: TestSmtpServer;
let mug: TestProduct;
let lamp: TestProduct;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ clock: () => now, env: { SMTP_URL: smtp.url, STORE_NAME: 'Harbor Goods' } });
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 });
  lamp = await createTestProduct(t.database.db, { name: 'Lamp', priceMinor: 4000 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const ship = (orderId: string, lineItems: object[], trackingInfo?: object) =>
  call(owner, 'POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
    fulfillment: { lineItems, ...(trackingInfo ? { trackingInfo } : {}) },
  });
const statusOf = async (orderId: string) =>
  (await call(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order.fulfillmentStatus;

async function deliver() {
  for (let round = 0; round < 4; round++) {
    await t.app.dispatcher.runOnce();
    now = new Date(now.getTime() + 60_000);
  }
}

describe(`fulfilments (${testDatabaseKind()})`, () => {
  it('ships part of an order with tracking, then the rest; the buyer is e-mailed the tracking link and sees the shipments', async () => {
    const member = memberToken('m-ship');
    const orderId = await placeTestOrder(
      t.app,
      'v-ship',
      [
        { productId: mug.id, quantity: 2 },
        { productId: lamp.id, quantity: 1 },
      ],
      { token: member, email: 'ship@example.com' },
    );
    const order = (await call(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order;
    const [mugLine, lampLine] = order.lineItems;
    const tracking = {
      shippingProvider: 'DHL',
      trackingNumber: 'JD014600006281230704',
      trackingLink: 'https://track.example.com/?n=JD014600006281230704',
    };
    const first = await ship(orderId, [{ id: mugLine.id, quantity: 1 }], tracking);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().orderWithFulfillments.fulfillments).toEqual([
      expect.objectContaining({ lineItems: [{ id: mugLine.id, quantity: 1 }], trackingInfo: tracking }),
    ]);
    expect(await statusOf(orderId)).toBe('PARTIALLY_FULFILLED');

    // More than is left to ship: 400 naming the quantity left.
    const over = await ship(orderId, [{ id: mugLine.id, quantity: 2 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'fulfillment.lineItems[0].quantity',
      violatedRule: 'MAX',
      data: { maxQuantity: 1 },
    });

    const rest = await ship(orderId, [
      { id: mugLine.id, quantity: 1 },
      { id: lampLine.id, quantity: 1 },
    ]);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await statusOf(orderId)).toBe('FULFILLED');

    // Cancelling a shipped order is refused, pointing to refunds.
    const cancel = await call(owner, 'POST', `/admin-api/v1/orders/${orderId}/cancel`, {});
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().details.applicationError.description).toMatch(/refund it instead/);

    // The shopper reads their shipments; another shopper cannot.
    const mine = await call(member, 'GET', `/ecom/v1/fulfillments/orders/${orderId}`);
    expect(mine.json().orderWithFulfillments.fulfillments).toHaveLength(2);
    expect(
      (await call(memberToken('m-other'), 'GET', `/ecom/v1/fulfillments/orders/${orderId}`)).statusCode,
    ).toBe(404);

    // The shipping e-mail over SMTP carries a working tracking link and the link to the order.
    await deliver();
    // Two shipments, two e-mails (delivered in either order): the first one's has the tracking.
    const mail = await smtp.waitFor(
      (received) => received.to.includes('ship@example.com') && received.text.includes('Tracking number'),
    );
    expect(mail.text).toContain('Track your parcel: https://track.example.com/?n=JD014600006281230704');
    expect(mail.text).toContain(`${t.config.publicUrl}/account/orders/${orderId}`);
    const link = /Track your parcel: (\S+)/.exec(mail.text)?.[1];
    expect(new URL(link ?? '').protocol).toBe('https:');
    const shippingMails = smtp.messages.filter(
      (received) => received.to.includes('ship@example.com') && /shipped/.test(received.subject),
    );
    expect(shippingMails).toHaveLength(2);

    // Events per shipment, and the timeline.
    const fulfillmentId = first.json().orderWithFulfillments.fulfillments[0].id;
    expect(
      (await listEntityEvents(t.database.db, 'fulfillment', fulfillmentId)).map((event) => event.type),
    ).toEqual(['ecom.fulfillment.created']);
    const activities = (await call(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order.activities;
    expect(activities[0].type).toBe('ORDER_PLACED');
    expect(activities.filter((a: { type: string }) => a.type === 'FULFILLMENT_CREATED')).toHaveLength(2);
    expect(activities.some((a: { message: string }) => a.message.includes('DHL JD014600006281230704'))).toBe(
      true,
    );
  });

  it('edits tracking (e-mailing the new link once) and deletes a shipment, moving the status back', async () => {
    const orderId = await placeTestOrder(t.app, 'v-edit', [{ productId: mug.id, quantity: 1 }]);
    const line = (await call(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order.lineItems[0];
    const created = await ship(orderId, [{ id: line.id, quantity: 1 }]);
    const fulfillmentId = created.json().orderWithFulfillments.fulfillments[0].id;
    expect(await statusOf(orderId)).toBe('FULFILLED');
    await deliver();
    const badLink = await call(owner, 'PATCH', `/ecom/v1/fulfillments/${fulfillmentId}/orders/${orderId}`, {
      fulfillment: { trackingInfo: { trackingNumber: '1Z999', trackingLink: 'javascript:alert(1)' } },
    });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'fulfillment.trackingInfo.trackingLink',
      violatedRule: 'FORMAT',
    });
    const tooLong = await call(owner, 'PATCH', `/ecom/v1/fulfillments/${fulfillmentId}/orders/${orderId}`, {
      fulfillment: { trackingInfo: { trackingNumber: 'x'.repeat(101) } },
    });
    expect(tooLong.statusCode).toBe(400);
    const edited = await call(owner, 'PATCH', `/ecom/v1/fulfillments/${fulfillmentId}/orders/${orderId}`, {
      fulfillment: {
        trackingInfo: {
          shippingProvider: 'UPS',
          trackingNumber: '1Z999',
          trackingLink: 'https://ups.example.com/1Z999',
        },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await deliver();
    await deliver();
    const updates = smtp.messages.filter(
      (mail) => mail.to.includes('v-edit@example.com') && /tracking updated/.test(mail.subject),
    );
    expect(updates).toHaveLength(1);
    expect(updates[0]?.text).toContain('https://ups.example.com/1Z999');

    const deleted = await call(owner, 'DELETE', `/ecom/v1/fulfillments/${fulfillmentId}/orders/${orderId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().orderWithFulfillments.fulfillments).toEqual([]);
    expect(await statusOf(orderId)).toBe('NOT_FULFILLED');
    // The rejected changes recorded nothing.
    expect(
      (await listEntityEvents(t.database.db, 'fulfillment', fulfillmentId)).map((event) => event.type),
    ).toEqual(['ecom.fulfillment.created', 'ecom.fulfillment.updated', 'ecom.fulfillment.deleted']);
    const missing = await call(owner, 'DELETE', `/ecom/v1/fulfillments/${fulfillmentId}/orders/${orderId}`);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses the same shipment sent twice (same lines, carrier and tracking number), saying what to do', async () => {
    const orderId = await placeTestOrder(t.app, 'v-twice', [{ productId: mug.id, quantity: 4 }]);
    const [line] = (await call(owner, 'GET', `/admin-api/v1/orders/${orderId}`)).json().order.lineItems;
    const tracking = { shippingProvider: 'DHL', trackingNumber: 'JD0146000099' };
    expect((await ship(orderId, [{ id: line.id, quantity: 1 }], tracking)).statusCode).toBe(200);
    const twice = await ship(orderId, [{ id: line.id, quantity: 1 }], tracking);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().details.applicationError).toMatchObject({
      code: 'DUPLICATE_FULFILLMENT',
      description: expect.stringMatching(
        /^This shipment \(1 × Mug \(DHL JD0146000099\)\) was recorded already on order #\d+\. Reload the order to see it; to ship more, change the items or the tracking number\.$/,
      ),
    });
    // The same tracking number names the same parcel, however late the resubmit.
    now = new Date(now.getTime() + 60 * 60_000);
    expect((await ship(orderId, [{ id: line.id, quantity: 1 }], tracking)).statusCode).toBe(409);
    // Another parcel: another tracking number.
    expect(
      (await ship(orderId, [{ id: line.id, quantity: 1 }], { ...tracking, trackingNumber: 'JD0146000100' }))
        .statusCode,
    ).toBe(200);
    // Untracked: the same items twice within minutes is a double click; later, a second parcel.
    expect((await ship(orderId, [{ id: line.id, quantity: 1 }])).statusCode).toBe(200);
    const untracked = await ship(orderId, [{ id: line.id, quantity: 1 }]);
    expect(untracked.statusCode).toBe(409);
    expect(untracked.json().details.applicationError.description).toMatch(/or add a tracking number\.$/);
    now = new Date(now.getTime() + 11 * 60_000);
    expect((await ship(orderId, [{ id: line.id, quantity: 1 }])).statusCode).toBe(200);
    const shipments = (await call(owner, 'GET', `/ecom/v1/fulfillments/orders/${orderId}`)).json();
    expect(shipments.orderWithFulfillments.fulfillments).toHaveLength(4);
  });

  it('"Mark fulfilled" ships whatever is left; shoppers cannot ship; notes go on the timeline', async () => {
    const orderId = await placeTestOrder(t.app, 'v-mark', [{ productId: lamp.id, quantity: 2 }]);
    const marked = await call(owner, 'POST', `/admin-api/v1/orders/${orderId}/fulfill`, {});
    expect(marked.json().order.fulfillmentStatus).toBe('FULFILLED');
    const shipments = (await call(owner, 'GET', `/ecom/v1/fulfillments/orders/${orderId}`)).json();
    expect(shipments.orderWithFulfillments.fulfillments[0].lineItems[0].quantity).toBe(2);
    const line = marked.json().order.lineItems[0];
    const shopper = await call(
      memberToken('m-x'),
      'POST',
      `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`,
      {
        fulfillment: { lineItems: [{ id: line.id, quantity: 1 }] },
      },
    );
    expect([401, 403]).toContain(shopper.statusCode);
    const noted = await call(owner, 'POST', `/ecom/v1/orders/${orderId}/activities`, {
      activity: { merchantComment: { message: 'Gift wrap requested by phone' } },
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json().order.activities.at(-1)).toMatchObject({
      type: 'MERCHANT_COMMENT',
      merchantComment: { message: 'Gift wrap requested by phone' },
    });
    const empty = await call(owner, 'POST', `/ecom/v1/orders/${orderId}/activities`, {
      activity: { merchantComment: { message: '   ' } },
    });
    expect(empty.json().details.validationError.fieldViolations[0].field).toBe(
      'activity.merchantComment.message',
    );
  });
});
