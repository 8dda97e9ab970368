import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';
import {
  addToCartFromPage,
  DEVICES,
  fillCheckoutDetails,
  fillSandboxCard,
  inViewport,
  shopAndBrowser,
} from './shop-fixture.js';

// The hosted checkout as a shopper meets it (issue #23): a focused page, every problem at its field in
// plain words and all at once, the page taken to the first one, totals that say what is not known yet,
// and the address printed the way its country writes it.

/** The summary's value for a label (Shipping, Tax, Total, Estimated total). */
function summaryValue(page: Page, label: string) {
  return page
    .getByRole('complementary', { name: 'Order summary' })
    .locator('.summary div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first()
    .textContent();
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe.runIf(browserAvailable())('checkout: errors at their fields, estimates, focused layout', () => {
  const suite = shopAndBrowser();

  for (const device of DEVICES) {
    it(`names every problem at its field at once and takes the shopper there (${device.name})`, {
      timeout: 120_000,
    }, async () => {
      const context: BrowserContext = await suite.browser.newContext(device.options);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));

      await addToCartFromPage(page, suite.shop.baseUrl, 'stoneware-mug');
      await page
        .getByRole('dialog', { name: 'Your cart' })
        .getByRole('button', { name: 'Check out' })
        .click();
      await page.waitForURL(/\/checkout\//);
      await page.waitForLoadState('networkidle');

      // A focused page: the shop's name, no collection menus, search or cart to wander off to.
      await expect.poll(() => page.getByText('Secure checkout').count()).toBe(1);
      expect(await page.getByRole('navigation', { name: 'Collections' }).count()).toBe(0);
      expect(await page.getByRole('search').count()).toBe(0);
      expect(await page.getByRole('link', { name: /^Cart,/ }).count()).toBe(0);

      // Before an address, shipping and tax are not $0.00 and the total is an estimate.
      expect(await summaryValue(page, 'Shipping')).toBe('After your address');
      expect(await summaryValue(page, 'Tax')).toBe('After your address');
      expect(await summaryValue(page, 'Estimated total')).toMatch(/^\$\d+\.\d\d$/);

      // One submit: a bad e-mail, no city, no state — all named at once, by the browser, which checks the
      // form with the action's schema and stops the submit (the ZIP code it cannot judge: see below).
      await page.getByLabel('E-mail').fill('ada@example');
      await page.getByLabel('First name').first().fill('Ada');
      await page.getByLabel('Last name').first().fill('Lovelace');
      await page.getByLabel('Country').first().selectOption('US');
      await page.getByLabel('Street address').first().fill('1 Main St');
      await page.getByLabel('ZIP code').first().fill('ZZZZZZZZ');
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      await page.getByRole('button', { name: 'Continue' }).click();
      const error = (id: string) => page.locator(`[id="field-${id}-error"]`).textContent();
      // (The browser checks each field as it is left too, so the messages settle as the submit is stopped.)
      await expect.poll(() => error('email')).toMatch(/valid e-mail address/);
      await expect.poll(() => error('shipping.city')).toBe('Enter the city.');
      await expect.poll(() => error('shipping.subdivision')).toBe('Choose the state.');
      expect(posts).toEqual([]);
      // The page went to the first problem: the e-mail field has the focus and is on screen.
      await expect.poll(() => focusedId(page)).toBe('field-email');
      expect(await inViewport(page, '#field-email')).toBe(true);
      expect(await page.locator('main .alert-error').count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // A message goes as soon as its field is fixed.
      await page.getByLabel('E-mail').fill('ada@example.com');
      await expect.poll(() => page.locator('[id="field-email-error"]').count()).toBe(0);

      // The postal code data stays on the server: it names a ZIP that is not American after the submit,
      // naming the part as its label does (ZIP code), and what one looks like.
      await page.getByLabel('City').first().fill('New York');
      await page.getByLabel('State').first().selectOption('NY');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect
        .poll(() => error('shipping.postalCode'))
        .toBe('“ZZZZZZZZ” is not a ZIP code in United States. Check it: a ZIP code there looks like 95014.');
      await expect.poll(() => focusedId(page)).toBe('field-shipping.postalCode');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await fillCheckoutDetails(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).count()).toBe(1);
      // The address is known: tax is charged (New York), the cheapest delivery is counted, the total is final.
      await expect.poll(() => summaryValue(page, 'Tax')).toMatch(/^\$[1-9]\d*\.\d\d$/);
      expect(await summaryValue(page, 'Shipping')).toMatch(/^\$\d+\.\d\d$/);
      expect(await summaryValue(page, 'Total')).toMatch(/^\$\d+\.\d\d$/);
      await page.getByRole('radio', { name: /Standard/ }).check();
      await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);

      // A mistyped number, a past expiry and a short code: three messages in the shopper's words, one submit.
      await page.getByLabel('Card number').fill('4242 4242 4242 4241');
      await page.getByLabel('Expiry (MM / YY)').fill('01/20');
      await page.getByLabel('Security code').fill('12');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: /^Place order/ }).click();
      await expect
        .poll(() => error('cardNumber'))
        .toBe('This card number is not valid. Check the digits and try again.');
      // The browser checks each field as it is left, so the messages settle as the submit is stopped.
      await expect.poll(() => error('cardExpiry')).toBe('This card has expired. Use another card.');
      await expect.poll(() => error('cardCvc')).toMatch(/^Enter the 3 digit security code/);
      await expect.poll(() => focusedId(page)).toBe('field-cardNumber');
      expect(await inViewport(page, '#field-cardNumber')).toBe(true);
      expect(await page.getByText(/paymentMethod\./).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await fillSandboxCard(page);
      await page.getByRole('button', { name: /^Place order/ }).click();
      await page.waitForURL(/\/thank-you\//);
      // The address as Americans write it, with the country's name.
      const address = page.locator('address');
      await expect
        .poll(() => address.locator('.address-line').allTextContents())
        .toEqual(['Ada Lovelace', '1 Main St', 'New York, NY 10001', 'United States of America']);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('names every problem at once without JavaScript too', { timeout: 60_000 }, async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${suite.shop.baseUrl}/products/stoneware-mug`);
    const groups = page.locator('fieldset.option-picker');
    for (let i = 0; i < (await groups.count()); i++) {
      await groups.nth(i).locator('input[type=radio]:not([disabled])').first().check({ force: true });
    }
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\//);
    // Without JavaScript the country's address form comes with a button: Germany's has a postal code.
    await page.getByLabel('Country').first().selectOption('DE');
    await page.getByRole('button', { name: 'Show this country’s address form' }).first().click();
    const postalLabel = page.locator('label[for="field-shipping.postalCode"]');
    await expect.poll(() => postalLabel.textContent()).toBe('Postal code');
    expect(await page.locator('select[name="shipping.subdivision"]').count()).toBe(0);
    await page.getByLabel('Postal code').first().fill('1000');
    await page.getByRole('button', { name: 'Continue' }).click();
    const error = (id: string) => page.locator(`[id="field-${id}-error"]`).textContent();
    await expect.poll(() => error('email')).toMatch(/e-mail/);
    expect(await error('shipping.firstName')).toBe('Enter a first name.');
    expect(await error('shipping.postalCode')).toBe(
      '“1000” is not a postal code in Germany. Check it: a postal code there looks like 26133.',
    );
    await context.close();
  });
});
