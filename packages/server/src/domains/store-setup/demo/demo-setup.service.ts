import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.js';
import { createCoupon } from '../promotions/coupons.service.js';
import { issueGiftCard } from '../promotions/gift-cards.service.js';
import { getStoreSettings } from '../settings/settings.service.js';
import { createPickupLocation, createShippingRegion } from '../shipping/shipping.service.js';
import type { StoredTaxRate } from '../store-setup.schema.js';
import { createTaxRegion } from '../tax/tax.service.js';

const EU = ['AT', 'BE', 'DE', 'DK', 'ES', 'FI', 'FR', 'IE', 'IT', 'LU', 'NL', 'PL', 'PT', 'SE'];
const VAT: Record<string, number> = { DE: 19, FR: 20, NL: 21, ES: 21, IT: 22, AT: 20, BE: 21, IE: 23 };
const US_STATES: [string, StoredTaxRate[]][] = [
  [
    'US-NY',
    [
      { jurisdiction: 'New York', jurisdictionType: 'STATE', ppm: 40_000 },
      { jurisdiction: 'New York City', jurisdictionType: 'CITY', ppm: 45_000 },
      {
        jurisdiction: 'Metropolitan Commuter Transportation District',
        jurisdictionType: 'SPECIAL',
        ppm: 3_750,
      },
    ],
  ],
  ['US-CA', [{ jurisdiction: 'California', jurisdictionType: 'STATE', ppm: 72_500 }]],
  ['US-TX', [{ jurisdiction: 'Texas', jurisdictionType: 'STATE', ppm: 62_500 }]],
  ['US-WA', [{ jurisdiction: 'Washington', jurisdictionType: 'STATE', ppm: 65_000 }]],
];

/**
 * First start of the embedded demo store: a sensible default set-up so checkout works at once — US and
 * EU shipping, a store pickup, tax for a few US states and EU countries, coupons SAVE10 and FREESHIP,
 * and a demo gift card whose code is returned (server.ts prints it once, like the owner key). Does
 * nothing on a store whose set-up has been touched.
 */
export async function ensureDemoStoreSetup(
  db: Db,
  currency: string,
): Promise<{ giftCardCode: string } | undefined> {
  const [state] = await queryRows<{ touched: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM store_settings) OR EXISTS (SELECT 1 FROM shipping_regions)
      OR EXISTS (SELECT 1 FROM tax_regions) OR EXISTS (SELECT 1 FROM coupons) OR EXISTS (SELECT 1 FROM gift_cards) AS touched`,
  );
  if (state?.touched) return undefined;
  await getStoreSettings(db, currency);
  await createShippingRegion(db, {
    name: 'United States',
    destinations: ['US'],
    rates: [
      {
        code: 'us-standard',
        title: 'Standard',
        kind: 'FLAT',
        amountMinor: 599,
        minDeliveryDays: 3,
        maxDeliveryDays: 5,
      },
      {
        code: 'us-express',
        title: 'Express',
        kind: 'WEIGHT',
        amountMinor: 999,
        perWeightUnitMinor: 150,
        minDeliveryDays: 1,
        maxDeliveryDays: 2,
      },
      {
        code: 'us-free-over-75',
        title: 'Free over $75',
        kind: 'FREE_OVER',
        amountMinor: 799,
        freeOverSubtotalMinor: 7500,
        minDeliveryDays: 4,
        maxDeliveryDays: 7,
      },
    ],
  });
  await createShippingRegion(db, {
    name: 'Europe',
    destinations: EU,
    rates: [
      {
        code: 'eu-standard',
        title: 'Standard',
        kind: 'FLAT',
        amountMinor: 999,
        minDeliveryDays: 5,
        maxDeliveryDays: 10,
      },
    ],
  });
  await createPickupLocation(db, {
    code: 'store-pickup',
    title: 'Pick up at the store',
    method: 'STORE_PICKUP',
    address: {
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      postalCode: '10012',
      addressLine: '1 Spring St',
    },
    instructions: 'Open Monday to Saturday, 10:00-18:00. Bring your order number.',
  });
  for (const [subdivision, rates] of US_STATES)
    await createTaxRegion(db, { country: 'US', subdivision, rates, taxShipping: subdivision === 'US-NY' });
  for (const [country, percent] of Object.entries(VAT))
    await createTaxRegion(db, {
      country,
      taxShipping: true,
      rates: [{ jurisdiction: country, jurisdictionType: 'COUNTRY', ppm: percent * 10_000 }],
    });
  await createCoupon(db, { code: 'SAVE10', name: '10 % off everything', kind: 'PERCENT', ppm: 100_000 });
  await createCoupon(db, {
    code: 'FREESHIP',
    name: 'Free shipping over $50',
    kind: 'PERCENT',
    ppm: 1_000_000,
    scope: 'SHIPPING',
    minimumSubtotalMinor: 5000,
  });
  const { code } = await db.transaction((tx) => issueGiftCard(tx, { initialBalanceMinor: 5000, currency }));
  return { giftCardCode: code };
}
