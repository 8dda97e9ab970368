import { describe, expect, it } from 'vitest';
import { placeOrder } from '../../../../packages/sdk/test/support/admin-store.js';
import { adminSuite, rowLinesLevel, sidewaysOverflow } from './admin-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';

describe.runIf(browserAvailable())('merchant admin: customers in Chromium', () => {
  const suite = adminSuite({ email: 'clerk@harbor.example', role: 'staff' });

  it('finds a guest buyer by name, opens their orders and totals, and keeps a note', async () => {
    const productId = (
      await suite.admin.products.create({ name: 'Linen Apron', priceData: { price: 30 }, visible: true })
    ).id;
    const email = 'margaret.hamilton@example.com';
    const { orderId } = await placeOrder(suite.server.t, productId, email);
    await suite.admin.orders.markPaid(orderId);
    const order = await suite.admin.orders.get(orderId);

    const page = await suite.signedIn();
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/admin/customers`);
    await page.getByLabel('Name or e-mail').fill('hamilton');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/q=hamilton/);
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect.poll(() => row.count()).toBe(1);
    // The name is the row's header; its data cells are the e-mail, then the account.
    expect(await row.getByRole('rowheader').textContent()).toMatch(/hamilton/i);
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Guest');
    expect(await rowLinesLevel(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row.getByRole('link').click();
    await page.waitForURL(`${suite.server.baseUrl}/admin/customers/${encodeURIComponent(email)}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(email);
    const orderLink = page.getByRole('link', { name: `#${order.number}` });
    expect(await orderLink.count()).toBe(1);
    expect(await page.locator('main').textContent()).toContain(order.priceSummary.total.formattedAmount);

    // A note, then an empty one refused at its field; the first stays.
    await page.getByLabel('Add a note').fill('Asked for gift wrap next time.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Note added.');
    await expect.poll(() => page.locator('.admin-notes li').count()).toBe(1);
    expect(await page.getByLabel('Add a note').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(() => page.getByLabel('Add a note').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.admin-notes li p').first().textContent()).toBe(
      'Asked for gift wrap next time.',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    await orderLink.click();
    await page.waitForURL(`${suite.server.baseUrl}/admin/orders/${orderId}`);
    await page.context().close();
  });

  it('fits a phone: the customers table scrolls inside its card, not the page', async () => {
    const page = await suite.signedIn({ viewport: { width: 390, height: 844 } });
    await page.goto(`${suite.server.baseUrl}/admin/customers`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Customers');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
