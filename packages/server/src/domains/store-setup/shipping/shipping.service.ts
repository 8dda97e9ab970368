import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { AppError, notFound } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import type { Address, PickupMethod } from '../setup.types.js';
import { pickupLocations, type StoredShippingRate, shippingRegions } from '../store-setup.schema.js';
import { pickupCountries } from './pickup-offer.rules.js';

export interface ShippingRegionRecord {
  id: string;
  name: string;
  destinations: string[];
  rates: StoredShippingRate[];
  createdDate: Date;
  updatedDate: Date;
}

export interface ShippingRegionWrite {
  name?: string;
  destinations?: string[];
  rates?: StoredShippingRate[];
}

const DESTINATION = /^(\*|[A-Z]{2}(-[A-Z0-9]{1,3})?)$/;

function checkRegion(region: ShippingRegionWrite): void {
  const violations = new Violations();
  region.destinations?.forEach((destination, index) => {
    if (!DESTINATION.test(destination))
      violations.push({
        field: `shippingRegion.destinations[${index}]`,
        violatedRule: 'FORMAT',
        description: 'must be a country ("US"), a subdivision ("US-NY") or "*" for everywhere else',
      });
  });
  const codes = new Set<string>();
  region.rates?.forEach((rate, index) => {
    const at = `shippingRegion.rates[${index}]`;
    if (codes.has(rate.code))
      violations.push({
        field: `${at}.code`,
        violatedRule: 'VALIDATION',
        description: 'must be unique in the region',
      });
    codes.add(rate.code);
    if (rate.kind === 'WEIGHT' && rate.perWeightUnitMinor === undefined)
      violations.push({
        field: `${at}.perWeightUnit`,
        violatedRule: 'REQUIRED_FIELD',
        description: 'is required for a WEIGHT rate',
      });
    if (rate.kind === 'FREE_OVER' && rate.freeOverSubtotalMinor === undefined)
      violations.push({
        field: `${at}.freeOverSubtotal`,
        violatedRule: 'REQUIRED_FIELD',
        description: 'is required for a FREE_OVER rate',
      });
    if (
      rate.minDeliveryDays !== undefined &&
      rate.maxDeliveryDays !== undefined &&
      rate.minDeliveryDays > rate.maxDeliveryDays
    )
      violations.push({
        field: `${at}.maxDeliveryDays`,
        violatedRule: 'VALIDATION',
        description: 'must be at least minDeliveryDays',
      });
    rate.deliveryTimeSlots?.forEach((slot, slotIndex) => {
      if (Date.parse(slot.from) >= Date.parse(slot.to))
        violations.push({
          field: `${at}.deliveryTimeSlots[${slotIndex}].to`,
          violatedRule: 'VALIDATION',
          description: 'must be later than from',
        });
    });
  });
  violations.throwIfAny();
}

const regionOut = (row: typeof shippingRegions.$inferSelect): ShippingRegionRecord => ({ ...row });

export async function listShippingRegions(db: DbOrTx): Promise<ShippingRegionRecord[]> {
  const rows = await db
    .select()
    .from(shippingRegions)
    .orderBy(asc(shippingRegions.createdDate), asc(shippingRegions.id));
  return rows.map(regionOut);
}

export async function getShippingRegion(db: DbOrTx, id: string): Promise<ShippingRegionRecord> {
  const [row] = await db.select().from(shippingRegions).where(eq(shippingRegions.id, id));
  if (!row) throw notFound('ShippingRegion', id);
  return regionOut(row);
}

export async function createShippingRegion(
  db: DbOrTx,
  input: Required<Pick<ShippingRegionWrite, 'name' | 'destinations'>> & ShippingRegionWrite,
): Promise<ShippingRegionRecord> {
  checkRegion(input);
  const [row] = await db
    .insert(shippingRegions)
    .values({ name: input.name, destinations: input.destinations, rates: input.rates ?? [] })
    .returning();
  return regionOut(row as typeof shippingRegions.$inferSelect);
}

export async function updateShippingRegion(
  db: DbOrTx,
  id: string,
  patch: ShippingRegionWrite,
): Promise<ShippingRegionRecord> {
  checkRegion(patch);
  // updatedDate is always set, so an empty patch is a valid no-op (drizzle refuses an empty SET).
  const [row] = await db
    .update(shippingRegions)
    .set({ ...patch, updatedDate: new Date() })
    .where(eq(shippingRegions.id, id))
    .returning();
  if (!row) throw notFound('ShippingRegion', id);
  return regionOut(row);
}

export async function deleteShippingRegion(db: DbOrTx, id: string): Promise<void> {
  const rows = await db
    .delete(shippingRegions)
    .where(eq(shippingRegions.id, id))
    .returning({ id: shippingRegions.id });
  if (rows.length === 0) throw notFound('ShippingRegion', id);
}

export interface PickupLocationRecord {
  id: string;
  code: string;
  title: string;
  method: PickupMethod;
  address: Address;
  instructions?: string;
  feeMinor: number;
  /** Destinations whose buyers are offered it; empty: the location's own country (ADR 047). */
  offeredTo: string[];
  createdDate: Date;
  updatedDate: Date;
}

export type PickupLocationWrite = Partial<Omit<PickupLocationRecord, 'id' | 'createdDate' | 'updatedDate'>>;

const pickupOut = (row: typeof pickupLocations.$inferSelect): PickupLocationRecord => ({
  id: row.id,
  code: row.code,
  title: row.title,
  method: row.method,
  address: row.address,
  ...(row.instructions ? { instructions: row.instructions } : {}),
  feeMinor: row.feeMinor,
  offeredTo: row.offeredTo,
  createdDate: row.createdDate,
  updatedDate: row.updatedDate,
});

export async function listPickupLocations(db: DbOrTx): Promise<PickupLocationRecord[]> {
  const rows = await db
    .select()
    .from(pickupLocations)
    .orderBy(asc(pickupLocations.createdDate), asc(pickupLocations.id));
  return rows.map(pickupOut);
}

export async function createPickupLocation(
  db: DbOrTx,
  input: PickupLocationWrite & Pick<PickupLocationRecord, 'code' | 'title' | 'method' | 'address'>,
): Promise<PickupLocationRecord> {
  const rows = await db
    .insert(pickupLocations)
    .values({ ...input, feeMinor: input.feeMinor ?? 0, offeredTo: input.offeredTo ?? [] })
    .onConflictDoNothing()
    .returning();
  if (!rows[0]) throw duplicatePickup(input.code);
  return pickupOut(rows[0]);
}

export async function updatePickupLocation(
  db: DbOrTx,
  id: string,
  patch: PickupLocationWrite,
): Promise<PickupLocationRecord> {
  try {
    const [row] = await db
      .update(pickupLocations)
      .set({ ...patch, updatedDate: new Date() })
      .where(eq(pickupLocations.id, id))
      .returning();
    if (!row) throw notFound('PickupLocation', id);
    return pickupOut(row);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause ?? error;
    if ((cause as { code?: string }).code === '23505') throw duplicatePickup(patch.code ?? '');
    throw error;
  }
}

export async function deletePickupLocation(db: DbOrTx, id: string): Promise<void> {
  const rows = await db
    .delete(pickupLocations)
    .where(eq(pickupLocations.id, id))
    .returning({ id: pickupLocations.id });
  if (rows.length === 0) throw notFound('PickupLocation', id);
}

function duplicatePickup(code: string): AppError {
  return new AppError('PICKUP_LOCATION_ALREADY_EXISTS', 'Pickup location code already exists', {
    status: 409,
    description: `Another pickup location uses the code "${code}". Codes identify the option at checkout; choose another.`,
    data: { code },
  });
}

/**
 * The countries a shopper can receive an order in: those of the shipping regions (a subdivision's
 * country counts, "*" means every country) and those whose buyers a pickup location is offered to. The
 * storefront's country list is this, so a shopper never chooses a country the checkout then refuses.
 */
export interface ServedDestinations {
  /**
   * ISO 3166-1 codes delivered to, in the order of the regions (the first is the store's home, as
   * merchants set them up); "*" when a region covers everywhere else.
   */
  delivery: string[] | '*';
  /**
   * ISO 3166-1 codes whose buyers are offered a pickup (a location's own country unless the merchant
   * chose others, ADR 047); "*" when a location is offered to everyone.
   */
  pickup: string[] | '*';
}

export async function servedDestinations(db: DbOrTx): Promise<ServedDestinations> {
  const [regions, pickups] = await Promise.all([listShippingRegions(db), listPickupLocations(db)]);
  const everywhere = regions.some((region) => region.rates.length > 0 && region.destinations.includes('*'));
  const delivery = new Set(
    regions
      // A region without a rate offers no delivery option: its countries are not served by it.
      .filter((region) => region.rates.length > 0)
      .flatMap((region) => region.destinations.filter((d) => d !== '*').map((d) => d.slice(0, 2))),
  );
  const offered = pickups.map(pickupCountries);
  const pickup = new Set(offered.flatMap((countries) => (countries === '*' ? [] : countries)));
  return {
    delivery: everywhere ? '*' : [...delivery],
    pickup: offered.includes('*') ? '*' : [...pickup].sort(),
  };
}
