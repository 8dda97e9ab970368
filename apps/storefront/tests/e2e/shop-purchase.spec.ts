import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct } from '../../../../packages/server/src/testing/ecom.js';
import { browserAvailable, launchBrowser } from './browser.js';
import { fillCheckoutDetails, fillSandboxCard, type ShopServer, startShop } from './shop-fixture.js';

async function orderOf(shop: ShopServer, orderId: string) {
  const key = (await import('../../../../packages/server/src/testing/index.js')).merchantKey;
  const auth = await key(shop.t.database);
  const reply = await shop.t.app.inject({
    url: `/ecom/v1/orders/${orderId}`,
    headers: { authorization: auth },
  });
  return reply.json().order as {
    giftCard?: { obfuscatedCode: string; amount: { amount: string } };
    lineItems: { quantity: number; productName: { original: string } }[];
    paymentStatus: string;
    buyerInfo: { email: string };
  };
}

describe.runIf(browserAvailable())('shop: browse, filter, buy', () => {
  let shop: ShopServer;
  let browser: Browser;

  beforeAll(async () => {
    shop = await startShop();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.t.close();
  });

  it('browse → filter → product → options → add → cart drawer → checkout → sandbox card → thank-you (JavaScript on)', {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });

    await page.goto(shop.baseUrl, { waitUntil: 'networkidle' });
    await page
      .getByRole('navigation', { name: 'Collections', exact: true })
      .getByRole('link', { name: 'Apparel' })
      .click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Apparel');
    await page.waitForLoadState('networkidle');
    await page.getByRole('checkbox', { name: /Flaxhaus/ }).check();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('brand')).toEqual(['Flaxhaus']);
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^\d+ products?$/);
    // Browsing has not minted a visitor: no session cookie yet.
    expect((await context.cookies()).map((c) => c.name)).not.toContain('os_session');

    await page.getByRole('link', { name: /Linen Tee/ }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Linen Tee');
    // S in Navy is sold out: choosing S greys out Navy.
    await page.getByText('S', { exact: true }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Navy/ }).isDisabled()).toBe(true);
    await page.getByText('M', { exact: true }).click();
    await page.getByRole('radio', { name: /Navy/ }).check({ force: true });
    // The gallery shows the chosen colour's picture.
    await expect
      .poll(() => page.locator('.gallery-main img').getAttribute('src'))
      .toMatch(/linen-tee-navy\.jpg/);
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();

    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText('Linen Tee').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('link', { name: /^Cart, 2 items$/ }).count()).toBe(1);
    expect((await context.cookies()).find((c) => c.name === 'os_session')?.httpOnly).toBe(true);

    await drawer.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\//);
    await fillCheckoutDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).count()).toBe(1);
    await page.getByRole('radio', { name: /Standard/ }).check();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    // The demo gift card pays $50 of it; shoppers only ever see its last four characters.
    await page.getByLabel('Gift card code').fill(shop.giftCardCode);
    await page.getByRole('button', { name: 'Apply' }).nth(1).click();
    const lastFour = shop.giftCardCode.replace(/-/g, '').slice(-4);
    await expect.poll(() => page.locator('.coupon-applied').textContent()).toContain(lastFour);
    await expect.poll(() => page.locator('.coupon-applied').textContent()).toContain('$50.00');
    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/^Order #\d+ confirmed$/);

    const orderId = new URL(page.url()).pathname.split('/').pop() as string;
    const order = await orderOf(shop, orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.giftCard?.amount.amount).toBe('50.00');
    await expect.poll(() => page.getByText(`Gift card ${order.giftCard?.obfuscatedCode}`).count()).toBe(1);
    expect(order.buyerInfo.email).toBe('ada@example.com');
    expect(order.lineItems.map((l) => [l.productName.original, l.quantity])).toEqual([['Linen Tee', 2]]);
    expect(problems).toEqual([]);

    // Another shopper cannot read this order's thank-you page.
    const stranger = await browser.newPage();
    const response = await stranger.goto(`${shop.baseUrl}/thank-you/${orderId}`);
    expect(response?.status()).toBe(404);
    await stranger.close();
    await context.close();
  });

  it('the same purchase with JavaScript off: plain forms and redirects', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.baseUrl}/search?q=mug`);
    await page.getByRole('link', { name: /Stoneware Mug/ }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Stoneware Mug');
    await choosePlainOptions(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(/\/cart$/);
    await expect.poll(() => page.getByText('Stoneware Mug').count()).toBeGreaterThan(0);

    // A wrong coupon is refused at its field.
    await page.getByLabel('Coupon code').fill('NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('#cart-coupon-error').textContent()).toMatch(/no coupon "NOPE"/);
    await page.getByLabel('Coupon code').fill('SAVE10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByText('Coupon SAVE10 applied.').count()).toBe(1);

    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\//);
    // Missing fields are named at the field, not in a generic error.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('#field-email-error').textContent()).toMatch(/e-mail/);
    await fillCheckoutDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /Standard/ }).check();
    await page.getByRole('button', { name: 'Use this option' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    // A declined card leaves no order and says why at the card number.
    await fillSandboxCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect.poll(() => page.locator('#field-cardNumber-error').textContent()).toMatch(/declined/);
    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/^Order #\d+ confirmed$/);
    const order = await orderOf(shop, new URL(page.url()).pathname.split('/').pop() as string);
    expect(order.lineItems[0]?.productName.original).toBe('Stoneware Mug');
    expect(order.paymentStatus).toBe('PAID');
    await context.close();
  });

  // A click in the instant between hydration and the render of the hidden _js field is still a
  // fetcher's submission: it must get data (the drawer), not the plain form's redirect to /cart.
  it('answers an add from a fetcher with data, with or without the _js field, and a plain form post with a redirect', async () => {
    const mug = await createTestProduct(shop.t.database.db, { name: 'Race mug', priceMinor: 900 });
    const post = (path: string, accept: string) =>
      fetch(`${shop.baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { accept, origin: shop.baseUrl },
        body: new URLSearchParams({ quantity: '1' }),
      });
    const fetcher = await post(`/products/${mug.slug}.data`, '*/*');
    expect(fetcher.status, await fetcher.clone().text()).toBe(200);
    const plain = await post(`/products/${mug.slug}`, 'text/html,application/xhtml+xml');
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe('/cart');
  });
});

/** Picks the first available choice of every option (radio inputs), without JavaScript. */
async function choosePlainOptions(page: Page): Promise<void> {
  const groups = page.locator('fieldset.option-picker');
  for (let i = 0; i < (await groups.count()); i++) {
    await groups.nth(i).locator('input[type=radio]:not([disabled])').first().check({ force: true });
  }
}
