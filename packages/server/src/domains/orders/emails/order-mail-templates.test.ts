import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineItem, setUpTestStore } from '../../../testing/ecom.js';
import {
  createTestApp,
  makeTee,
  memberToken,
  merchantKey,
  type TestApp,
  testDatabaseKind,
  visitorToken,
} from '../../../testing/index.js';
import { NEW_YORK_DELIVERY, sandboxCard } from '../../../testing/orders.js';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';

/*
 * The order e-mails as a buyer receives them over real SMTP (issue #22 item 4): the HTML and the text
 * part written from one template carry the same facts — lines with their options, quantities and line
 * totals, the address printed by country, the totals, and a link to the order that opens it.
 */
let now = new Date('2026-10-05T10:00:00Z');
let t: TestApp;
let smtp: TestSmtpServer;
let owner: string;
let teeId: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ clock: () => now, env: { SMTP_URL: smtp.url, STORE_NAME: 'Env Store' } });
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  const tee = await makeTee(t.database.db, 20);
  teeId = tee.record.id;
  const named = await t.app.inject({
    method: 'PATCH',
    url: '/admin-api/v1/store-settings',
    headers: { authorization: owner },
    payload: { settings: { storeName: 'Harbor & Pine', contactEmail: 'hello@harbor.example' } },
  });
  expect(named.statusCode, named.body).toBe(200);
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

async function placeOrder(token: string, email: string, paymentMethod?: object) {
  const call = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const reply = await t.app.inject({ method, url, headers: { authorization: token }, payload });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json();
  };
  await call('POST', '/ecom/v1/carts/current/add-to-cart', {
    lineItems: [lineItem(teeId, 2, { options: { Size: 'M', Color: 'Blue' } })],
  });
  const { checkoutId } = await call('POST', '/ecom/v1/carts/current/create-checkout', {});
  await call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
    checkout: { buyerInfo: { email }, shippingInfo: NEW_YORK_DELIVERY },
    couponCode: 'SAVE10',
  });
  const placed = await call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
    ...(paymentMethod ? { paymentMethod } : {}),
  });
  const order = await t.app.inject({
    url: `/admin-api/v1/orders/${placed.orderId}`,
    headers: { authorization: owner },
  });
  return { orderId: placed.orderId as string, order: order.json().order };
}

const mailTo = (email: string, tag: string) =>
  smtp.waitFor((mail) => mail.to.includes(email) && mail.raw.includes(`X-Openshelf-Tags: ${tag}`));

/** The HTML with tags and entities out of the way, to read it as a person would. */
const readable = (mail: ReceivedMail) =>
  mail.html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe(`order e-mails from templates, over SMTP (${testDatabaseKind()})`, () => {
  it("confirms a member's order: lines with options, address by country, totals and the order link, in both parts", async () => {
    const member = memberToken('m-mail');
    const { orderId, order } = await placeOrder(member, 'buyer@example.com', sandboxCard());
    await deliver();
    const mail = await mailTo('buyer@example.com', 'ecom.order.confirmation');
    expect(mail.subject).toBe(`Harbor & Pine: order #${order.number} received`);
    // Replies go to the store's contact address from Settings.
    expect(mail.raw).toMatch(/Reply-To: hello@harbor\.example/i);

    const summary = order.priceSummary;
    const facts = [
      'Tee',
      'Size: M',
      'Color: Blue',
      'Ada Lovelace',
      '1 Main St',
      'New York, NY 10001',
      'United States of America',
      summary.subtotal.formattedAmount,
      `−${summary.discount.formattedAmount}`,
      summary.shipping.formattedAmount,
      summary.tax.formattedAmount,
      summary.total.formattedAmount,
      'hello@harbor.example',
    ];
    const html = readable(mail);
    for (const fact of facts) expect(html, fact).toContain(fact);
    for (const fact of facts) expect(mail.text, fact).toContain(fact);
    // The line: quantity, unit price and line total in columns of the text part.
    expect(mail.text).toMatch(/Tee\s+2\s+\$20\.00\s+\$40\.00/);
    expect(mail.text).toMatch(new RegExp(`Total\\s+\\${summary.total.formattedAmount}`));

    // Accessible HTML: the language, data tables with headers, the layout tables marked as layout.
    expect(mail.html).toContain('lang="en"');
    expect(mail.html).toMatch(/<th[^>]*scope="col"[^>]*>Item<\/th>/);
    expect(mail.html).toContain('role="presentation"');

    // The link goes to the order in the member's account, and that order is the member's to read.
    const link = `${t.config.publicUrl}/account/orders/${orderId}`;
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(link);
    const own = await t.app.inject({ url: `/ecom/v1/orders/${orderId}`, headers: { authorization: member } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().order.number).toBe(order.number);
  });

  it('tells a pay-later buyer how to pay, then that the order is canceled; each e-mail once', async () => {
    const { orderId, order } = await placeOrder(visitorToken('v-later'), 'later@example.com');
    await deliver();
    const instructions = await mailTo('later@example.com', 'ecom.order.payment-instructions');
    const due = order.priceSummary.total.formattedAmount;
    expect(instructions.subject).toBe(`Harbor & Pine: how to pay for order #${order.number}`);
    for (const part of [readable(instructions), instructions.text]) {
      expect(part).toContain(`${due} to pay for order #${order.number}`);
      expect(part).toContain('hello@harbor.example');
    }
    // A guest has no account page: the link is the order's own access link, and it opens the order.
    const link = new RegExp(`${t.config.publicUrl}/orders/${orderId}\\?key=[\\w-]{43}`).exec(
      instructions.text,
    )?.[0];
    expect(instructions.html).toContain(`href="${link}"`);
    const opened = await t.app.inject({
      url: `/ecom/v1/order-links/${orderId}?key=${new URL(link ?? '').searchParams.get('key')}`,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().order.number).toBe(order.number);

    const canceled = await t.app.inject({
      method: 'POST',
      url: `/admin-api/v1/orders/${orderId}/cancel`,
      headers: { authorization: owner },
      payload: {},
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await deliver();
    await deliver();
    const cancellation = await mailTo('later@example.com', 'ecom.order.cancellation');
    expect(cancellation.subject).toBe(`Harbor & Pine: order #${order.number} canceled`);
    for (const part of [readable(cancellation), cancellation.text]) {
      expect(part).toContain('Size: M');
      expect(part).toContain('Nothing was charged for this order.');
    }
    const mine = smtp.messages.filter((mail) => mail.to.includes('later@example.com'));
    expect(mine.map((mail) => mail.subject).sort()).toEqual(
      [
        `Harbor & Pine: how to pay for order #${order.number}`,
        `Harbor & Pine: order #${order.number} canceled`,
        `Harbor & Pine: order #${order.number} received`,
      ].sort(),
    );
    // The order's timeline notes each e-mail.
    const read = await t.app.inject({
      url: `/admin-api/v1/orders/${orderId}`,
      headers: { authorization: owner },
    });
    const notes = (read.json().order.activities as { type: string; message?: string }[])
      .filter((activity) => JSON.stringify(activity).includes('E-mail sent'))
      .map((activity) => JSON.stringify(activity));
    expect(notes).toHaveLength(3);
    expect(notes.join()).toContain('canceled');
  });
});
