import { beforeAll, describe, expect, it } from 'vitest';
import { placeOrder, pngImage } from '../../../../packages/sdk/test/support/admin-store.js';
import { adminSuite, rowLinesLevel, sidewaysOverflow } from './admin-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';

/*
 * Issue #22 item 7, the store half: coupons, the store's name, logo and contact address, what the
 * dashboard calls revenue, and the admin on a phone.
 */
describe.runIf(browserAvailable())('merchant admin: store set-up as a new merchant finds it', () => {
  const suite = adminSuite({ env: { STORE_NAME: 'Openshelf Test Store' } });
  const { signedIn } = suite;
  let productId: string;

  beforeAll(async () => {
    productId = (
      await suite.admin.products.create({
        name: 'Stoneware Bowl',
        priceData: { price: 24 },
        visible: true,
        stock: { trackInventory: true, quantity: 50 },
      })
    ).id;
  });

  it('empties the coupon form once the coupon is created, so a second click makes no duplicate', async () => {
    const page = await signedIn();
    await page.goto(`${suite.server.baseUrl}/admin/coupons`);
    await page.getByLabel('Code', { exact: true }).fill('SPRING15');
    await page.getByLabel('Value', { exact: true }).fill('15');
    await page.getByLabel('Usage limit').fill('100');
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Coupon SPRING15 created.');
    await expect.poll(() => page.getByLabel('Code', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Value', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Usage limit').inputValue()).toBe('');
    // A second click asks for a code (in merchant words) instead of failing as a duplicate.
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Please correct');
    expect(await page.getByText('Enter a code.').count()).toBe(1);
    // The page went to the refusal: its message at the top has the focus, and the field is marked.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('admin-alert-error'))).toBe(
      true,
    );
    expect(await page.getByLabel('Code', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect((await suite.admin.coupons.list({ code: 'SPRING15' })).coupons).toHaveLength(1);
    // A refused form keeps what was typed.
    await page.getByLabel('Code', { exact: true }).fill('SPRING15');
    await page.getByLabel('Value', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/SPRING15|exists/i);
    expect(await page.getByLabel('Code', { exact: true }).inputValue()).toBe('SPRING15');
    // The table's row lines are level in every column, the action buttons' too.
    expect(await rowLinesLevel(page)).toEqual([]);
    expect({ violations: await seriousA11yViolations(page) }).toEqual({ violations: [] });
    await page.context().close();
  });

  it('creates a plan members may cancel, and says so in its terms', async () => {
    const page = await signedIn();
    await page.goto(`${suite.server.baseUrl}/admin/plans`);
    await page.getByLabel('Name', { exact: true }).fill('Cancelable Club');
    await page.getByLabel('Price', { exact: true }).fill('9');
    await page.getByLabel('Members may cancel it').check();
    await page.getByRole('button', { name: 'Create plan' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Plan Cancelable Club created.');
    const row = page.getByRole('row', { name: /Cancelable Club/ });
    expect(await row.textContent()).toContain('members may cancel');
    const plans = await suite.admin.membershipPlans.list();
    expect(plans.find((plan) => plan.name === 'Cancelable Club')?.buyerCanCancel).toBe(true);
    await page.context().close();
  });

  it('keeps the store name, logo and contact e-mail in Settings; the shop, its titles and e-mails use them', async () => {
    const page = await signedIn();
    await page.goto(`${suite.server.baseUrl}/admin/settings`);
    // The environment's name is the default until the owner sets one.
    expect(await page.getByLabel('Store name', { exact: true }).getAttribute('placeholder')).toBe(
      'Openshelf Test Store',
    );
    await page.getByLabel('Store name', { exact: true }).fill('Harbor & Pine');
    await page.getByLabel('Contact e-mail').fill('not an address');
    await page.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is text'),
    });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => page.getByText(/^This file is not a file type the media library accepts/).count())
      .toBe(1);
    await page.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await pngImage(120, 40),
    });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => page.getByText('Enter an e-mail address, like name@example.com.').count())
      .toBe(1);
    await page.getByLabel('Contact e-mail').fill('hello@harbor.example');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Settings saved.');
    const settings = await suite.admin.settings.get();
    expect(settings).toMatchObject({
      storeName: 'Harbor & Pine',
      storeNameSet: true,
      contactEmail: 'hello@harbor.example',
      logo: { url: expect.stringMatching(/\/media\/.+\/logo\.png$/) },
    });
    await expect.poll(() => page.getByRole('img', { name: 'Harbor & Pine logo' }).count()).toBe(1);

    // The shop: header (with the logo) and page titles.
    const shop = await suite.browser.newPage();
    await shop.goto(`${suite.server.baseUrl}/`);
    expect(await shop.title()).toBe('Harbor & Pine');
    expect(await shop.getByRole('link', { name: 'Harbor & Pine home' }).locator('img').count()).toBe(1);
    await shop.close();
    // The API's documentation names the store too.
    const openapi = (await (await fetch(`${suite.server.baseUrl}/docs/json`)).json()) as {
      info: { title: string };
    };
    expect(openapi.info.title).toBe('Harbor & Pine API');

    // E-mails: From carries the store's name; order confirmations say it.
    await placeOrder(suite.server.t, productId, 'rosa@example.com');
    await suite.server.t.app.dispatcher.runOnce();
    // A pay-later order also gets its payment instructions, sent in the same round: find the confirmation.
    const mail = await suite.admin.mailbox.list({ to: 'rosa@example.com' });
    const confirmation = mail.messages.find((message) => / received$/.test(message.subject));
    expect(confirmation).toMatchObject({
      from: expect.stringMatching(/^"Harbor & Pine" </),
      subject: expect.stringMatching(/^Harbor & Pine: order #\d+ received$/),
    });
    expect(mail.messages.every((message) => message.from.startsWith('"Harbor & Pine" <'))).toBe(true);

    // Emptying the name goes back to the environment's; removing the logo removes it.
    await page.getByLabel('Store name', { exact: true }).fill('');
    await page.getByLabel('Remove the logo').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(async () => {
        const reset = await suite.admin.settings.get();
        return [reset.storeName, reset.storeNameSet, reset.logo];
      })
      .toEqual(['Openshelf Test Store', false, undefined]);
    await expect.poll(() => page.getByRole('img', { name: /logo$/ }).count()).toBe(0);
    expect({ violations: await seriousA11yViolations(page) }).toEqual({ violations: [] });
    await page.context().close();
  });

  it('counts as revenue only money received, and says so', async () => {
    const page = await signedIn();
    const revenue = async () => {
      await page.goto(`${suite.server.baseUrl}/admin/dashboard?days=7`);
      return page.getByRole('region', { name: 'Last 7 days' }).textContent();
    };
    const before = await revenue();
    const { orderId } = await placeOrder(suite.server.t, productId, 'later@example.com');
    const unpaid = await suite.admin.orders.get(orderId);
    expect(unpaid.paymentStatus).toBe('NOT_PAID');
    // An order awaiting payment is an order, not revenue.
    const after = await revenue();
    expect(after?.match(/Revenue received(\$[\d,.]+)/)?.[1]).toBe(
      before?.match(/Revenue received(\$[\d,.]+)/)?.[1],
    );
    expect(await page.getByText(/Revenue is money received/).count()).toBe(1);
    await suite.admin.orders.markPaid(orderId);
    const paid = await revenue();
    const amount = (text: string | null | undefined) =>
      Number(text?.match(/Revenue received\$([\d,.]+)/)?.[1]?.replace(/,/g, '') ?? Number.NaN);
    expect(amount(paid) - amount(after)).toBeCloseTo(Number(unpaid.priceSummary.total.amount), 2);
    await page.context().close();
  });

  it('fits a phone: a menu instead of a sidebar, tables that scroll in their box, nothing wider than the screen', async () => {
    const { orderId } = await placeOrder(suite.server.t, productId, 'phone@example.com');
    const page = await signedIn({ viewport: { width: 390, height: 844 } });
    const nav = page.getByRole('navigation', { name: 'Admin' });
    // The menu folds once JavaScript runs (its button is hydration's sign); it opens and closes, and
    // following a link closes it.
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Coupons' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/admin/coupons`);
    await expect.poll(() => nav.isVisible()).toBe(false);
    for (const path of [
      '/admin/dashboard',
      '/admin/orders',
      `/admin/orders/${orderId}`,
      '/admin/products',
      `/admin/products/${productId}`,
      '/admin/products/new',
      '/admin/collections',
      '/admin/coupons',
      '/admin/plans',
      '/admin/gift-cards',
      '/admin/shipping',
      '/admin/tax',
      '/admin/settings',
      '/admin/webhooks',
      '/admin/api-keys',
      '/admin/mailbox',
    ]) {
      await page.goto(`${suite.server.baseUrl}${path}`);
      expect({ path, overflow: await sidewaysOverflow(page) }).toEqual({ path, overflow: 0 });
      // Every admin table keeps its row lines level, whatever the page.
      expect({ path, uneven: await rowLinesLevel(page) }).toEqual({ path, uneven: [] });
      await page.getByRole('button', { name: 'Menu' }).click();
      expect({ path, overflow: await sidewaysOverflow(page) }).toEqual({ path, overflow: 0 });
    }
    await page.context().close();

    // Without JavaScript there is no menu button: the links stay shown, wrapped, within the screen.
    const plain = await signedIn({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await plain.goto(`${suite.server.baseUrl}/admin/products`);
    expect(await plain.getByRole('navigation', { name: 'Admin' }).isVisible()).toBe(true);
    expect(await plain.getByRole('button', { name: 'Menu' }).count()).toBe(0);
    expect(await sidewaysOverflow(plain)).toBe(0);
    await plain.context().close();
  });
});
