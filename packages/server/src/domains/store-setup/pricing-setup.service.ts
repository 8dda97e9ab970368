import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { type Coupon, couponFromRow } from './promotions/coupons.service.js';
import { type GiftCard, giftCardFromRow } from './promotions/gift-cards.service.js';
import { type StoreSettings, settingsFromRow } from './settings/settings.service.js';
import type { MembershipInput, ShippingSetup, TaxSetup } from './setup.types.js';
import type {
  coupons,
  giftCards,
  pickupLocations,
  shippingRegions,
  storeSettings,
  taxRegions,
} from './store-setup.schema.js';

/** Everything the totals engine needs from the store's set-up, for one calculation. */
export interface PricingSetup {
  settings: StoreSettings;
  shipping: ShippingSetup;
  /** Without the automatic tax provider: the app injects it (pricing/pricing.service.ts). */
  tax: Omit<TaxSetup, 'provider'>;
  coupon?: Coupon;
  giftCard?: GiftCard;
  memberships: MembershipInput[];
}

const DATE_KEYS = new Set(['created_date', 'updated_date', 'starts_at', 'expires_at', 'disabled_at']);

/** A row as `to_jsonb` gives it (snake_case, dates as strings) → the shape drizzle gives. */
function fromJson<Row>(json: Record<string, unknown>): Row {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const camel = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    out[camel] = DATE_KEYS.has(key) && typeof value === 'string' ? new Date(value) : value;
  }
  return out as Row;
}

interface SetupRow {
  settings: Record<string, unknown> | null;
  regions: Record<string, unknown>[];
  pickups: Record<string, unknown>[];
  tax_regions: Record<string, unknown>[];
  coupon: Record<string, unknown> | null;
  gift_card: Record<string, unknown> | null;
  memberships: { membership: Record<string, unknown>; plan: Record<string, unknown> }[];
}

/**
 * Loads the store set-up, the coupon, the gift card and the member's memberships in ONE round trip
 * (sub-selects aggregated to JSON), because every cart read, estimate, checkout and order needs them.
 */
export async function loadPricingSetup(
  db: DbOrTx,
  input: { currency: string; couponId?: string | null; giftCardId?: string | null; memberId?: string | null },
): Promise<PricingSetup> {
  const [row] = await queryRows<SetupRow>(
    db,
    sql`SELECT
      (SELECT to_jsonb(s) FROM store_settings s WHERE s.id = 'store') AS settings,
      (SELECT coalesce(jsonb_agg(to_jsonb(r) ORDER BY r.created_date, r.id), '[]'::jsonb) FROM shipping_regions r) AS regions,
      (SELECT coalesce(jsonb_agg(to_jsonb(p) ORDER BY p.created_date, p.id), '[]'::jsonb) FROM pickup_locations p) AS pickups,
      (SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY t.created_date, t.id), '[]'::jsonb) FROM tax_regions t) AS tax_regions,
      (SELECT to_jsonb(c) FROM coupons c WHERE c.id = ${input.couponId ?? null}::text) AS coupon,
      (SELECT to_jsonb(g) FROM gift_cards g WHERE g.id = ${input.giftCardId ?? null}::text) AS gift_card,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('membership', to_jsonb(m), 'plan', to_jsonb(mp))
         ORDER BY m.created_date, m.id), '[]'::jsonb)
       FROM memberships m JOIN membership_plans mp ON mp.id = m.plan_id
       WHERE m.member_id = ${input.memberId ?? null}::text AND mp.active) AS memberships`,
  );
  if (!row) throw new Error('pricing set-up query returned no row');
  const settings = settingsFromRow(
    row.settings ? fromJson<typeof storeSettings.$inferSelect>(row.settings) : undefined,
    input.currency,
  );
  const regions = row.regions.map((json) => fromJson<typeof shippingRegions.$inferSelect>(json));
  const pickups = row.pickups.map((json) => fromJson<typeof pickupLocations.$inferSelect>(json));
  const taxRegionRows = row.tax_regions.map((json) => fromJson<typeof taxRegions.$inferSelect>(json));
  return {
    settings,
    shipping: {
      regions: regions.map((region) => ({
        id: region.id,
        name: region.name,
        destinations: region.destinations,
        rates: region.rates.map((rate) => ({
          code: rate.code,
          title: rate.title,
          kind: rate.kind,
          amount: rate.amountMinor,
          ...(rate.perWeightUnitMinor !== undefined ? { perWeightUnit: rate.perWeightUnitMinor } : {}),
          ...(rate.freeOverSubtotalMinor !== undefined
            ? { freeOverSubtotal: rate.freeOverSubtotalMinor }
            : {}),
          ...(rate.carrierId ? { carrierId: rate.carrierId } : {}),
          ...(rate.minDeliveryDays !== undefined ? { minDeliveryDays: rate.minDeliveryDays } : {}),
          ...(rate.maxDeliveryDays !== undefined ? { maxDeliveryDays: rate.maxDeliveryDays } : {}),
          ...(rate.deliveryTimeSlots
            ? {
                deliveryTimeSlots: rate.deliveryTimeSlots.map((slot) => ({
                  from: new Date(slot.from),
                  to: new Date(slot.to),
                })),
              }
            : {}),
        })),
      })),
      pickupLocations: pickups.map((pickup) => ({
        code: pickup.code,
        title: pickup.title,
        method: pickup.method,
        address: pickup.address,
        ...(pickup.instructions ? { instructions: pickup.instructions } : {}),
        fee: pickup.feeMinor,
        offeredTo: pickup.offeredTo ?? [],
      })),
      charges: settings.extraCharges.map((charge) => ({
        type: charge.type,
        title: charge.title,
        ...(charge.amountMinor !== undefined ? { amount: charge.amountMinor } : {}),
        ...(charge.ppm !== undefined ? { ppm: charge.ppm } : {}),
      })),
    },
    tax: {
      calculation: settings.taxCalculation,
      pricesIncludeTax: settings.pricesIncludeTax,
      taxableAddressType: settings.taxableAddressType,
      ...(settings.businessAddress ? { businessAddress: settings.businessAddress } : {}),
      regions: taxRegionRows.map((region) => ({
        country: region.country,
        ...(region.subdivision ? { subdivision: region.subdivision } : {}),
        ...(region.county ? { county: region.county } : {}),
        ...(region.city ? { city: region.city } : {}),
        rates: region.rates,
        taxShipping: region.taxShipping,
        manual: region.manual,
      })),
    },
    ...(row.coupon ? { coupon: couponFromRow(fromJson<typeof coupons.$inferSelect>(row.coupon)) } : {}),
    ...(row.gift_card
      ? { giftCard: giftCardFromRow(fromJson<typeof giftCards.$inferSelect>(row.gift_card)) }
      : {}),
    memberships: row.memberships.map(({ membership, plan }) => {
      const m = fromJson<{ id: string; expiresAt: Date | null; remainingCredits: number | null }>(membership);
      const p = fromJson<{ name: string; productIds: string[]; chargedOffline?: boolean }>(plan);
      return {
        id: m.id,
        name: p.name,
        ...(m.expiresAt ? { expirationDate: m.expiresAt } : {}),
        productIds: p.productIds,
        ...(p.chargedOffline ? { chargedOffline: true } : {}),
        ...(m.remainingCredits !== null ? { remainingCredits: m.remainingCredits } : {}),
      };
    }),
  };
}

/**
 * The set-up a cart's own totals need (subtotal and coupon discount; no address yet, so no shipping or
 * tax): built without a database round trip.
 */
export function cartPricingSetup(currency: string, coupon: Coupon | undefined): PricingSetup {
  return {
    settings: settingsFromRow(undefined, currency),
    shipping: { regions: [], pickupLocations: [], charges: [] },
    tax: { calculation: 'NONE', pricesIncludeTax: false, taxableAddressType: 'SHIPPING', regions: [] },
    ...(coupon ? { coupon } : {}),
    memberships: [],
  };
}
