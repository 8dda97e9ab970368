import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '../../../../packages/sdk/src/index.js';
import {
  type AdminTestServer,
  createStaff,
  pngImage,
  startAdminTestServer,
} from '../../../../packages/sdk/test/support/admin-store.js';
import { signIn } from './admin-support.js';
import { browserAvailable, launchBrowser } from './browser.js';

describe.runIf(browserAvailable())('merchant admin: sign-in and catalog in Chromium', () => {
  let server: AdminTestServer;
  let browser: Browser;
  let staff: { email: string; password: string };

  beforeAll(async () => {
    server = await startAdminTestServer({ storefront: true, env: { STORE_NAME: 'Harbor & Pine' } });
    staff = await createStaff(server.t, 'owner@harbor.example');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sends signed-out people to the login, refuses a wrong password at the field, and keeps the session in a strict httpOnly cookie', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin/orders?status=CANCELED`);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/admin/orders?status=CANCELED');

    await page.getByLabel('E-mail').fill(staff.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('We could not sign you in.');
    const password = page.getByLabel('Password');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Wrong e-mail or password. Check both and try again.').count()).toBe(1);

    await password.fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/orders?status=CANCELED`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Orders');
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({
      name: 'openshelf_admin',
      path: '/admin',
      httpOnly: true,
      sameSite: 'Strict',
    });

    // Form posts from another site, or that do not say where they come from, are refused even with the
    // cookie (React Router itself answers 400 to a foreign Origin; ours answers 403 to a missing one).
    const forge = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/admin/api-keys`, {
        method: 'POST',
        headers: {
          ...headers,
          Cookie: `${cookie?.name}=${cookie?.value}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'intent=create&name=stolen&role=owner',
        redirect: 'manual',
      });
    expect((await forge({ Origin: 'https://evil.example' })).status).toBeGreaterThanOrEqual(400);
    expect((await forge({ Referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await forge({})).status).toBe(403);
    await page.goto(`${server.baseUrl}/admin/api-keys`);
    expect(await page.getByRole('rowheader', { name: 'stolen' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/login`);
    await page.goto(`${server.baseUrl}/admin`);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await context.close();
  });

  it('takes a password exactly as typed: spaces at its ends are part of it', async () => {
    const spaced = await createStaff(server.t, 'spaced@harbor.example', 'staff', '  harbor lights ');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin/login`);
    await page.getByLabel('E-mail').fill(spaced.email);
    await page.getByLabel('Password').fill(spaced.password.trim());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('We could not sign you in.');
    await page.getByLabel('Password').fill(spaced.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    await context.close();
  });

  it('creates a product with an option, variants and stock, uploads an image, and the shop serves it', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, staff.email, staff.password);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'Add product' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/products/new`);

    // Field errors from the API's validation land at the field.
    await page.getByLabel('Name', { exact: true }).fill('Trail Runner');
    await page.getByLabel('Price', { exact: true }).fill('12.345');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect
      .poll(() => page.getByLabel('Price', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');

    await page.getByLabel('Price', { exact: true }).fill('89');
    await page.getByLabel('Option 1 name').fill('Size');
    await page.getByLabel('Option 1 choices').fill('40, 41, 42');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL(/\/admin\/products\/[^/]+\?created=1$/);
    const productId = new URL(page.url()).pathname.split('/').pop() as string;
    await page.getByLabel('Quantity of 40').fill('5');
    await page.getByLabel('Quantity of 41').fill('0');
    await page.getByLabel('Quantity of 42').fill('2');
    await page.getByLabel('Price of 42').fill('95');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Product saved.');

    await page.getByLabel('Image file').setInputFiles({
      name: 'trail.png',
      mimeType: 'image/png',
      buffer: await pngImage(64, 48),
    });
    await page.getByLabel('Alt text').fill('Trail Runner, side view');
    await page.getByRole('button', { name: 'Upload image' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Added trail.png.');
    await expect.poll(() => page.getByRole('img', { name: 'Trail Runner, side view' }).count()).toBe(1);

    // The shop's public API (what the storefront reads through the SDK) now serves it.
    const shop = createTransport({ baseUrl: server.baseUrl });
    const { product } = await shop.request<{
      product: {
        slug: string;
        visible: boolean;
        productOptions: { name: string; choices: { value: string; inStock: boolean }[] }[];
        variants: {
          choices: Record<string, string>;
          stock: { quantity: number };
          variant: { priceData: { price: number } };
        }[];
        media: { items: unknown[] };
      };
    }>({ method: 'GET', path: `/stores-reader/v1/products/${productId}` });
    expect(product.slug).toBe('trail-runner');
    expect(product.visible).toBe(true);
    expect(product.productOptions[0]?.choices.map((c) => [c.value, c.inStock])).toEqual([
      ['40', true],
      ['41', false],
      ['42', true],
    ]);
    expect(
      product.variants.map((v) => [v.choices.Size, v.stock.quantity, v.variant.priceData.price]),
    ).toEqual([
      ['40', 5, 89],
      ['41', 0, 89],
      ['42', 2, 95],
    ]);
    expect(product.media.items).toHaveLength(1);

    // And the shop's product page shows it, with the sold-out choice.
    const shopPage = await browser.newPage();
    const response = await shopPage.goto(`${server.baseUrl}/products/trail-runner`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => shopPage.getByRole('heading', { level: 1 }).textContent()).toBe('Trail Runner');
    expect(await shopPage.content()).toContain('$89.00');
    await shopPage.close();

    // Bulk: raise the price of the ticked product by 10 %.
    await page.goto(`${server.baseUrl}/admin/products?q=trail`);
    await page.getByLabel('Select Trail Runner').check();
    await page.getByLabel('Field to change').selectOption('price');
    await page.getByLabel('How to change it').selectOption('percent');
    await page.getByLabel('Value or change').fill('10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Updated 1 product.');
    const after = await shop.request<{ product: { priceData: { price: number } } }>({
      method: 'GET',
      path: `/stores-reader/v1/products/${productId}`,
    });
    expect(after.product.priceData.price).toBe(97.9);
    await page.close();
  });
});
