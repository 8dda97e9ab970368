import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminTestServer,
  createStaff,
  startAdminTestServer,
} from '../../../../packages/sdk/test/support/admin-store.js';
import { createTestProduct } from '../../../../packages/server/src/testing/ecom.js';
import { memberToken, merchantKey } from '../../../../packages/server/src/testing/index.js';
import { placeTestOrder } from '../../../../packages/server/src/testing/orders.js';
import { signUp, uniqueEmail } from './account-support.js';
import { signIn } from './admin-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable, launchBrowser } from './browser.js';
import { deliverEvents } from './shop-fixture.js';

describe.runIf(browserAvailable())('merchant admin: refunds, shipments and the timeline in Chromium', () => {
  let server: AdminTestServer;
  let browser: Browser;
  let staff: { email: string; password: string };
  let mugId: string;
  let lampId: string;

  beforeAll(async () => {
    server = await startAdminTestServer({ storefront: true });
    staff = await createStaff(server.t, 'manager@harbor.example', 'staff');
    browser = await launchBrowser();
    const db = server.t.database.db;
    mugId = (
      await createTestProduct(db, {
        name: 'Stoneware mug',
        priceMinor: 1250,
        stock: { trackInventory: true, quantity: 20 },
      })
    ).id;
    lampId = (await createTestProduct(db, { name: 'Desk lamp', priceMinor: 4000 })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function memberIdOf(email: string): Promise<string> {
    const reply = await server.t.app.inject({
      url: '/admin-api/v1/members?limit=100',
      headers: { authorization: await merchantKey(server.t.database) },
    });
    const member = reply
      .json()
      .members.find((m: { email: { address: string } }) => m.email.address === email);
    if (!member) throw new Error(`no member ${email}`);
    return member.id;
  }

  it('refunds part of an order after confirming, ships a line with tracking; the shopper sees the shipment', async () => {
    // A member buys two mugs and a lamp with a card.
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    const email = uniqueEmail('rosa');
    await signUp(shopper, server.t, server.baseUrl, email, 'Rosa');
    const orderId = await placeTestOrder(
      server.t.app,
      'rosa',
      [
        { productId: mugId, quantity: 2 },
        { productId: lampId, quantity: 1 },
      ],
      { token: memberToken(await memberIdOf(email)), email },
    );

    const context = await browser.newContext();
    const page: Page = await context.newPage();
    await signIn(page, server.baseUrl, staff.email, staff.password);
    await page.goto(`${server.baseUrl}/admin/orders/${orderId}`);
    // The address is printed as the country writes it; paid and unshipped: no "Mark as paid".
    expect(await page.locator('address').textContent()).toContain('New York, NY 10001');
    expect(await page.getByRole('button', { name: 'Mark as paid' }).count()).toBe(0);

    // Refund one mug, restocked: reviewed on a confirmation step first.
    const refund = page.getByRole('region', { name: 'Refund' });
    await refund.getByLabel(/Stoneware mug/).fill('1');
    await refund.getByLabel('Put refunded items back in stock').check();
    await refund.getByLabel('Reason (optional, told to the buyer)').fill('Arrived chipped');
    await refund.getByRole('button', { name: 'Review refund' }).click();
    const confirm = page.getByRole('region', { name: /^Refund \$/ });
    await expect.poll(() => confirm.count()).toBe(1);
    expect(await confirm.textContent()).toContain('1 × Stoneware mug');
    expect(await confirm.textContent()).toContain('The refunded items go back in stock.');
    expect({ step: 'confirm', violations: await seriousA11yViolations(page) }).toEqual({
      step: 'confirm',
      violations: [],
    });
    // Nothing happened yet.
    const before = await server.t.app.inject({
      url: `/ecom/v1/payments/orders/${orderId}`,
      headers: { authorization: await merchantKey(server.t.database) },
    });
    expect(before.json().orderTransactions.refunds).toEqual([]);
    await confirm.getByRole('button', { name: /^Refund \$/ }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toMatch(/^Refunded \$\d+\.\d\d; the buyer was e-mailed\.$/);
    await expect.poll(() => page.locator('.admin-status-row').textContent()).toContain('Partially refunded');

    // An over-refund is refused at its field, in the merchant's words.
    await refund.getByLabel('Amount (optional)').fill('999');
    await refund.getByRole('button', { name: 'Review refund' }).click();
    await expect.poll(() => refund.getByRole('alert').count()).toBe(1);
    expect(await refund.textContent()).toMatch(
      /\$999\.00 is more than the \$[\d.]+ that can still be refunded/,
    );

    // Ship the lamp only, with tracking.
    const ship = page.getByRole('region', { name: 'Ship items' });
    await ship.getByLabel(/Stoneware mug/).fill('0');
    await ship.getByLabel('Carrier').fill('DHL');
    await ship.getByLabel('Tracking number').fill('JD0146000062');
    await ship.getByLabel('Tracking link').fill('https://track.example.com/JD0146000062');
    await ship.getByRole('button', { name: 'Ship items' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Shipment recorded; the buyer was e-mailed.');
    await expect.poll(() => page.locator('.admin-status-row').textContent()).toContain('Partially fulfilled');
    // Shipped, so "Cancel order" is gone: refunds replace it.
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);

    // The timeline lists the refund and the shipment; a note is added.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByLabel('Add a note').fill('Customer called about the chip');
    await timeline.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => timeline.textContent()).toContain('Note: Customer called about the chip');
    const text = await timeline.textContent();
    expect(text).toMatch(/Refunded \$[\d.]+: 1 × Stoneware mug; restocked/);
    expect(text).toContain('Shipped: 1 × Desk lamp (DHL JD0146000062)');
    expect(text).toContain('Order placed');
    expect({ step: 'order', violations: await seriousA11yViolations(page) }).toEqual({
      step: 'order',
      violations: [],
    });

    // The buyer's e-mails: the refund and the shipment with its tracking link.
    await deliverEvents(server);
    const mailbox = async () =>
      (await server.t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`))
        .json()
        .messages.map((message: { subject: string; text: string }) => `${message.subject}\n${message.text}`)
        .join('\n---\n');
    await expect.poll(mailbox).toContain('Track your parcel: https://track.example.com/JD0146000062');
    expect(await mailbox()).toMatch(
      /refund for order #\d+[\s\S]*1 × Stoneware mug[\s\S]*Reason: Arrived chipped/,
    );
    await page.reload();
    expect(await page.getByRole('region', { name: 'Timeline' }).textContent()).toMatch(
      /E-mail sent to .*has shipped/,
    );

    // The shopper's order page shows the shipment with its tracking link.
    // (Still signed in from signing up.)
    await shopper.goto(`${server.baseUrl}/account/orders/${orderId}`);
    const track = shopper.getByRole('link', { name: 'Track parcel (DHL)' });
    await expect.poll(() => track.count()).toBe(1);
    expect(await track.getAttribute('href')).toBe('https://track.example.com/JD0146000062');
    expect(await shopper.locator('.order-shipments').textContent()).toContain('1 × Desk lamp');
    expect(await shopper.locator('.facts').textContent()).toContain('Partly refunded');
    await shopperContext.close();
    await context.close();
  });

  it('never offers refunded units for shipping; the ship and refund forms start afresh after each success', async () => {
    const orderId = await placeTestOrder(server.t.app, 'afresh', [
      { productId: mugId, quantity: 3 },
      { productId: lampId, quantity: 1 },
    ]);
    const context = await browser.newContext();
    const page: Page = await context.newPage();
    await signIn(page, server.baseUrl, staff.email, staff.password);
    await page.goto(`${server.baseUrl}/admin/orders/${orderId}`);
    const ship = page.getByRole('region', { name: 'Ship items' });
    expect(await ship.getByLabel('Stoneware mug (3 left to ship)').inputValue()).toBe('3');

    // Two mugs refunded and restocked, with a reason.
    const refund = page.getByRole('region', { name: 'Refund' });
    await refund.getByLabel(/Stoneware mug/).fill('2');
    await refund.getByLabel('Put refunded items back in stock').check();
    await refund.getByLabel('Reason (optional, told to the buyer)').fill('Out of stock at the warehouse');
    await refund.getByRole('button', { name: 'Review refund' }).click();
    await page
      .getByRole('region', { name: /^Refund \$/ })
      .getByRole('button', { name: /^Refund \$/ })
      .click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Refunded \$/);
    // The refund form starts afresh: no reason, no restock tick, no quantities.
    await expect.poll(() => refund.getByLabel('Reason (optional, told to the buyer)').inputValue()).toBe('');
    expect(await refund.getByLabel('Put refunded items back in stock').isChecked()).toBe(false);
    expect(await refund.getByLabel(/Stoneware mug/).inputValue()).toBe('0');
    // Only the one mug not refunded is offered for shipping.
    expect(await ship.getByLabel('Stoneware mug (1 left to ship)').inputValue()).toBe('1');
    await ship.getByLabel(/Desk lamp/).fill('0');
    await ship.getByLabel('Carrier').fill('DHL');
    await ship.getByLabel('Tracking number').fill('JD0146000077');
    await ship.getByRole('button', { name: 'Ship items' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Shipment recorded; the buyer was e-mailed.');
    // The ship form starts afresh too: no carrier or tracking number from the last parcel.
    expect(await ship.getByLabel('Carrier').inputValue()).toBe('');
    expect(await ship.getByLabel('Tracking number').inputValue()).toBe('');
    expect(await ship.getByLabel(/Stoneware mug/).count()).toBe(0);
    expect(await ship.getByLabel('Desk lamp (1 left to ship)').inputValue()).toBe('1');

    // The lamp goes in a parcel of its own.
    await ship.getByLabel('Carrier').fill('DHL');
    await ship.getByLabel('Tracking number').fill('JD0146000088');
    await ship.getByRole('button', { name: 'Ship items' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Shipment recorded; the buyer was e-mailed.');
    await expect.poll(() => page.locator('.admin-status-row').textContent()).toContain('Fulfilled');
    // Refunded units count as not due: with the rest shipped, there is no ship form left.
    expect(await ship.count()).toBe(0);
    expect({ violations: await seriousA11yViolations(page) }).toEqual({ violations: [] });
    await context.close();
  });

  it('a resubmitted shipment (same items, carrier and tracking number) is refused at the ship form', async () => {
    const orderId = await placeTestOrder(server.t.app, 'resubmit', [{ productId: mugId, quantity: 4 }]);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page: Page = await context.newPage();
    await signIn(page, server.baseUrl, staff.email, staff.password);
    const shipOne = async () => {
      await page.goto(`${server.baseUrl}/admin/orders/${orderId}`);
      const ship = page.getByRole('region', { name: 'Ship items' });
      await ship.getByLabel(/Stoneware mug/).fill('1');
      await ship.getByLabel('Carrier').fill('UPS');
      await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
      await ship.getByRole('button', { name: 'Ship items' }).click();
      await page.waitForLoadState();
    };
    // Without JavaScript the page after the post shows the form afresh.
    await shipOne();
    expect(await page.getByRole('status').textContent()).toBe('Shipment recorded; the buyer was e-mailed.');
    expect(await page.getByRole('region', { name: 'Ship items' }).getByLabel('Carrier').inputValue()).toBe(
      '',
    );
    // The same parcel entered again (an old tab, a resubmit) is refused at the form, in words.
    await shipOne();
    const alert = page.getByRole('region', { name: 'Ship items' }).getByRole('alert');
    expect(await alert.textContent()).toMatch(
      /^This shipment \(1 × Stoneware mug \(UPS 1Z999AA10123456784\)\) was recorded already on order #\d+\. Reload the order to see it; to ship more, change the items or the tracking number\.$/,
    );
    const shipments = await server.t.app.inject({
      url: `/ecom/v1/fulfillments/orders/${orderId}`,
      headers: { authorization: await merchantKey(server.t.database) },
    });
    // (axe needs JavaScript in the page; the JavaScript test above checks this page.)
    expect(shipments.json().orderWithFulfillments.fulfillments).toHaveLength(1);
    await context.close();
  });

  it('works without JavaScript: cancelling asks first, then cancels', async () => {
    const orderId = await placeTestOrder(server.t.app, 'nojs', [{ productId: lampId, quantity: 1 }], {
      paymentMethod: { type: 'OFFLINE' },
    });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, server.baseUrl, staff.email, staff.password);
    await page.goto(`${server.baseUrl}/admin/orders/${orderId}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('heading', { name: /^Cancel order #/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('status').textContent()).toContain('Order cancelled');
    await context.close();
  });
});
