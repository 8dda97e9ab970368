import { parseTokens, serializeTokens } from '@openshelf/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable, launchBrowser } from './browser.js';
import { fillCheckoutDetails, fillSandboxCard, type ShopServer, startShop } from './shop-fixture.js';

describe.runIf(browserAvailable())('shop pages: accessibility, SEO, cart drawer', () => {
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

  const expectAccessible = async (page: Page, what: string) => {
    expect(await seriousA11yViolations(page), what).toEqual([]);
  };

  it('has no serious or critical axe violations on home, collection, product, cart, checkout and thank-you', {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(shop.baseUrl, { waitUntil: 'networkidle' });
    await expectAccessible(page, 'home');
    await page.goto(`${shop.baseUrl}/collections/kitchen?sort=price-asc`, { waitUntil: 'networkidle' });
    await expectAccessible(page, 'collection');
    await page.goto(`${shop.baseUrl}/products/house-blend-subscription`, { waitUntil: 'networkidle' });
    await expectAccessible(page, 'product');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Your cart' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('dialog').getByText('House Blend Subscription').count())
      .toBeGreaterThan(0);
    await expectAccessible(page, 'cart drawer');
    await page.goto(`${shop.baseUrl}/cart`, { waitUntil: 'networkidle' });
    await expectAccessible(page, 'cart');
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\//);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'checkout');
    await fillCheckoutDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).count()).toBe(1);
    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'thank-you');
    await context.close();
  });

  it('the cart drawer is a modal dialog: focus inside, Esc closes it, quantities change in place', {
    timeout: 90_000,
  }, async () => {
    const page = await browser.newPage();
    // A sold-out product cannot be added.
    await page.goto(`${shop.baseUrl}/products/olive-wood-spoon`);
    expect(await page.getByRole('button', { name: 'Sold out' }).isDisabled()).toBe(true);
    await page.goto(`${shop.baseUrl}/products/brass-ballpoint-pen`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('dialog'))))
      .toBe(true);
    await drawer.getByRole('button', { name: 'One more Brass Ballpoint Pen' }).click();
    await expect
      .poll(() => drawer.getByRole('status', { name: 'Quantity of Brass Ballpoint Pen' }).textContent())
      .toBe('2');
    await expect.poll(() => page.getByRole('link', { name: 'Cart, 2 items' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    // A coupon the store does not have is refused at its field.
    await page.getByRole('link', { name: /^Cart,/ }).click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByLabel('Coupon code').fill('NOPE');
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => drawer.locator('#drawer-coupon-error').textContent()).toMatch(/no coupon "NOPE"/);
    await drawer.getByRole('button', { name: 'Remove Brass Ballpoint Pen' }).click();
    await expect.poll(() => drawer.getByText('Your cart is empty.').count()).toBe(1);
    await page.close();
  });

  it('keeps the session in an httpOnly cookie and writes refreshed tokens back', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shop.baseUrl}/products/stoneware-mug`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'os_session')).toBe(true);
    const cookie = (await context.cookies()).find((c) => c.name === 'os_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const tokens = parseTokens(cookie?.value);
    expect(tokens?.refreshToken.role).toBe('visitor');
    await context.close();

    // An expired access token: the server refreshes it and sends the new one back as Set-Cookie.
    const expired = serializeTokens({ ...tokens!, accessToken: { ...tokens!.accessToken, expiresAt: 0 } });
    const reply = await fetch(`${shop.baseUrl}/cart`, { headers: { Cookie: `os_session=${expired}` } });
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain('Stoneware Mug');
    const setCookie = reply.headers.getSetCookie().find((c) => c.startsWith('os_session='));
    expect(setCookie).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    const renewed = parseTokens(setCookie?.split(';')[0]?.slice('os_session='.length));
    expect(renewed?.refreshToken.value).toBe(tokens?.refreshToken.value);
    expect(renewed?.accessToken.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('serves titles, canonical URLs, Open Graph, Product JSON-LD, sitemap.xml and robots.txt', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${shop.baseUrl}/products/dinner-plate-set-of-4`);
    // Product pages mint no visitor: cacheable, no cookie.
    expect(response?.headers()['set-cookie']).toBeUndefined();
    expect(await page.title()).toBe('Dinner Plate Set of 4 · Harbor & Pine');
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(
      `${shop.t.config.publicUrl}/products/dinner-plate-set-of-4`,
    );
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('product');
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Dinner Plate Set of 4',
      brand: { name: 'Clayworks' },
      offers: {
        '@type': 'Offer',
        price: 81.6,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    // The sale price, the struck-through list price and responsive images from the media endpoint.
    expect(await page.locator('.price-lg .price-now').textContent()).toBe('$81.60');
    expect(await page.locator('.price-lg s').textContent()).toContain('$96.00');
    const srcset = await page.locator('.gallery-main img').getAttribute('srcset');
    expect(srcset).toMatch(/^\/media\/[^ ]+\?w=64 64w, .*\?w=1200 1200w$/);

    const sitemap = await (await fetch(`${shop.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${shop.t.config.publicUrl}/products/dinner-plate-set-of-4</loc>`);
    expect(sitemap).toContain(`<loc>${shop.t.config.publicUrl}/collections/kitchen</loc>`);
    expect(sitemap.match(/<url>/g)?.length).toBe(1 + 7 + 42);
    const robots = await fetch(`${shop.baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain(`Sitemap: ${shop.t.config.publicUrl}/sitemap.xml`);

    // Price per unit, from the product's unit data.
    await page.goto(`${shop.baseUrl}/products/house-blend-coffee-beans`);
    expect(await page.locator('.price-lg .price-unit').textContent()).toBe(' ($6.40 / 100 g)');

    const missing = await page.goto(`${shop.baseUrl}/products/no-such-thing`);
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await page.getByRole('link', { name: 'Harbor & Pine home' }).count()).toBe(1);
    await page.close();
  });

  it('search forgives typos and keeps filters in a shareable URL', async () => {
    const page = await browser.newPage();
    await page.goto(`${shop.baseUrl}/search?q=blankit`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Results for “blankit”');
    expect(await page.getByRole('link', { name: /Merino Wool Blanket/ }).count()).toBe(1);
    await page.goto(`${shop.baseUrl}/collections/apparel?brand=Northern+Mills&sort=price-desc`);
    const names = await page.locator('.product-card-name').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(await page.getByRole('checkbox', { name: /Northern Mills/ }).isChecked()).toBe(true);
    await page.close();
  });
});
