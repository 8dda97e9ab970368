import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../lib/http/errors.js';
import { type StoredTaxRate, taxRegions } from '../store-setup.schema.js';

export interface TaxRegionRecord {
  id: string;
  country: string;
  subdivision?: string;
  county?: string;
  city?: string;
  rates: StoredTaxRate[];
  taxShipping: boolean;
  manual: boolean;
  createdDate: Date;
  updatedDate: Date;
}

export interface TaxRegionWrite {
  country?: string;
  subdivision?: string | null;
  county?: string | null;
  city?: string | null;
  rates?: StoredTaxRate[];
  taxShipping?: boolean;
  manual?: boolean;
}

export function taxRegionFromRow(row: typeof taxRegions.$inferSelect): TaxRegionRecord {
  return {
    id: row.id,
    country: row.country,
    ...(row.subdivision ? { subdivision: row.subdivision } : {}),
    ...(row.county ? { county: row.county } : {}),
    ...(row.city ? { city: row.city } : {}),
    rates: row.rates,
    taxShipping: row.taxShipping,
    manual: row.manual,
    createdDate: row.createdDate,
    updatedDate: row.updatedDate,
  };
}

export async function listTaxRegions(db: DbOrTx): Promise<TaxRegionRecord[]> {
  const rows = await db.select().from(taxRegions).orderBy(asc(taxRegions.createdDate), asc(taxRegions.id));
  return rows.map(taxRegionFromRow);
}

export async function getTaxRegion(db: DbOrTx, id: string): Promise<TaxRegionRecord> {
  const [row] = await db.select().from(taxRegions).where(eq(taxRegions.id, id));
  if (!row) throw notFound('TaxRegion', id);
  return taxRegionFromRow(row);
}

export async function createTaxRegion(
  db: DbOrTx,
  input: TaxRegionWrite & { country: string },
): Promise<TaxRegionRecord> {
  const [row] = await db
    .insert(taxRegions)
    .values({ ...normalize(input), country: input.country.toUpperCase() })
    .returning();
  return taxRegionFromRow(row as typeof taxRegions.$inferSelect);
}

export async function updateTaxRegion(
  db: DbOrTx,
  id: string,
  patch: TaxRegionWrite,
): Promise<TaxRegionRecord> {
  // updatedDate is always set, so an empty patch is a valid no-op (drizzle refuses an empty SET).
  const [row] = await db
    .update(taxRegions)
    .set({ ...normalize(patch), updatedDate: new Date() })
    .where(eq(taxRegions.id, id))
    .returning();
  if (!row) throw notFound('TaxRegion', id);
  return taxRegionFromRow(row);
}

export async function deleteTaxRegion(db: DbOrTx, id: string): Promise<void> {
  const rows = await db.delete(taxRegions).where(eq(taxRegions.id, id)).returning({ id: taxRegions.id });
  if (rows.length === 0) throw notFound('TaxRegion', id);
}

function normalize(input: TaxRegionWrite): TaxRegionWrite {
  return {
    ...input,
    ...(input.country ? { country: input.country.toUpperCase() } : {}),
    ...(input.subdivision ? { subdivision: input.subdivision.toUpperCase() } : {}),
  };
}
