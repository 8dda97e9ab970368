import type { Page } from 'playwright-core';
import { seedDemoCatalog } from '../../../../packages/server/src/domains/catalog/seed/seed.service.js';
import { mediaStorageFor } from '../../../../packages/server/src/domains/media/storage.js';
import { ensureDemoStoreSetup } from '../../../../packages/server/src/domains/store-setup/demo-setup.js';
import { createTestApp, type TestApp } from '../../../../packages/server/src/testing/index.js';

export interface ShopServer {
  t: TestApp;
  baseUrl: string;
  /** The demo gift card (worth 50.00), whose code the set-up shows once. */
  giftCardCode: string;
}

/**
 * A listening app with the storefront, the demo catalog and the demo store set-up (shipping, tax, coupons).
 * `port` 0 picks any; a suite whose pages must load media from PUBLIC_URL passes the port it names there.
 */
export async function startShop(env: Record<string, string> = {}, port = 0): Promise<ShopServer> {
  const t = await createTestApp({ storefront: true, env: { STORE_NAME: 'Harbor & Pine', ...env } });
  await seedDemoCatalog(t.database.db, mediaStorageFor(t.config), { currency: t.config.storeCurrency });
  const setup = await ensureDemoStoreSetup(t.database.db, t.config.storeCurrency);
  const baseUrl = await t.app.listen({ port, host: '127.0.0.1' });
  return { t, baseUrl, giftCardCode: setup?.giftCardCode ?? '' };
}

/** The shopper's steps through the hosted checkout form: contact and a New York address. */
export async function fillCheckoutDetails(page: Page): Promise<void> {
  await page.getByLabel('E-mail').fill('ada@example.com');
  await page.getByLabel('First name').first().fill('Ada');
  await page.getByLabel('Last name').first().fill('Lovelace');
  await page.getByLabel('Street address').first().fill('1 Main St');
  await page.getByLabel('City').first().fill('New York');
  await page.getByLabel('Postal code').first().fill('10001');
  await page.getByLabel('State or region (e.g. NY)').first().fill('NY');
  await page.getByLabel('Country').first().selectOption('US');
}

export async function fillSandboxCard(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
}
