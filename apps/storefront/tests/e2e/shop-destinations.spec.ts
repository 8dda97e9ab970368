import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantKey } from '../../../../packages/server/src/testing/index.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable, launchBrowser } from './browser.js';
import {
  addToCartFromPage,
  chooseDelivery,
  DEVICES,
  inViewport,
  merchantCall,
  type ShopServer,
  startShop,
} from './shop-fixture.js';

// The checkout serves exactly the destinations of the store's set-up: every country of its shipping regions
// and pickup locations can be chosen (by name) and completes; an address form follows its country.

/** The demo store's shipping regions: the United States and Europe. */
const DEMO_COUNTRIES = [
  'AT',
  'BE',
  'DE',
  'DK',
  'ES',
  'FI',
  'FR',
  'IE',
  'IT',
  'LU',
  'NL',
  'PL',
  'PT',
  'SE',
  'US',
];

async function toCheckout(page: Page, shop: ShopServer): Promise<void> {
  await addToCartFromPage(page, shop.baseUrl, 'stoneware-mug');
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect.poll(() => drawer.isVisible()).toBe(true);
  await drawer.getByRole('button', { name: 'Check out' }).click();
  await page.waitForURL(/\/checkout\//);
  await page.waitForLoadState('networkidle');
}

/** The shipping address form's field labels, in page order. */
function addressLabels(page: Page): Promise<string[]> {
  return page
    .locator('form:has(input[name="intent"][value="details"]) label[for^="field-shipping."]')
    .allTextContents();
}

async function countryOptions(page: Page): Promise<{ value: string; text: string }[]> {
  return page.locator('[id="field-shipping.country"] option').evaluateAll((options) =>
    options.map((option) => ({
      value: (option as HTMLOptionElement).value,
      text: option.textContent ?? '',
    })),
  );
}

async function orderOf(shop: ShopServer, page: Page) {
  const orderId = /\/thank-you\/([^/?]+)/.exec(page.url())?.[1];
  const { order } = await merchantCall(shop, 'GET', `/ecom/v1/orders/${orderId}`);
  return order as {
    shippingInfo?: {
      title?: string;
      pickupMethod?: string;
      shippingDestination?: { address?: { country?: string }; contactDetails?: { firstName?: string } };
    };
  };
}

/** Types the card the way a shopper does (key by key), so the as-you-type formatting runs. */
async function typeCard(page: Page): Promise<void> {
  await page.getByLabel('Card number').pressSequentially('4242424242424242');
  await page.getByLabel('Expiry (MM / YY)').pressSequentially('1230');
  await page.getByLabel('Security code').fill('123');
}

async function fillAddress(
  page: Page,
  country: string,
  parts: Record<string, string>,
  select: Record<string, string> = {},
): Promise<void> {
  await page.getByLabel('E-mail').fill('ada@example.com');
  await page.getByLabel('First name').first().fill('Ada');
  await page.getByLabel('Last name').first().fill('Lovelace');
  await page.getByLabel('Country').first().selectOption(country);
  for (const [label, value] of Object.entries(parts))
    await page.getByLabel(label, { exact: true }).first().fill(value);
  for (const [label, value] of Object.entries(select))
    await page.getByLabel(label, { exact: true }).first().selectOption(value);
}

describe.runIf(browserAvailable())('checkout: the destinations of the demo store', () => {
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

  it('offers exactly the countries shipped to, by name: Finland, Luxembourg, Poland and Portugal too, not the UK, Canada or Australia', {
    timeout: 60_000,
  }, async () => {
    const context = await browser.newContext(DEVICES[0].options);
    const page = await context.newPage();
    await toCheckout(page, shop);
    const options = await countryOptions(page);
    expect(options.map((option) => option.value).sort()).toEqual(DEMO_COUNTRIES);
    expect(options.map((option) => option.text)).toEqual(
      expect.arrayContaining(['Finland', 'Luxembourg', 'Poland', 'Portugal', 'United States']),
    );
    // People read names, never codes; the list is in alphabetical order of them.
    for (const option of options) expect(option.text).not.toBe(option.value);
    const names = options.map((option) => option.text);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  const purchases: {
    region: string;
    country: string;
    parts: Record<string, string>;
    select: Record<string, string>;
  }[] = [
    {
      region: 'United States',
      country: 'US',
      parts: { 'Street address': '1 Main St', City: 'New York', 'ZIP code': '10001' },
      select: { State: 'NY' },
    },
    {
      region: 'Europe (Finland, not choosable before)',
      country: 'FI',
      parts: { 'Street address': 'Mannerheimintie 1', 'Postal code': '00100', City: 'Helsinki' },
      select: {},
    },
  ];
  for (const purchase of purchases) {
    it(`completes a purchase to ${purchase.region}, the card typed as 4242 4242 4242 4242 and 12 / 30`, {
      timeout: 90_000,
    }, async () => {
      const context = await browser.newContext(DEVICES[0].options);
      const page = await context.newPage();
      await toCheckout(page, shop);
      await fillAddress(page, purchase.country, purchase.parts, purchase.select);
      await page.getByRole('button', { name: 'Continue' }).click();
      await chooseDelivery(page, /Standard/);
      await typeCard(page);
      expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
      expect(await page.getByLabel('Expiry (MM / YY)').inputValue()).toBe('12 / 30');
      await page.getByRole('button', { name: /^Place order/ }).click();
      await page.waitForURL(/\/thank-you\//);
      const order = await orderOf(shop, page);
      expect(order.shippingInfo?.shippingDestination?.address?.country).toBe(purchase.country);
      expect(order.shippingInfo?.pickupMethod).toBeUndefined();
      await context.close();
    });
  }

  it('hides the last errors while the form is being sent', { timeout: 60_000 }, async () => {
    const context = await browser.newContext(DEVICES[0].options);
    const page = await context.newPage();
    await toCheckout(page, shop);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('.field-error').count()).toBeGreaterThan(2);
    // The next try is held a moment on its way: meanwhile the page shows no error of the last one.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/*.data*', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await fillAddress(
      page,
      'US',
      { 'Street address': '1 Main St', City: 'New York', 'ZIP code': '10001' },
      { State: 'NY' },
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('.field-error').count()).toBe(0);
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    release();
    await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).count()).toBe(1);
    await context.close();
  });

  it('keeps the focus at the coupon after applying or refusing one, without going to the top', {
    timeout: 60_000,
  }, async () => {
    const context = await browser.newContext(DEVICES[0].options);
    const page = await context.newPage();
    await toCheckout(page, shop);
    const coupon = page.getByLabel('Coupon code');
    await coupon.scrollIntoViewIfNeeded();
    await coupon.fill('NOPE');
    await coupon.press('Enter');
    await expect.poll(() => page.locator('[id="field-couponCode-error"]').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-couponCode');
    await page.getByLabel('Coupon code').fill('SAVE10');
    await page.getByLabel('Coupon code').press('Enter');
    const applied = page.locator('.coupon-applied [role="status"]');
    await expect.poll(() => applied.count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.coupon-applied') !== null))
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await inViewport(page, '.coupon-applied')).toBe(true);
    await context.close();
  });

  for (const device of DEVICES) {
    it(`shows the order summary ${device.name === 'phone' ? 'at the top, folded to its total' : 'beside the form'} (${device.name})`, {
      timeout: 60_000,
    }, async () => {
      const context = await browser.newContext(device.options);
      const page = await context.newPage();
      await toCheckout(page, shop);
      const aside = await page.locator('.checkout-aside').boundingBox();
      const details = await page.locator('#step-details').boundingBox();
      expect(aside && details).toBeTruthy();
      if (!aside || !details) return;
      const summary = page.locator('.summary-details');
      if (device.name === 'phone') {
        expect(aside.y).toBeLessThan(details.y);
        await expect.poll(() => summary.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
        expect(await page.locator('.summary-toggle-total').textContent()).toMatch(/^\$\d+\.\d\d$/);
        await page.locator('.summary-details > summary').click();
        await expect.poll(() => page.getByText('Stoneware Mug').first().isVisible()).toBe(true);
      } else {
        expect(aside.x).toBeGreaterThan(details.x + details.width - 1);
        expect(await summary.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

describe.runIf(browserAvailable())('checkout: a store with more regions and a pickup-only country', () => {
  let shop: ShopServer;
  let browser: Browser;
  beforeAll(async () => {
    shop = await startShop();
    browser = await launchBrowser();
    // The merchant adds a region for Canada, the UK and Japan, and a pickup counter in Zurich (Switzerland
    // is shipped to by no region: pickup only).
    await merchantCall(shop, 'POST', '/admin-api/v1/shipping-regions', {
      shippingRegion: {
        name: 'Rest of world',
        destinations: ['CA', 'GB', 'JP'],
        rates: [{ code: 'world', title: 'International', kind: 'FLAT', amount: '19.00' }],
      },
    });
    await merchantCall(shop, 'POST', '/admin-api/v1/pickup-locations', {
      pickupLocation: {
        code: 'zurich',
        title: 'Pick up in Zurich',
        method: 'STORE_PICKUP',
        address: { country: 'CH', city: 'Zürich', postalCode: '8001', addressLine: 'Bahnhofstrasse 1' },
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.t.close();
  });

  it('offers the set-up’s countries as it changes, a pickup-only one said so', {
    timeout: 60_000,
  }, async () => {
    const context = await browser.newContext(DEVICES[0].options);
    const page = await context.newPage();
    await toCheckout(page, shop);
    const options = await countryOptions(page);
    expect(options.map((option) => option.value).sort()).toEqual(
      [...DEMO_COUNTRIES, 'CA', 'GB', 'JP', 'CH'].sort(),
    );
    expect(options.find((option) => option.value === 'CH')?.text).toBe('Switzerland (store pickup only)');
    expect(options.find((option) => option.value === 'GB')?.text).toBe('United Kingdom');
    await context.close();
  });

  it('draws each country’s address form: its labels, order, required parts and region list', {
    timeout: 60_000,
  }, async () => {
    const context = await browser.newContext(DEVICES[0].options);
    const page = await context.newPage();
    await toCheckout(page, shop);
    const forms: [string, string[], string | undefined][] = [
      [
        'US',
        [
          'First name',
          'Last name',
          'Country',
          'Street address',
          'Apartment, suite, unit (optional)',
          'City',
          'State',
          'ZIP code',
          'Phone (optional)',
        ],
        'New York',
      ],
      [
        'CA',
        [
          'First name',
          'Last name',
          'Country',
          'Street address',
          'Apartment, suite, unit (optional)',
          'City',
          'Province',
          'Postal code',
          'Phone (optional)',
        ],
        'Quebec',
      ],
      [
        'GB',
        [
          'First name',
          'Last name',
          'Country',
          'Street address',
          'Apartment, suite, unit (optional)',
          'Town or city',
          'Postal code',
          'Phone (optional)',
        ],
        undefined,
      ],
      [
        'DE',
        [
          'First name',
          'Last name',
          'Country',
          'Street address',
          'Apartment, suite, unit (optional)',
          'Postal code',
          'City',
          'Phone (optional)',
        ],
        undefined,
      ],
      [
        'JP',
        [
          'First name',
          'Last name',
          'Country',
          'Postal code',
          'Prefecture',
          'Street address',
          'Apartment, suite, unit (optional)',
          'Phone (optional)',
        ],
        'Tokyo',
      ],
    ];
    for (const [country, labels, region] of forms) {
      await page.getByLabel('Country').first().selectOption(country);
      await expect.poll(() => addressLabels(page)).toEqual(labels);
      const regionList = page.locator('select[name="shipping.subdivision"]');
      if (region) {
        expect(await regionList.locator('option').allTextContents()).toContain(region);
        expect(await regionList.getAttribute('required')).not.toBeNull();
      } else {
        expect(await regionList.count()).toBe(0);
        expect(await page.locator('input[name="shipping.subdivision"]').count()).toBe(0);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
    }
    // A part the country requires and is missing is named by its own label.
    await page.getByLabel('Country').first().selectOption('CA');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.locator('[id="field-shipping.subdivision-error"]').textContent())
      .toBe('Choose the province.');
    expect(await page.locator('[id="field-shipping.postalCode-error"]').textContent()).toBe(
      'Enter the postal code.',
    );
    await context.close();
  });

  it('completes a purchase to the UK, now that the store ships there', { timeout: 90_000 }, async () => {
    const context = await browser.newContext(DEVICES[0].options);
    const page = await context.newPage();
    await toCheckout(page, shop);
    await fillAddress(page, 'GB', {
      'Street address': '221B Baker Street',
      'Town or city': 'London',
      'Postal code': 'NW1 6XE',
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await chooseDelivery(page, /International/);
    await typeCard(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    expect((await orderOf(shop, page)).shippingInfo?.shippingDestination?.address?.country).toBe('GB');
    await context.close();
  });

  it('completes a purchase from the pickup-only country: its shopper collects the order', {
    timeout: 90_000,
  }, async () => {
    const context = await browser.newContext(DEVICES[0].options);
    const page = await context.newPage();
    await toCheckout(page, shop);
    await fillAddress(page, 'CH', {
      'Street address': 'Limmatquai 2',
      'Postal code': '8001',
      City: 'Zürich',
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    // Only Zurich's counter is offered (New York's is for buyers in the United States), it is chosen,
    // and nothing says "we do not deliver".
    const options = page.locator('section[aria-labelledby="step-shipping"] input[type=radio]');
    await expect.poll(() => options.count()).toBe(1);
    expect(await page.getByRole('radio', { name: /Pick up at the store/ }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: /Standard|International/ }).count()).toBe(0);
    expect(
      await options.evaluateAll((radios) => radios.filter((r) => (r as HTMLInputElement).checked).length),
    ).toBe(1);
    await page.getByRole('radio', { name: /Pick up in Zurich/ }).check();
    await expect.poll(() => page.getByRole('radio', { name: /Pick up in Zurich/ }).isChecked()).toBe(true);
    expect(await page.getByText(/do not deliver/).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: /^Place order/ }).isEnabled()).toBe(true);
    await typeCard(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    expect((await orderOf(shop, page)).shippingInfo?.pickupMethod).toBe('STORE_PICKUP');
    await context.close();
  });

  it('completes a store pickup with contact details only, with JavaScript', { timeout: 90_000 }, async () => {
    const context = await browser.newContext(DEVICES[1].options);
    const page = await context.newPage();
    await toCheckout(page, shop);
    await page.getByRole('radio', { name: 'Store pickup' }).check();
    // No address is asked for: a name, the e-mail and (optionally) a phone.
    await expect.poll(() => page.getByLabel('Street address').first().isVisible()).toBe(false);
    expect(await page.getByLabel('Country').first().isVisible()).toBe(false);
    expect(await page.getByRole('group', { name: 'Billing address' }).count()).toBe(0);
    await page.getByLabel('E-mail').fill('grace@example.com');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByRole('button', { name: 'Continue' }).click();
    const pickups = page.getByRole('radio', { name: /Pick up/ });
    await expect.poll(() => pickups.count()).toBe(2);
    // Only the pickup locations are offered, not delivery rates.
    expect(await page.getByRole('radio', { name: /Standard|Express/ }).count()).toBe(0);
    await page.getByRole('radio', { name: /Pick up in Zurich/ }).check();
    await expect.poll(() => page.getByRole('button', { name: /^Place order/ }).isEnabled()).toBe(true);
    // Nothing in the summary waits for an address that pickup never asks for.
    expect(await page.locator('.checkout-aside').textContent()).not.toContain('After your address');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await typeCard(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    const order = await orderOf(shop, page);
    expect(order.shippingInfo?.pickupMethod).toBe('STORE_PICKUP');
    expect(order.shippingInfo?.title).toBe('Pick up in Zurich');
    expect(order.shippingInfo?.shippingDestination?.contactDetails?.firstName).toBe('Grace');
    await context.close();
  });

  it('completes a store pickup with contact details only, without JavaScript', {
    timeout: 90_000,
  }, async () => {
    const context = await browser.newContext({ ...DEVICES[0].options, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.baseUrl}/products/stoneware-mug`);
    const groups = page.locator('fieldset.option-picker');
    for (let i = 0; i < (await groups.count()); i++) {
      await groups.nth(i).locator('input[type=radio]:not([disabled])').first().check({ force: true });
    }
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('radio', { name: 'Store pickup' }).check();
    await page.getByLabel('E-mail').fill('grace@example.com');
    await page.getByLabel('First name').first().fill('Grace');
    await page.getByLabel('Last name').first().fill('Hopper');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/checkout\//);
    // Back on the page: the pickup is chosen and "Place order" can be pressed.
    await expect.poll(() => page.getByRole('radio', { name: 'Store pickup' }).isChecked()).toBe(true);
    expect(await page.getByText('Enter your contact details and address above first.').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Place order/ }).isEnabled()).toBe(true);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('1230');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    expect((await orderOf(shop, page)).shippingInfo?.pickupMethod).toBe('STORE_PICKUP');
    await context.close();
  });
  // Last: it changes the set-up. A store that ships to New York only, and a Californian address.
  it('says once, in words, what to do when the address is in a part of the country not shipped to', {
    timeout: 90_000,
  }, async () => {
    const { shippingRegions } = await merchantCall(shop, 'GET', '/admin-api/v1/shipping-regions');
    const us = (shippingRegions as { id: string; destinations: string[] }[]).find((region) =>
      region.destinations.includes('US'),
    );
    const owner = await merchantKey(shop.t.database);
    const patched = await shop.t.app.inject({
      method: 'PATCH',
      url: `/admin-api/v1/shipping-regions/${us?.id}`,
      headers: { authorization: owner },
      payload: { shippingRegion: { destinations: ['US-NY'] } },
    });
    expect(patched.statusCode).toBe(200);
    const context = await browser.newContext(DEVICES[0].options);
    const page = await context.newPage();
    await toCheckout(page, shop);
    await fillAddress(
      page,
      'US',
      { 'Street address': '1 Market St', City: 'San Francisco', 'ZIP code': '94105' },
      { State: 'CA' },
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    const words =
      'We do not deliver to this part of United States. Choose store pickup below, or enter an address in a country we deliver to.';
    await expect.poll(() => page.getByText(words).count()).toBe(1);
    // No raw codes ("US-CA") in what the shopper reads.
    for (const alert of await page.locator('main .alert').allTextContents())
      expect(alert).not.toMatch(/\bUS(-CA)?\b/);
    await context.close();
  });
});
