import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../../packages/server/src/db/client.js';
import { createTestProduct, type TestProduct } from '../../../../packages/server/src/testing/ecom.js';
import {
  type FakeStripe,
  startFakeStripe,
} from '../../../../packages/server/src/testing/fake-stripe/index.js';
import { merchantKey } from '../../../../packages/server/src/testing/index.js';
import { signUp, uniqueEmail } from './account-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable, launchBrowser } from './browser.js';
import {
  addAndCheckOut,
  chooseDelivery,
  fillCheckoutDetails,
  type ShopServer,
  startShop,
} from './shop-fixture.js';

// The hosted checkout with Stripe's Payment Element: Stripe's API and its browser script are the local
// fake (testing/fake-stripe), which the store is configured to reach; nothing leaves this machine.
describe.runIf(browserAvailable())('shop: paying by card through Stripe', () => {
  let stripe: FakeStripe;
  let shop: ShopServer;
  let browser: Browser;
  let cup: TestProduct;

  beforeAll(async () => {
    stripe = await startFakeStripe({ autoDeliver: true });
    shop = await startShop(stripe.env);
    cup = await createTestProduct(shop.t.database.db, { name: 'Enamel Cup', priceMinor: 1800 });
    // Stripe's events arrive as they would: while the shopper is being sent back to the store.
    stripe.setWebhookUrl(`${shop.baseUrl}/payments/v1/stripe/webhook`, true);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.t.close();
    await stripe?.close();
  });

  async function orderOf(orderId: string) {
    const reply = await shop.t.app.inject({
      url: `/admin-api/v1/orders/${orderId}`,
      headers: { authorization: await merchantKey(shop.t.database) },
    });
    return reply.json().order as { paymentStatus: string; payments: { provider: string; status: string }[] };
  }

  /** A mug in the cart, details and shipping filled in: the shopper is at the payment step. */
  async function atPayment(page: Page, cardForm = true) {
    await page.goto(`${shop.baseUrl}/products/${cup.slug}`, { waitUntil: 'networkidle' });
    await addAndCheckOut(page);
    await fillCheckoutDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await chooseDelivery(page);
    // Stripe's card form, drawn by (the fake) Stripe.js inside the page.
    if (cardForm)
      await expect.poll(() => page.getByLabel('Card number').count(), { timeout: 15_000 }).toBe(1);
  }

  async function payWith(page: Page, number: string) {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Place order/ }).click();
  }

  const watch = (page: Page) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (m) => {
      // A declined card is Stripe's 402 to the browser: expected, and said at the card.
      if (m.type() === 'error' && !/402/.test(m.text())) problems.push(m.text());
    });
    return problems;
  };

  it('a card that pays: Stripe confirms, the store places the order once; the page passes axe', {
    timeout: 120_000,
  }, async () => {
    const page = await browser.newPage();
    const problems = watch(page);
    await atPayment(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/thank-you\//, { timeout: 30_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/^Order #\d+ confirmed$/);
    const orderId = new URL(page.url()).pathname.split('/').pop() as string;
    const order = await orderOf(orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.payments).toEqual([expect.objectContaining({ provider: 'STRIPE', status: 'CAPTURED' })]);
    await stripe.delivered();
    // The webhook's payment_intent.succeeded found the order already placed: still one.
    const intentId = [...stripe.intents.values()].find((i) => i.status === 'succeeded')?.id;
    const [row] = await queryRows<{ n: string }>(
      shop.t.database.db,
      sql`SELECT count(*) AS n FROM payments WHERE provider_reference = ${intentId ?? ''}`,
    );
    expect(Number(row?.n)).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('3-D Secure: the bank’s page, failed then passed, each time back to the store, which then places the order', {
    timeout: 120_000,
  }, async () => {
    const page = await browser.newPage();
    await atPayment(page);
    // The shopper fails the bank's check first: back at the checkout, told so at the card.
    await payWith(page, '4000 0025 0000 3155');
    await page.waitForURL(/\/3ds\//);
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.waitForURL(/\/checkout\/.*redirect_status=failed/);
    await expect
      .poll(() => page.locator('#stripe-card-error').textContent(), { timeout: 15_000 })
      .toBe('Your bank did not confirm the payment. Try again, or use another card.');
    await expect.poll(() => page.getByLabel('Card number').count(), { timeout: 15_000 }).toBe(1);
    await payWith(page, '4000 0025 0000 3155');
    await page.waitForURL(/\/3ds\//);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(/\/thank-you\//, { timeout: 30_000 });
    const orderId = new URL(page.url()).pathname.split('/').pop() as string;
    expect((await orderOf(orderId)).paymentStatus).toBe('PAID');
    await page.close();
  });

  it('a declined card is said at the card, in the shopper’s words; no order', {
    timeout: 120_000,
  }, async () => {
    const page = await browser.newPage();
    const before = stripe.intents.size;
    await atPayment(page);
    await payWith(page, '4000 0000 0000 0002');
    await expect
      .poll(() => page.locator('#stripe-card-error').textContent(), { timeout: 15_000 })
      .toBe('Your card was declined.');
    expect(page.url()).toMatch(/\/checkout\//);
    // The same card form takes another card: the order is placed with it.
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/thank-you\//, { timeout: 30_000 });
    expect(stripe.intents.size - before).toBe(1);
    await page.close();
  });

  it('without JavaScript the card says it needs it, and Pay later still places the order', {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.baseUrl}/products/${cup.slug}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\//);
    await fillCheckoutDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /Standard/ }).check();
    await page.getByRole('button', { name: 'Use this option' }).click();
    await expect.poll(() => page.getByText('Paying by card needs JavaScript').count()).toBe(1);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect.poll(() => page.locator('#stripe-card-error').textContent()).toMatch(/needs JavaScript/);
    await page.getByRole('radio', { name: /Pay later/ }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    const orderId = new URL(page.url()).pathname.split('/').pop() as string;
    expect((await orderOf(orderId)).paymentStatus).toBe('NOT_PAID');
    await context.close();
  });

  it('a member keeps the card with Stripe, then pays with it in one click', {
    timeout: 180_000,
  }, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUp(page, shop.t, shop.baseUrl, uniqueEmail('stripe-saver'));
    await atPayment(page);
    // Keeping the card brings a new PaymentIntent and a new card form. The address changes before the
    // page renders with it, so the old form is still there for a moment: wait until it has gone.
    const oldCardForm = await page.getByLabel('Card number').elementHandle();
    await page.getByLabel('Save this card for my next purchases').check();
    await page.waitForURL(/saveCard=1/);
    await page.waitForFunction((field) => !field?.isConnected, oldCardForm, { timeout: 15_000 });
    await expect.poll(() => page.getByLabel('Card number').count(), { timeout: 15_000 }).toBe(1);
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/thank-you\//, { timeout: 30_000 });
    const [saved] = await queryRows<{ n: string }>(
      shop.t.database.db,
      sql`SELECT count(*) AS n FROM saved_payment_methods WHERE provider = 'STRIPE'`,
    );
    expect(Number(saved?.n)).toBe(1);
    const kept = [...stripe.intents.values()].slice(-1)[0];
    expect(kept?.customer).toMatch(/^cus_/);

    // Next purchase: the saved card is offered first and pays without the card form.
    await atPayment(page, false);
    await expect.poll(() => page.getByRole('radio', { name: /Visa ending 4242/ }).isChecked()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//, { timeout: 30_000 });
    const orderId = new URL(page.url()).pathname.split('/').pop() as string;
    expect((await orderOf(orderId)).paymentStatus).toBe('PAID');
    const reused = [...stripe.intents.values()].slice(-1)[0];
    expect(reused?.customer).toBe(kept?.customer);
    expect(reused?.id).not.toBe(kept?.id);
    await context.close();
  });
});
