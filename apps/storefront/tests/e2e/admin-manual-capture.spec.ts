import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestProduct } from '../../../../packages/server/src/testing/ecom.js';
import type { FakeStripe } from '../../../../packages/server/src/testing/fake-stripe/index.js';
import { merchantKey } from '../../../../packages/server/src/testing/index.js';
import { signIn } from './admin-support.js';
import { browserAvailable } from './browser.js';
import {
  addAndCheckOut,
  chooseDelivery,
  fillCheckoutDetails,
  type ShopServer,
  type StripeShop,
  startStripeShop,
} from './shop-fixture.js';

// "Authorize only, capture manually" as a merchant uses it (issue #22): chosen in the admin's Settings,
// a shopper pays by card on the hosted checkout (Stripe's API and script are the local fake), the order
// waits authorized, and the merchant captures one order and voids another, each after a confirmation.
describe.runIf(browserAvailable())('admin: card payments authorized at checkout, captured or voided', () => {
  let suite: StripeShop;
  let stripe: FakeStripe;
  let shop: ShopServer;
  let browser: Browser;
  let cup: TestProduct;
  let staff: StripeShop['staff'];

  beforeAll(async () => {
    suite = await startStripeShop();
    ({ stripe, shop, browser, cup, staff } = suite);
  });
  afterAll(() => suite?.close());

  const paymentStatusOf = async (orderId: string) =>
    (
      await shop.t.app.inject({
        url: `/admin-api/v1/orders/${orderId}`,
        headers: { authorization: await merchantKey(shop.t.database) },
      })
    ).json().order.paymentStatus as string;

  /** A shopper buys the cup by card through the hosted checkout; returns the order's id. */
  async function buyByCard(): Promise<string> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${shop.baseUrl}/products/${cup.slug}`, { waitUntil: 'networkidle' });
    await addAndCheckOut(page);
    await fillCheckoutDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await chooseDelivery(page);
    await expect.poll(() => page.getByLabel('Card number').count(), { timeout: 15_000 }).toBe(1);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//, { timeout: 30_000 });
    await expect.poll(() => page.getByText('Payment authorized').count()).toBeGreaterThan(0);
    const orderId = new URL(page.url()).pathname.split('/').pop() as string;
    await page.context().close();
    return orderId;
  }

  /** Opens the order, asks for an action, checks its confirmation, confirms it. */
  async function act(page: Page, orderId: string, button: string, title: RegExp, confirm: string) {
    await page.goto(`${shop.baseUrl}/admin/orders/${orderId}`);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: title }).count()).toBe(1);
    await page.getByRole('button', { name: confirm }).click();
  }

  it('the setting is chosen in Settings; a card order waits authorized; Capture makes it paid', {
    timeout: 180_000,
  }, async () => {
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, shop.baseUrl, staff.email, staff.password);
    await admin.goto(`${shop.baseUrl}/admin/settings`);
    await admin.getByLabel('Card payments').selectOption('MANUAL');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => admin.getByText('Settings saved.').count()).toBe(1);
    expect(await admin.getByLabel('Card payments').inputValue()).toBe('MANUAL');

    const orderId = await buyByCard();
    expect(await paymentStatusOf(orderId)).toBe('AUTHORIZED');
    await admin.goto(`${shop.baseUrl}/admin/orders/${orderId}`);
    await expect.poll(() => admin.locator('.admin-status-row').textContent()).toContain('Authorized');
    expect(await admin.getByRole('button', { name: 'Capture payment' }).count()).toBe(1);
    expect(await admin.getByRole('button', { name: 'Void authorization' }).count()).toBe(1);

    await act(admin, orderId, 'Capture payment', /^Capture the payment of order #\d+\?$/, 'Yes, capture it');
    await expect.poll(() => admin.getByText('Payment captured: the order is paid.').count()).toBe(1);
    expect(await paymentStatusOf(orderId)).toBe('PAID');
    await admin.goto(`${shop.baseUrl}/admin/orders/${orderId}`);
    await expect.poll(() => admin.locator('.admin-status-row').textContent()).toContain('Paid');
    // Nothing is held any more: neither action is offered.
    expect(await admin.getByRole('button', { name: 'Capture payment' }).count()).toBe(0);
    expect(await admin.getByRole('button', { name: 'Void authorization' }).count()).toBe(0);
    expect([...stripe.intents.values()].filter((intent) => intent.status === 'succeeded')).toHaveLength(1);
    await admin.context().close();
  });

  it('Void releases the card: the order shows Voided, can still be cancelled, and offers no capture', {
    timeout: 180_000,
  }, async () => {
    const orderId = await buyByCard();
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, shop.baseUrl, staff.email, staff.password);
    await act(
      admin,
      orderId,
      'Void authorization',
      /^Void the authorization of order #\d+\?$/,
      'Yes, void it',
    );
    await expect
      .poll(() => admin.getByText('Authorization voided: the card is no longer held.').count())
      .toBe(1);
    expect(await paymentStatusOf(orderId)).toBe('VOIDED');
    expect([...stripe.intents.values()].filter((intent) => intent.status === 'canceled')).toHaveLength(1);
    await admin.goto(`${shop.baseUrl}/admin/orders/${orderId}`);
    await expect.poll(() => admin.locator('.admin-status-row').textContent()).toContain('Voided');
    expect(await admin.getByRole('button', { name: 'Capture payment' }).count()).toBe(0);
    expect(await admin.getByRole('button', { name: 'Void authorization' }).count()).toBe(0);
    expect(await admin.getByRole('button', { name: 'Cancel order' }).count()).toBe(1);
    await admin.context().close();
  });
});
