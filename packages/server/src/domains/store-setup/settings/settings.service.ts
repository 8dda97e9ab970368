import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { invalidField } from '../../../lib/http/errors.js';
import type { Address, TaxableAddressType, WeightUnit } from '../setup.types.js';
import {
  type CardCapture,
  type StoredExtraCharge,
  storeSettings,
  type TaxCalculation,
} from '../store-setup.schema.js';

export const STORE_SETTINGS_ID = 'store';

export interface StoreSettings {
  /** The store currency now (set in the admin, else STORE_CURRENCY; ADR 050), read by the caller. */
  currency: string;
  weightUnit: WeightUnit;
  taxCalculation: TaxCalculation;
  pricesIncludeTax: boolean;
  taxableAddressType: TaxableAddressType;
  businessAddress?: Address;
  checkoutHoldMinutes: number;
  extraCharges: StoredExtraCharge[];
  /** Whether the store's card payments are charged at checkout or only authorized (captured later). */
  cardCapture: CardCapture;
  updatedDate?: Date;
}

export type StoreSettingsPatch = Partial<
  Omit<StoreSettings, 'currency' | 'updatedDate' | 'businessAddress'>
> & {
  businessAddress?: Address | null;
};

const DEFAULTS: Omit<StoreSettings, 'currency'> = {
  weightUnit: 'KG',
  taxCalculation: 'MANUAL',
  pricesIncludeTax: false,
  taxableAddressType: 'SHIPPING',
  checkoutHoldMinutes: 30,
  extraCharges: [],
  cardCapture: 'AUTOMATIC',
};

type Row = typeof storeSettings.$inferSelect;

export function settingsFromRow(row: Row | undefined, currency: string): StoreSettings {
  if (!row) return { currency, ...DEFAULTS };
  return {
    currency,
    weightUnit: row.weightUnit,
    taxCalculation: row.taxCalculation,
    pricesIncludeTax: row.pricesIncludeTax,
    taxableAddressType: row.taxableAddressType,
    ...(row.businessAddress ? { businessAddress: row.businessAddress } : {}),
    checkoutHoldMinutes: row.checkoutHoldMinutes,
    extraCharges: row.extraCharges,
    cardCapture: row.cardCapture,
    updatedDate: row.updatedDate,
  };
}

/** The settings row, created with defaults (and a fresh download signing key) the first time. */
export async function ensureRow(db: DbOrTx): Promise<Row> {
  const [existing] = await db.select().from(storeSettings).where(eq(storeSettings.id, STORE_SETTINGS_ID));
  if (existing) return existing;
  await db
    .insert(storeSettings)
    .values({ id: STORE_SETTINGS_ID, signingKey: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [created] = await db.select().from(storeSettings).where(eq(storeSettings.id, STORE_SETTINGS_ID));
  if (!created) throw new Error('store settings row missing after insert');
  return created;
}

export async function getStoreSettings(db: DbOrTx, currency: string): Promise<StoreSettings> {
  return settingsFromRow(await ensureRow(db), currency);
}

/** The store's secret key (download links, derived gift-card codes); it never leaves the server. */
export async function storeSigningKey(db: DbOrTx): Promise<string> {
  return (await ensureRow(db)).signingKey;
}

export async function updateStoreSettings(
  db: DbOrTx,
  patch: StoreSettingsPatch,
  currency: string,
): Promise<StoreSettings> {
  if (patch.checkoutHoldMinutes !== undefined && patch.checkoutHoldMinutes < 1) {
    throw invalidField('settings.checkoutHoldMinutes', 'MIN', 'must be at least 1 minute', { threshold: 1 });
  }
  await ensureRow(db);
  const { businessAddress, ...rest } = patch;
  const [row] = await db
    .update(storeSettings)
    .set({
      ...rest,
      ...(businessAddress !== undefined ? { businessAddress } : {}),
      updatedDate: new Date(),
    })
    .where(eq(storeSettings.id, STORE_SETTINGS_ID))
    .returning();
  return settingsFromRow(row, currency);
}
