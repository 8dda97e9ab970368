import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestProduct, lineItem } from '../../../../packages/server/src/testing/ecom.js';
import { visitorToken } from '../../../../packages/server/src/testing/index.js';
import { adminSuite, sidewaysOverflow } from './admin-support.js';
import { seriousA11yViolations } from './axe.js';
import { browserAvailable } from './browser.js';

/*
 * Issue #37 item 3, "pickers instead of raw ids": the merchant chooses countries and states by name where
 * the admin asked for codes ("CA, US-AK, *", "US", "US-NY") — shipping destinations, a pickup location's
 * country and state, the business address — and the API stores the codes it always has.
 */
describe.runIf(browserAvailable())('merchant admin: countries and states picked by name', () => {
  const suite = adminSuite();
  const { signedIn } = suite;
  const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const a11y = async (page: Page, step: string) =>
    expect({ step, violations: await seriousA11yViolations(page) }).toEqual({ step, violations: [] });
  // The admin's menu button is drawn once JavaScript runs: the pickers follow the choices from then on.
  const hydrated = (page: Page) =>
    page.getByRole('button', { name: 'Menu', includeHidden: true }).waitFor({ state: 'attached' });
  const chosen = (select: Locator) =>
    select.evaluate((element) =>
      [...(element as HTMLSelectElement).selectedOptions].map((option) => option.textContent),
    );
  const regionByName = async (name: string) =>
    (await suite.admin.shippingRegions.list()).find((region) => region.name === name);
  /** What the shop offers a shopper's cart for delivery to an address: the rate titles, then pickups. */
  const offeredTo = async (shopper: string, address: Record<string, string>) => {
    const { t } = suite.server;
    const parcel = await createTestProduct(t.database.db, {
      name: `Parcel ${shopper}`,
      priceMinor: 1000,
      weight: 1,
    });
    const send = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: visitorToken(shopper) }, payload });
    await send('/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(parcel.id)] });
    const estimate = (
      await send('/ecom/v1/carts/current/estimate-totals', { shippingAddress: address })
    ).json();
    return (estimate.shippingInfo?.carrierServiceOptions ?? []).flatMap(
      (carrier: { shippingOptions: { title: string }[] }) => carrier.shippingOptions.map((o) => o.title),
    );
  };
  const rate = async (form: Locator) => {
    await form.getByLabel('Rate code', { exact: true }).fill('std');
    await form.getByLabel('Rate title', { exact: true }).fill('Standard');
    await form.getByLabel('Amount', { exact: true }).fill('7');
  };

  it('creates a shipping region from countries chosen by name and edits it to some states, desktop and phone', async () => {
    for (const [device, options] of [
      ['desktop', {}],
      ['phone', PHONE],
    ] as const) {
      const page = await signedIn(options);
      await page.goto(`${suite.server.baseUrl}/admin/shipping`);
      const create = page.getByRole('region', { name: 'New shipping region' });
      await create.getByLabel('Region name', { exact: true }).fill(`Nordics ${device}`);
      // Hydrated: the country list can be filtered by name; a filtered-out choice stays chosen.
      const countries = create.getByLabel('Countries', { exact: true });
      await create.getByLabel('Find a country', { exact: true }).fill('fin');
      expect(await countries.locator('option:not([hidden])').allTextContents()).toEqual(['Finland']);
      await create.getByLabel('Find a country', { exact: true }).fill('');
      await countries.selectOption([{ label: 'Finland' }, { label: 'Norway' }, { label: 'Sweden' }]);
      expect(await create.getByText(/^Chosen:/).textContent()).toBe('Chosen: Finland, Norway, Sweden');
      await rate(create);
      await a11y(page, `new region (${device})`);
      expect(await sidewaysOverflow(page)).toBe(0);
      await create.getByRole('button', { name: 'Create region' }).click();
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toBe(`Shipping region “Nordics ${device}” created.`);
      expect((await regionByName(`Nordics ${device}`))?.destinations).toEqual(['FI', 'NO', 'SE']);
      // The region's heading says where it delivers by name, not by code.
      expect(await page.getByRole('heading', { name: new RegExp(`^Nordics ${device}`) }).textContent()).toBe(
        `Nordics ${device} Finland, Norway, Sweden`,
      );
      await page.context().close();
    }

    // Editing shows the saved destinations chosen; the merchant swaps the US for two of its states and
    // adds "everywhere else".
    const region = await suite.admin.shippingRegions.create({
      name: 'Far states',
      destinations: ['US'],
      rates: [{ code: 'far', title: 'Far', kind: 'FLAT', amount: '20' }],
    });
    const page = await signedIn();
    await page.goto(`${suite.server.baseUrl}/admin/shipping`);
    await hydrated(page);
    const card = page.getByRole('region', { name: /^Far states/ });
    await card.getByText("Edit Far states's name and destinations").click();
    const countries = card.getByLabel('Countries', { exact: true });
    expect(await chosen(countries)).toEqual(['United States']);
    await card.getByText('Only some states or provinces').click();
    const states = card.getByLabel('States or provinces of United States', { exact: true });
    await states.selectOption([{ label: 'Alaska' }, { label: 'Hawaii' }]);
    await countries.selectOption([]);
    await card.getByLabel('Everywhere else (every country no other region names)').check();
    await a11y(page, 'editing a region');
    await card.getByRole('button', { name: 'Save region' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Shipping region “Far states” saved.');
    expect((await suite.admin.shippingRegions.get(region.id)).destinations).toEqual(['*', 'US-AK', 'US-HI']);
    // The shop offers the region's rate in Alaska and, as everywhere else, in Japan.
    expect(
      await offeredTo('v-juneau', {
        country: 'US',
        subdivision: 'US-AK',
        city: 'Juneau',
        postalCode: '99801',
      }),
    ).toContain('Far');
    expect(await offeredTo('v-tokyo', { country: 'JP', city: 'Tokyo', postalCode: '100-0001' })).toContain(
      'Far',
    );
    expect(await card.getByRole('heading').first().textContent()).toBe(
      'Far states Everywhere else, Alaska (United States), Hawaii (United States)',
    );
    // Shown again as saved: the states chosen, their list open.
    await page.reload();
    await card.getByText("Edit Far states's name and destinations").click();
    expect(await chosen(card.getByLabel('Countries', { exact: true }))).toEqual([]);
    expect(await card.getByLabel('Everywhere else (every country no other region names)').isChecked()).toBe(
      true,
    );
    expect(await chosen(card.getByLabel('States or provinces of United States', { exact: true }))).toEqual([
      'Alaska',
      'Hawaii',
    ]);
    // Nothing chosen is refused in words, and nothing is lost.
    await card.getByLabel('Everywhere else (every country no other region names)').uncheck();
    await card.getByLabel('States or provinces of United States', { exact: true }).selectOption([]);
    await card.getByRole('button', { name: 'Save region' }).click();
    await expect
      .poll(() => card.locator('.admin-field-error').first().textContent())
      .toBe('Choose at least one country, state or “Everywhere else”.');
    expect((await suite.admin.shippingRegions.get(region.id)).destinations).toEqual(['*', 'US-AK', 'US-HI']);
    await page.context().close();
  });

  it('keeps a destination set through the API that no list offers when a region is edited', async () => {
    const region = await suite.admin.shippingRegions.create({
      name: 'Legacy',
      destinations: ['UK', 'CA-ON'],
      rates: [{ code: 'old', title: 'Old', kind: 'FLAT', amount: '9' }],
    });
    const page = await signedIn();
    await page.goto(`${suite.server.baseUrl}/admin/shipping`);
    await hydrated(page);
    const card = page.getByRole('region', { name: /^Legacy/ });
    await card.getByText("Edit Legacy's name and destinations").click();
    expect(await card.getByLabel('Keep “UK” (not a country or state in the lists)').isChecked()).toBe(true);
    expect(await chosen(card.getByLabel('States or provinces of Canada', { exact: true }))).toEqual([
      'Ontario',
    ]);
    await card.getByLabel('Region name', { exact: true }).fill('Legacy routes');
    await card.getByRole('button', { name: 'Save region' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Shipping region “Legacy routes” saved.');
    expect((await suite.admin.shippingRegions.get(region.id)).destinations).toEqual(['UK', 'CA-ON']);
    await page.context().close();
  });

  it('creates a shipping region by picking countries with JavaScript off', async () => {
    const page = await signedIn({ javaScriptEnabled: false });
    await page.goto(`${suite.server.baseUrl}/admin/shipping`);
    const create = page.getByRole('region', { name: 'New shipping region' });
    await create.getByLabel('Region name', { exact: true }).fill('Iberia');
    await create
      .getByLabel('Countries', { exact: true })
      .selectOption([{ label: 'Portugal' }, { label: 'Spain' }]);
    await rate(create);
    await create.getByRole('button', { name: 'Create region' }).click();
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').textContent()).toBe('Shipping region “Iberia” created.');
    expect((await regionByName('Iberia'))?.destinations).toEqual(['PT', 'ES']);
    // The shop delivers there at the rate set: a cart bound for Lisbon is offered it.
    expect(await offeredTo('v-lisbon', { country: 'PT', city: 'Lisboa', postalCode: '1100-148' })).toContain(
      'Standard',
    );
    // Its edit form, without JavaScript too, offers Spain's and Portugal's regions.
    const card = page.getByRole('region', { name: /^Iberia/ });
    expect(await chosen(card.getByLabel('Countries', { exact: true }))).toEqual(['Portugal', 'Spain']);
    expect(await card.getByLabel('States or provinces of Spain', { exact: true }).count()).toBe(1);
    await page.context().close();
  });

  it('adds a pickup location with its country and province chosen by name', async () => {
    for (const [device, options] of [
      ['desktop', {}],
      ['phone', PHONE],
    ] as const) {
      const page = await signedIn(options);
      await page.goto(`${suite.server.baseUrl}/admin/shipping`);
      await hydrated(page);
      await page.getByText('Add a pickup location').click();
      const pickups = page.getByRole('region', { name: 'Pickup locations' });
      await pickups.getByLabel('Code', { exact: true }).fill(`toronto-${device}`);
      await pickups.getByLabel('Title', { exact: true }).fill(`Toronto ${device}`);
      await pickups.getByLabel('Street', { exact: true }).fill('1 King St W');
      await pickups.getByLabel('City', { exact: true }).fill('Toronto');
      // The province list follows the country chosen.
      expect(await pickups.getByLabel('State or province', { exact: true }).count()).toBe(0);
      await pickups.getByLabel('Country', { exact: true }).selectOption({ label: 'Canada' });
      await pickups.getByLabel('State or province', { exact: true }).selectOption({ label: 'Ontario' });
      await a11y(page, `new pickup location (${device})`);
      expect(await sidewaysOverflow(page)).toBe(0);
      await pickups.getByRole('button', { name: 'Add pickup location' }).click();
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toBe(`Pickup location “Toronto ${device}” created.`);
      const saved = (await suite.admin.pickupLocations.list()).find((p) => p.title === `Toronto ${device}`);
      expect(saved?.address).toMatchObject({ country: 'CA', subdivision: 'CA-ON', city: 'Toronto' });
      expect(
        await pickups
          .getByRole('listitem')
          .filter({ hasText: `Toronto ${device}` })
          .textContent(),
      ).toContain('1 King St W, Toronto, Ontario, Canada');
      await page.context().close();
    }
  });

  it('saves the business address with its country and state chosen by name, with and without JavaScript', async () => {
    const page = await signedIn(PHONE);
    await page.goto(`${suite.server.baseUrl}/admin/settings`);
    await hydrated(page);
    const address = page.getByRole('region', { name: 'Business address' });
    await address.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
    await address.getByLabel('State or province', { exact: true }).selectOption({ label: 'New York' });
    await address.getByLabel('City', { exact: true }).fill('New York');
    await address.getByLabel('Postal code', { exact: true }).fill('10001');
    await a11y(page, 'business address (phone)');
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Settings saved.');
    expect((await suite.admin.settings.get()).businessAddress).toMatchObject({
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
    });
    await page.reload();
    expect(await chosen(address.getByLabel('Country', { exact: true }))).toEqual(['United States']);
    expect(await chosen(address.getByLabel('State or province', { exact: true }))).toEqual(['New York']);
    await page.context().close();

    // Without JavaScript the state list cannot follow a new country: the state left from the old one is
    // named, the list then shows the new country's own, and nothing is saved meanwhile.
    const plain = await signedIn({ javaScriptEnabled: false });
    await plain.goto(`${suite.server.baseUrl}/admin/settings`);
    const form = plain.getByRole('region', { name: 'Business address' });
    expect(await chosen(form.getByLabel('State or province', { exact: true }))).toEqual(['New York']);
    await form.getByLabel('Country', { exact: true }).selectOption({ label: 'Canada' });
    await plain.getByRole('button', { name: 'Save settings' }).click();
    await plain.getByRole('alert').first().waitFor();
    const state = form.getByLabel('State or province', { exact: true });
    // The message is the state list's own (its description), worded for the merchant.
    const described = await state.getAttribute('aria-describedby');
    expect(await form.locator(`[id="${described}"]`).textContent()).toBe(
      'Choose a state or province of Canada: the list now shows its own.',
    );
    expect(await chosen(form.getByLabel('Country', { exact: true }))).toEqual(['Canada']);
    expect(await state.locator('option').allTextContents()).toContain('Ontario');
    expect((await suite.admin.settings.get()).businessAddress?.country).toBe('US');
    await state.selectOption({ label: 'Quebec' });
    await plain.getByRole('button', { name: 'Save settings' }).click();
    await plain.getByRole('status').waitFor();
    expect((await suite.admin.settings.get()).businessAddress).toMatchObject({
      country: 'CA',
      subdivision: 'CA-QC',
    });
    await plain.context().close();
  });

  it('keeps a business address state the list lacks when the settings are saved', async () => {
    await suite.admin.settings.update({
      businessAddress: { country: 'GB', subdivision: 'GB-ENG', city: 'Leeds' },
    });
    const page = await signedIn();
    await page.goto(`${suite.server.baseUrl}/admin/settings`);
    await hydrated(page);
    const address = page.getByRole('region', { name: 'Business address' });
    expect(await chosen(address.getByLabel('State or province', { exact: true }))).toEqual([
      'GB-ENG (as saved)',
    ]);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Settings saved.');
    expect((await suite.admin.settings.get()).businessAddress).toMatchObject({
      country: 'GB',
      subdivision: 'GB-ENG',
    });
    await page.context().close();
  });

  it('creates a tax region from a country and state chosen by name', async () => {
    const page = await signedIn();
    await page.goto(`${suite.server.baseUrl}/admin/tax`);
    await hydrated(page);
    const create = page.getByRole('region', { name: 'New tax region' });
    await create.getByLabel('Country', { exact: true }).selectOption({ label: 'Canada' });
    await create.getByLabel('State or province', { exact: true }).selectOption({ label: 'Manitoba' });
    await create.getByLabel('Rate (%)', { exact: true }).fill('4');
    await a11y(page, 'new tax region');
    await create.getByRole('button', { name: 'Create tax region' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Tax region Canada / Manitoba created.');
    const saved = (await suite.admin.taxRegions.list()).find((region) => region.subdivision === 'CA-MB');
    expect(saved).toMatchObject({ country: 'CA', rates: [{ jurisdiction: 'Manitoba', rate: 4 }] });
    expect(await page.getByRole('row', { name: /^Canada \/ Manitoba/ }).count()).toBe(1);
    await page.context().close();
  });
});
