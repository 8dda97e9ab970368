import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createStaff } from '../../../../packages/sdk/test/support/admin-store.js';
import { orderAccessKey } from '../../../../packages/server/src/domains/orders/links/order-links.service.js';
import { storeSigningKey } from '../../../../packages/server/src/domains/store-setup/index.js';
import { issueTestGiftCard } from '../../../../packages/server/src/testing/ecom.js';
import { signUp, uniqueEmail } from './account-support.js';
import { signIn } from './admin-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';
import {
  addToCartFromPage,
  chooseDelivery,
  DEVICES,
  fillCheckoutDetails,
  fillSandboxCard,
  merchantCall,
  shopAndBrowser,
} from './shop-fixture.js';

// One source for every figure (issue #37 item 2): for one order with a coupon, a gift card, a card
// payment and then a partial refund, every page prints the rows the API computed, and they agree: the
// checkout summary and its "Place order" button, the thank-you page, the account's order page, the
// admin's order and customer pages and the dashboard's top products. On a laptop and on a phone.

interface Figure {
  kind: string;
  label: string;
  amount: { amount: string; formattedAmount: string };
}

/** A definition list's rows as [term, value] pairs, as a person reads them. */
const pairsOf = (list: Locator) =>
  list.evaluate((dl) =>
    [...dl.querySelectorAll(':scope > div')].map((row) => [
      row.querySelector('dt')?.textContent?.trim() ?? '',
      row.querySelector('dd')?.textContent?.trim() ?? '',
    ]),
  );
const pairs = (figures: Figure[], kinds?: string[]) =>
  figures.filter((f) => !kinds || kinds.includes(f.kind)).map((f) => [f.label, f.amount.formattedAmount]);
const row = (figures: Figure[], kind: string) => figures.find((f) => f.kind === kind) as Figure;
const cents = (amount: string) => Math.round(Number(amount.replace(/[^\d.-]/g, '')) * 100);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);
const SUMMARY = ['SUBTOTAL', 'DISCOUNT', 'SHIPPING', 'FEES', 'TAX', 'TOTAL'];

describe.runIf(browserAvailable())('figures: every page prints the same figures for the same order', () => {
  const suite = shopAndBrowser();

  for (const device of DEVICES)
    it(`checkout, button, thank-you, account, admin order, customer and dashboard agree (${device.name})`, {
      timeout: 180_000,
    }, async () => {
      const { shop, browser } = suite;
      const giftCard = await issueTestGiftCard(shop.t.database.db, 2000);
      const last4 = giftCard.code.replace(/-/g, '').slice(-4);
      // The dashboard before this order: the other runs' orders are in its top products too.
      const staff = await createStaff(shop.t, `owner-${device.name}@harbor.example`);
      const admin = await browser.newPage(device.options);
      await signIn(admin, shop.baseUrl, staff.email, staff.password);
      const before = await netSalesOnDashboard(admin, shop.baseUrl);
      const context = await browser.newContext(device.options);
      const page = await context.newPage();
      const email = uniqueEmail(`figures-${device.name}`);
      await signUp(page, shop.t, shop.baseUrl, email);
      await addToCartFromPage(page, shop.baseUrl, 'stoneware-mug');
      await addToCartFromPage(page, shop.baseUrl, 'linen-tee');
      await page
        .getByRole('dialog', { name: 'Your cart' })
        .getByRole('button', { name: 'Check out' })
        .click();
      await page.waitForURL(/\/checkout\//);
      const checkoutId = new URL(page.url()).pathname.split('/').pop() as string;
      await fillCheckoutDetails(page);
      // One customer per run: the customer page sums this order alone.
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: /^(Continue|Update details)$/ }).click();
      await chooseDelivery(page);
      await page.getByLabel('Coupon code').fill('SAVE10');
      await page.getByRole('button', { name: 'Apply' }).first().click();
      await expect.poll(() => page.locator('.coupon-applied').first().textContent()).toContain('SAVE10');
      await page.getByLabel('Gift card code').fill(giftCard.code);
      await page.getByRole('button', { name: 'Apply' }).last().click();
      await expect.poll(() => page.locator('.coupon-applied').last().textContent()).toContain(last4);

      // The checkout's summary: the API's rows, the gift card and the amount due that the button charges.
      const { checkout } = await merchantCall(shop, 'GET', `/ecom/v1/checkouts/${checkoutId}`);
      const summary = page.getByRole('complementary', { name: 'Order summary' }).locator('dl.summary');
      await expect.poll(() => pairsOf(summary)).toEqual(pairs(checkout.figures));
      const due = row(checkout.figures, 'DUE_NOW');
      expect(due.label).toBe('Amount due');
      expect(row(checkout.figures, 'GIFT_CARD').label).toBe(`Gift card ••••${last4}`);
      expect(cents(row(checkout.figures, 'TOTAL').amount.amount)).toBe(cents(due.amount.amount) + 2000);
      expect(await page.getByRole('button', { name: /^Place order/ }).textContent()).toBe(
        `Place order · ${due.amount.formattedAmount}`,
      );
      expect(await seriousA11yViolations(page)).toEqual([]);

      await fillSandboxCard(page);
      await page.getByRole('button', { name: /^Place order/ }).click();
      await page.waitForURL(/\/thank-you\//);
      const orderId = new URL(page.url()).pathname.split('/').pop() as string;
      const placed = (await merchantCall(shop, 'GET', `/admin-api/v1/orders/${orderId}`)).order;
      // The order's summary is the checkout's; then paid by gift card and by card, the rest of the total.
      expect(pairs(placed.figures, SUMMARY)).toEqual(pairs(checkout.figures, SUMMARY));
      expect(pairs(placed.figures, ['PAID'])).toEqual([
        [`Paid by gift card ••••${last4}`, '$20.00'],
        ['Paid by Visa ••••4242', due.amount.formattedAmount],
      ]);
      await expect.poll(() => pairsOf(page.locator('.thank-you dl.summary'))).toEqual(pairs(placed.figures));
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Top products: net sales (after discounts, before tax) of the paid order are its subtotal less
      // its item discounts; tax is not in them.
      const sold = await netSalesOnDashboard(admin, shop.baseUrl);
      expect(sold - before).toBe(
        cents(row(placed.figures, 'SUBTOTAL').amount.amount) +
          cents(row(placed.figures, 'DISCOUNT').amount.amount),
      );
      expect(await seriousA11yViolations(admin)).toEqual([]);

      // A partial refund: one mug.
      const mug = placed.lineItems.find((line: { productName: { original: string } }) =>
        /mug/i.test(line.productName.original),
      );
      await merchantCall(shop, 'POST', '/ecom/v1/order-billing/refund-payments', {
        orderId,
        details: { items: [{ lineItemId: mug.id, quantity: 1 }] },
      });
      const order = (await merchantCall(shop, 'GET', `/admin-api/v1/orders/${orderId}`)).order;
      const figures: Figure[] = order.figures;
      expect(figures.map((f) => f.kind).slice(-2)).toEqual(['REFUNDED', 'NET']);
      // The partly refunded order stays in top products, less the mug's net sales (one unit of one).
      const refundedMug = order.lineItems.find((line: { id: string }) => line.id === mug.id);
      expect(mug.quantity).toBe(1);
      expect(await netSalesOnDashboard(admin, shop.baseUrl)).toBe(
        sold - cents(refundedMug.totalPriceBeforeTax.amount),
      );

      // The order's own page (its e-mail link): the payments list names every payment the figures
      // count, the gift card first, then the card, then the refund.
      const key = orderAccessKey(await storeSigningKey(shop.t.database.db), orderId);
      await page.goto(`${shop.baseUrl}/orders/${orderId}?key=${key}`, { waitUntil: 'networkidle' });
      const listed = (await page.locator('.order-payments li').allTextContents()).map((text) =>
        text.replace(/\s+/g, ' ').trim(),
      );
      const refunded = `$${(-cents(row(figures, 'REFUNDED').amount.amount) / 100).toFixed(2)}`;
      expect(listed).toEqual([
        expect.stringMatching(startsWith(`$20.00 by gift card ••••${last4} redeemed, `)),
        expect.stringMatching(startsWith(`${due.amount.formattedAmount} by Visa ••••4242 Paid, `)),
        expect.stringMatching(startsWith(`Refund of ${refunded} `)),
      ]);
      expect(await pairsOf(page.locator('dl.totals'))).toEqual(pairs(figures));
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The account's order page: the same rows; lines priced before discounts add up to the subtotal.
      await page.goto(`${shop.baseUrl}/account/orders/${orderId}`, { waitUntil: 'networkidle' });
      await expect.poll(() => pairsOf(page.locator('dl.totals'))).toEqual(pairs(figures));
      const lineTotals = await page.locator('table.order-lines tbody tr td:last-child').allTextContents();
      expect(lineTotals.reduce((total, cell) => total + cents(cell), 0)).toBe(
        cents(row(figures, 'SUBTOTAL').amount.amount),
      );
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The admin's order page: summary under the items, then paid (gift card included), refunded, net.
      await admin.goto(`${shop.baseUrl}/admin/orders/${orderId}`, { waitUntil: 'networkidle' });
      const items = admin.getByRole('region', { name: 'Items' });
      const footer = await items
        .locator('tfoot tr')
        .evaluateAll((rows) =>
          rows.map((tr) => [
            tr.querySelector('th')?.textContent?.trim(),
            tr.querySelector('td')?.textContent?.trim(),
          ]),
        );
      expect(footer).toEqual(pairs(figures, SUMMARY));
      const payments = admin.getByRole('region', { name: 'Payments' }).locator('dl');
      expect(await pairsOf(payments)).toEqual(pairs(figures, ['PAID', 'BALANCE', 'REFUNDED', 'NET']));
      const adminLines = await items.locator('tbody tr td:nth-child(4)').allTextContents();
      expect(adminLines.reduce((total, cell) => total + cents(cell), 0)).toBe(
        cents(row(figures, 'SUBTOTAL').amount.amount),
      );
      // The shipping a refund offers is the shipping the order says was paid.
      const paidShipping = order.shippingInfo.paid.formattedAmount;
      expect(await admin.getByRole('region', { name: 'Delivery' }).textContent()).toContain(
        `Shipping paid by the buyer: ${paidShipping}`,
      );
      expect(await admin.getByRole('region', { name: 'Refund' }).textContent()).toContain(paidShipping);
      expect(await seriousA11yViolations(admin)).toEqual([]);

      // The customer: what they paid (gift card included), refunded and net, as the order says.
      await admin.goto(`${shop.baseUrl}/admin/customers/${encodeURIComponent(order.buyerInfo.email)}`, {
        waitUntil: 'networkidle',
      });
      const totals = await pairsOfFacts(admin.getByRole('region', { name: 'Totals' }).locator('dl'));
      const paid = figures.filter((f) => f.kind === 'PAID').reduce((t, f) => t + cents(f.amount.amount), 0);
      expect(totals.Paid).toBe(`$${(paid / 100).toFixed(2)}`);
      expect(totals.Refunded).toBe(row(figures, 'REFUNDED').amount.formattedAmount);
      expect(totals['Net paid']).toBe(row(figures, 'NET').amount.formattedAmount);
      expect(await seriousA11yViolations(admin)).toEqual([]);

      // The customers list: its money column is the net the customer page shows, and says so.
      await admin.goto(`${shop.baseUrl}/admin/customers?q=${encodeURIComponent(email)}`, {
        waitUntil: 'networkidle',
      });
      const list = admin.getByRole('table');
      const headers = await list.getByRole('columnheader').allTextContents();
      const column = headers.map((text) => text.trim()).indexOf('Net paid');
      expect(column).toBeGreaterThan(-1);
      const customerRow = list.getByRole('row').filter({ hasText: email });
      // The customer's name is the row's header cell: count it with the data cells.
      const cells = customerRow.locator('th, td');
      expect(await cells.nth(column).textContent()).toBe(totals['Net paid']);
      expect(await seriousA11yViolations(admin)).toEqual([]);
      await admin.close();
      await context.close();
    });

  it('without JavaScript the checkout shows the gift card and the amount the button charges', {
    timeout: 60_000,
  }, async () => {
    const { shop, browser } = suite;
    const giftCard = await issueTestGiftCard(shop.t.database.db, 1500);
    const last4 = giftCard.code.replace(/-/g, '').slice(-4);
    const context = await browser.newContext({ ...DEVICES[1].options, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.baseUrl}/products/stoneware-mug`);
    const groups = page.locator('fieldset.option-picker');
    for (let i = 0; i < (await groups.count()); i++)
      await groups.nth(i).locator('input[type=radio]:not([disabled])').first().check({ force: true });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(/\/cart$/);
    // The cart's estimate: the API's rows, shipping and tax still to come.
    const cartRows = await pairsOf(page.locator('main dl.summary'));
    expect(cartRows[0]?.[0]).toBe('Subtotal');
    expect(cartRows.at(-1)?.[0]).toBe('Estimated total');
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\//);
    const checkoutId = new URL(page.url()).pathname.split('/').pop() as string;
    await fillCheckoutDetails(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /Standard/ }).check();
    await page.getByRole('button', { name: 'Use this option' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    await page.getByLabel('Gift card code').fill(giftCard.code);
    await page.getByRole('button', { name: 'Apply' }).last().click();
    await expect.poll(() => page.locator('.coupon-applied').last().textContent()).toContain(last4);

    const { checkout } = await merchantCall(shop, 'GET', `/ecom/v1/checkouts/${checkoutId}`);
    const summary = page.getByRole('complementary', { name: 'Order summary' }).locator('dl.summary');
    expect(await pairsOf(summary)).toEqual(pairs(checkout.figures));
    expect(pairs(checkout.figures, ['GIFT_CARD'])).toEqual([[`Gift card ••••${last4}`, '−$15.00']]);
    const due = row(checkout.figures, 'DUE_NOW').amount.formattedAmount;
    expect(await page.getByRole('button', { name: /^Place order/ }).textContent()).toBe(
      `Place order · ${due}`,
    );
    // axe runs in the page's JavaScript: the same page is checked with it on above.

    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    const orderId = new URL(page.url()).pathname.split('/').pop() as string;
    const { order } = await merchantCall(shop, 'GET', `/admin-api/v1/orders/${orderId}`);
    expect(await pairsOf(page.locator('.thank-you dl.summary'))).toEqual(pairs(order.figures));
    expect(pairs(order.figures, ['PAID'])).toEqual([
      [`Paid by gift card ••••${last4}`, '$15.00'],
      ['Paid by Visa ••••4242', due],
    ]);
    await context.close();
  });
});

/** The sum of the dashboard's top products' net sales, in cents. */
async function netSalesOnDashboard(admin: Page, baseUrl: string): Promise<number> {
  await admin.goto(`${baseUrl}/admin/dashboard`, { waitUntil: 'networkidle' });
  const top = admin.getByRole('table').filter({ hasText: 'Net sales' });
  const sales = await top.locator('tbody tr td:last-child').allTextContents();
  return sales.reduce((total, cell) => total + cents(cell), 0);
}

/** A flat dl (dt, dd, dt, dd…) as an object by term. */
function pairsOfFacts(list: Locator): Promise<Record<string, string>> {
  return list.evaluate((dl) => {
    const facts: Record<string, string> = {};
    let term = '';
    for (const child of dl.children) {
      if (child.tagName === 'DT') term = child.textContent?.trim() ?? '';
      else if (child.tagName === 'DD') facts[term] = child.textContent?.trim() ?? '';
    }
    return facts;
  });
}
