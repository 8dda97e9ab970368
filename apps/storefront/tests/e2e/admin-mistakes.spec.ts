import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestProduct } from '../../../../packages/server/src/testing/ecom.js';
import { adminSuite, sidewaysOverflow } from './admin-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';

/*
 * Issue #37 item 3: an admin that prevents mistakes — sale prices a merchant can see and set, variant SKUs
 * and stock that do not mislead, product errors all at once in words, pickers instead of raw ids,
 * collections hidden until published, and store settings set in the admin. (Shipping refunded units and
 * duplicate shipments: admin-orders-refunds.spec.ts.)
 */
describe.runIf(browserAvailable())('merchant admin: an admin that prevents mistakes', () => {
  const suite = adminSuite();
  const { signedIn } = suite;
  const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const describedBy = (page: Page, label: string, className: string) =>
    page.getByLabel(label, { exact: true }).evaluate(
      (input, name) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id))
          .filter((element) => element?.classList.contains(name))
          .map((element) => element?.textContent)
          .join(' '),
      className,
    );
  const fieldError = (page: Page, label: string) => describedBy(page, label, 'admin-field-error');
  const fieldHint = (page: Page, label: string) => describedBy(page, label, 'admin-hint');
  const a11y = async (page: Page, step: string) =>
    expect({ step, violations: await seriousA11yViolations(page) }).toEqual({ step, violations: [] });

  it('shows and sets a sale (compare-at) price for a product and its variants; the shop shows the same', async () => {
    const product = await suite.admin.products.create({
      name: 'Wool Scarf',
      priceData: { price: 40 },
      manageVariants: true,
      productOptions: [{ name: 'Colour', choices: [{ value: 'Grey' }, { value: 'Navy' }] }],
    });
    const navy = (product.variants ?? []).find((variant) => variant.choices.Colour === 'Navy');
    if (!navy) throw new Error('no Navy variant');
    await suite.admin.products.updateVariants(product.id, [{ variantIds: [navy.id], price: 50 }]);
    for (const options of [{}, PHONE]) {
      const page = await signedIn(options);
      await page.goto(`${suite.server.baseUrl}/admin/products/${product.id}`);
      expect(await page.getByLabel('Sale', { exact: true }).inputValue()).toBe('NONE');
      await a11y(page, 'product, not on sale');
      await page.context().close();
    }

    const page = await signedIn();
    await page.goto(`${suite.server.baseUrl}/admin/products/${product.id}`);
    await page.getByLabel('Sale', { exact: true }).selectOption('PERCENT');
    await page.getByLabel('Discount', { exact: true }).fill('25');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Product saved.');
    // Saved, and shown again: the sale price with the price struck through, per variant too.
    await page.reload();
    expect(await page.getByLabel('Sale', { exact: true }).inputValue()).toBe('PERCENT');
    expect(await page.getByLabel('Discount', { exact: true }).inputValue()).toBe('25');
    expect(await page.locator('#sale-price').textContent()).toBe(
      'Sale price: $30.00, shown with $40.00 struck through.',
    );
    const variants = page.getByRole('region', { name: 'Variants' });
    expect(await variants.getByRole('row', { name: /^Grey/ }).textContent()).toContain('$30.00 was $40.00');
    expect(await variants.getByRole('row', { name: /^Navy/ }).textContent()).toContain('$37.50 was $50.00');
    await a11y(page, 'product on sale');

    // The shop shows the same figures.
    await page.goto(`${suite.server.baseUrl}/products/${product.slug}`);
    expect(await page.locator('.price').first().textContent()).toMatch(/\$30\.00\s*was \$40\.00/);

    // An amount off, then no sale: the price stays the price.
    await page.goto(`${suite.server.baseUrl}/admin/products/${product.id}`);
    await page.getByLabel('Sale', { exact: true }).selectOption('AMOUNT');
    await page.getByLabel('Discount', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Product saved.');
    expect((await suite.admin.products.get(product.id)).priceData.discountedPrice).toBe(35);
    await page.getByLabel('Sale', { exact: true }).selectOption('NONE');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect.poll(() => page.locator('#sale-price').count()).toBe(0);
    const saved = await suite.admin.products.get(product.id);
    expect([saved.priceData.price, saved.priceData.discountedPrice, saved.discount.type]).toEqual([
      40,
      40,
      'NONE',
    ]);
    // The product list shows a sale price with the price struck through.
    await suite.admin.products.update(product.id, { discount: { type: 'AMOUNT', value: 10 } });
    await page.goto(`${suite.server.baseUrl}/admin/products?q=Wool`);
    expect(await page.getByRole('row', { name: /Wool Scarf/ }).textContent()).toContain('$30.00was $40.00');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it("gives new variants no copy of the product's SKU, refuses a SKU used twice at its field, and warns of variants at 0 in stock", async () => {
    await suite.admin.products.create({ name: 'Felt Slippers', sku: 'SLIP-1', priceData: { price: 25 } });
    for (const options of [{}, PHONE]) {
      const page = await signedIn(options);
      await page.goto(`${suite.server.baseUrl}/admin/products/new`);
      const name = `Linen Shirt ${options === PHONE ? 'phone' : 'desktop'}`;
      const sku = options === PHONE ? 'SHIRT-P' : 'SHIRT-D';
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Price', { exact: true }).fill('60');
      await page.getByLabel('SKU', { exact: true }).fill(sku);
      await page.getByLabel('Option 1 name').fill('Size');
      await page.getByLabel('Option 1 choices').fill('S, M');
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.waitForURL(/\/admin\/products\/[^/]+\?created=1$/);
      // The variants start empty of SKU (not the product's) and at 0, which the page says.
      expect(await page.getByLabel('SKU of S', { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel('SKU of M', { exact: true }).inputValue()).toBe('');
      expect(await page.getByRole('status').textContent()).toBe(
        'Product created. Its variants start at 0 in stock, so the shop shows them sold out: set the stock and price of each variant below.',
      );
      expect(await page.locator('#variants-stock-warning').textContent()).toBe(
        '2 variants have 0 in stock and show as sold out in the shop: S, M. Set their quantities below.',
      );
      expect(await fieldHint(page, 'Quantity of S')).toBe('Sold out in the shop');
      await a11y(page, `new variants (${options === PHONE ? 'phone' : 'desktop'})`);
      if (options === PHONE) expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      // One SKU on two variants, and another product's SKU: refused at each field, in words.
      await page.getByLabel('SKU of S', { exact: true }).fill(`${sku}-X`);
      await page.getByLabel('SKU of M', { exact: true }).fill(`${sku}-X`);
      await page.getByRole('button', { name: 'Save product' }).click();
      await expect
        .poll(() => fieldError(page, 'SKU of S'))
        .toBe(
          `"${sku}-X" is the SKU of the variant M too; give each variant its own SKU, or leave it empty.`,
        );
      expect(await fieldError(page, 'SKU of M')).toBe(
        `"${sku}-X" is the SKU of the variant S too; give each variant its own SKU, or leave it empty.`,
      );
      await page.getByLabel('SKU of M', { exact: true }).fill('slip-1');
      await page.getByRole('button', { name: 'Save product' }).click();
      await expect
        .poll(() => fieldError(page, 'SKU of M'))
        .toBe(
          '"slip-1" is the SKU of "Felt Slippers" already; a SKU names one item, so choose another or leave it empty.',
        );
      expect(await fieldError(page, 'SKU of S')).toBe('');
      // Fixed, with stock: saved, and the warning names only what is still at 0.
      await page.getByLabel('SKU of M', { exact: true }).fill(`${sku}-M`);
      await page.getByLabel('Quantity of S', { exact: true }).fill('4');
      await page.getByRole('button', { name: 'Save product' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Product saved.');
      await expect
        .poll(() => page.locator('#variants-stock-warning').textContent())
        .toBe('1 variant has 0 in stock and shows as sold out in the shop: M. Set its quantity below.');
      await page.context().close();
    }
  });

  it('lists every product form problem at once, in words, at its field and in a summary linking to each', async () => {
    const product = await suite.admin.products.create({
      name: 'Canvas Tote',
      priceData: { price: 18 },
      manageVariants: true,
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'L' }] }],
      stock: { trackInventory: true, quantity: 3 },
    });
    await suite.admin.products.create({ name: 'Paper Bag', sku: 'BAG-1', priceData: { price: 2 } });
    for (const options of [{}, PHONE, { javaScriptEnabled: false }]) {
      const step = 'javaScriptEnabled' in options ? 'no JavaScript' : options === PHONE ? 'phone' : 'desktop';
      const page = await signedIn(options);
      await page.goto(`${suite.server.baseUrl}/admin/products/${product.id}`);
      await page.getByLabel('Name', { exact: true }).fill('');
      await page.getByLabel('Price', { exact: true }).fill('12,5x');
      await page.getByLabel('Cost per item', { exact: true }).fill('cheap');
      await page.getByLabel('Weight', { exact: true }).fill('heavy');
      await page.getByLabel('Sale', { exact: true }).selectOption('PERCENT');
      await page.getByLabel('Quantity of S', { exact: true }).fill('1.5');
      await page.getByLabel('Price of L', { exact: true }).fill('NaN');
      await page.getByRole('button', { name: 'Save product' }).click();
      const summary = page.locator('.admin-error-summary');
      await expect.poll(() => summary.count()).toBe(1);
      const expected = {
        Name: 'Enter a name.',
        Price: 'Enter the price as a number, like 12.50.',
        'Cost per item': 'Enter the cost as a number, like 4.20.',
        Discount: 'Enter the percent off, like 20, or choose "Not on sale".',
        Weight: 'Enter the weight as a number, like 0.5.',
        'Price of L': 'Enter the price of L as a number, like 12.50.',
        'Quantity of S': 'Enter the quantity of S as a whole number of 0 or more, like 3.',
      };
      // All at once: each at its field, and each in the summary with a link to it.
      for (const [label, message] of Object.entries(expected)) {
        expect({ step, label, error: await fieldError(page, label) }).toEqual({
          step,
          label,
          error: message,
        });
        const link = summary.getByRole('link', { name: `${label}: ${message}` });
        expect({ step, label, links: await link.count() }).toEqual({ step, label, links: 1 });
      }
      expect(await summary.getByRole('listitem').count()).toBe(Object.keys(expected).length);
      expect(await summary.getByRole('heading').textContent()).toBe('7 things to correct');
      expect(await page.locator('main').textContent()).not.toMatch(/finite|NaN"|must be/i);
      // A link takes the merchant to its field.
      await summary.getByRole('link', { name: /^Weight:/ }).click();
      await expect.poll(() => new URL(page.url()).hash).toBe('#field-weight');
      if (step !== 'no JavaScript') {
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('weight');
        await a11y(page, `product errors (${step})`);
      }
      // Nothing was saved.
      expect((await suite.admin.products.get(product.id)).name).toBe('Canvas Tote');
      await page.context().close();
    }

    // The store's own rules come back all at once too, in words: a SKU taken and a discount above the price.
    const page = await signedIn();
    await page.goto(`${suite.server.baseUrl}/admin/products/${product.id}`);
    await page.getByLabel('SKU', { exact: true }).fill('bag-1');
    await page.getByLabel('Sale', { exact: true }).selectOption('AMOUNT');
    await page.getByLabel('Discount', { exact: true }).fill('25');
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect.poll(() => page.locator('.admin-error-summary').count()).toBe(1);
    expect(await fieldError(page, 'SKU')).toBe(
      '"bag-1" is the SKU of "Paper Bag" already; a SKU names one item, so choose another or leave it empty.',
    );
    expect(await fieldError(page, 'Discount')).toBe('Must not be more than the price.');
    expect(await page.locator('.admin-error-summary').getByRole('link').count()).toBe(2);
    await page.context().close();
  });

  it('picks the products a plan pays for by name (filtered as one types), with and without JavaScript', async () => {
    const mug = await suite.admin.products.create({ name: 'Member Mug', priceData: { price: 12 } });
    const lamp = await suite.admin.products.create({ name: 'Member Lamp', priceData: { price: 40 } });
    for (const options of [{}, PHONE, { javaScriptEnabled: false }]) {
      const noJs = 'javaScriptEnabled' in options;
      const step = noJs ? 'no JavaScript' : options === PHONE ? 'phone' : 'desktop';
      const page = await signedIn(options);
      await page.goto(`${suite.server.baseUrl}/admin/plans`);
      // No raw ids to type: the products are listed by name.
      expect(await page.getByLabel(/Product ids/i).count()).toBe(0);
      const picker = page.getByRole('group', { name: 'Products it pays for' });
      if (noJs) {
        expect(await picker.getByLabel('Filter products').count()).toBe(0);
      } else {
        await picker.getByLabel('Filter products').fill('member l');
        expect(await picker.getByLabel('Member Mug').isVisible()).toBe(false);
        expect(await picker.getByLabel('Member Lamp').isVisible()).toBe(true);
        await a11y(page, `plan picker (${step})`);
        await picker.getByLabel('Filter products').fill('');
      }
      await picker.getByLabel('Member Mug').check();
      await picker.getByLabel('Member Lamp').check();
      await page.getByLabel('Name', { exact: true }).fill(`Club ${step}`);
      await page.getByLabel('Price', { exact: true }).fill('5');
      await page.getByRole('button', { name: 'Create plan' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe(`Plan Club ${step} created.`);
      const plan = (await suite.admin.membershipPlans.list()).find((p) => p.name === `Club ${step}`);
      expect([...(plan?.productIds ?? [])].sort()).toEqual([mug.id, lamp.id].sort());
      // The table names what it pays for.
      expect(await page.getByRole('row', { name: new RegExp(`Club ${step}`) }).textContent()).toMatch(
        /Pays for: Member (Mug|Lamp), Member (Mug|Lamp)/,
      );
      if (options === PHONE) expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.context().close();
    }
  });

  it('keeps a new collection out of the shop (menu and page) until it is published', async () => {
    const page = await signedIn();
    await page.goto(`${suite.server.baseUrl}/admin/collections`);
    await page.getByLabel('Name', { exact: true }).fill('Autumn Preview');
    await page.getByRole('button', { name: 'Create collection' }).click();
    await page.waitForURL(/\/admin\/collections\/[^/]+\?created=1$/);
    expect(await page.getByRole('status').textContent()).toMatch(
      /^Collection created\. It is hidden from the shop/,
    );
    expect(await page.getByLabel('Published in the shop').isChecked()).toBe(false);
    await a11y(page, 'new collection');
    const slug = (await suite.admin.collections.list({ limit: 100 })).collections.find(
      (collection) => collection.name === 'Autumn Preview',
    )?.slug;
    if (!slug) throw new Error('no collection');

    const shop = await suite.browser.newContext();
    const shopper = await shop.newPage();
    const inMenu = () => shopper.locator(`header a[href="/collections/${slug}"]`).count();
    await shopper.goto(`${suite.server.baseUrl}/`);
    expect(await inMenu()).toBe(0);
    const hidden = await shopper.goto(`${suite.server.baseUrl}/collections/${slug}`);
    expect(hidden?.status()).toBe(404);
    expect(await shopper.locator('main').textContent()).not.toContain('Autumn Preview');

    // Published in the admin: in the menu and at its address, on desktop and phone.
    await page.getByLabel('Published in the shop').check();
    await page.getByRole('button', { name: 'Save collection' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Collection saved; it is published in the shop.');
    await page.goto(`${suite.server.baseUrl}/admin/collections`);
    expect(await page.getByRole('row', { name: /Autumn Preview/ }).textContent()).toContain('Published');
    await expect
      .poll(async () => {
        await shopper.goto(`${suite.server.baseUrl}/`);
        return inMenu();
      })
      .toBeGreaterThan(0);
    const shown = await shopper.goto(`${suite.server.baseUrl}/collections/${slug}`);
    expect(shown?.status()).toBe(200);
    expect(await shopper.getByRole('heading', { level: 1 }).textContent()).toBe('Autumn Preview');
    const phone = await (await suite.browser.newContext(PHONE)).newPage();
    await phone.goto(`${suite.server.baseUrl}/`);
    expect(await phone.locator(`header a[href="/collections/${slug}"]`).count()).toBeGreaterThan(0);
    await phone.context().close();
    await shop.close();
    await page.context().close();
  });

  // Last: it makes the catalog larger than the plan form's list.
  it('finds a plan product by search when the catalog is larger than the list, without JavaScript too', async () => {
    for (let index = 0; index < 101; index++)
      await createTestProduct(suite.server.t.database.db, {
        name: `Bulk Candle ${String(index).padStart(3, '0')}`,
        priceMinor: 900,
      });
    const rare = await suite.admin.products.create({ name: 'Zinnia Seed Packet', priceData: { price: 3 } });
    for (const options of [{}, { javaScriptEnabled: false }]) {
      const noJs = 'javaScriptEnabled' in options;
      const page = await signedIn(options);
      await page.goto(`${suite.server.baseUrl}/admin/plans`);
      const picker = page.getByRole('group', { name: 'Products it pays for' });
      expect(await picker.textContent()).toMatch(/Showing 100 of \d+ products; find others by name above\./);
      expect(await picker.getByLabel('Zinnia Seed Packet').count()).toBe(0);
      await picker.getByLabel('Find products').fill('zinnia');
      await picker.getByRole('button', { name: 'Find' }).click();
      await expect.poll(() => picker.getByLabel('Zinnia Seed Packet').count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('find')).toBe('zinnia');
      await picker.getByLabel('Zinnia Seed Packet').check();
      await page.getByLabel('Name', { exact: true }).fill(`Garden Club ${noJs ? 'plain' : 'js'}`);
      await page.getByRole('button', { name: 'Create plan' }).click();
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toBe(`Plan Garden Club ${noJs ? 'plain' : 'js'} created.`);
      const plan = (await suite.admin.membershipPlans.list()).find(
        (candidate) => candidate.name === `Garden Club ${noJs ? 'plain' : 'js'}`,
      );
      expect(plan?.productIds).toEqual([rare.id]);
      if (!noJs) await a11y(page, 'plan picker search');
      await page.context().close();
    }
  });
});
