import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { readTogether } from '../../../db/read-together.js';
import { AppError, type FieldViolation, notFound } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import type { Paging } from '../../../lib/paging.js';
import { escapeLike } from '../../../lib/query-values.js';
import { type COUPON_KINDS, type COUPON_SCOPES, couponRedemptions, coupons } from '../store-setup.schema.js';

export type CouponKind = (typeof COUPON_KINDS)[number];
export type CouponScope = (typeof COUPON_SCOPES)[number];

export interface Coupon {
  id: string;
  code: string;
  name: string;
  kind: CouponKind;
  /** PERCENT: rate in ppm (10 % = 100 000). */
  ppm?: number;
  /** AMOUNT: minor units. */
  amountMinor?: number;
  scope: CouponScope;
  productIds: string[];
  collectionIds: string[];
  minimumSubtotalMinor?: number;
  startsAt?: Date;
  expiresAt?: Date;
  usageLimit?: number;
  perCustomerLimit?: number;
  uses: number;
  active: boolean;
  createdDate: Date;
  updatedDate: Date;
}

export type CouponWrite = Partial<
  Omit<
    Coupon,
    | 'id'
    | 'uses'
    | 'createdDate'
    | 'updatedDate'
    | 'startsAt'
    | 'expiresAt'
    | 'minimumSubtotalMinor'
    | 'usageLimit'
    | 'perCustomerLimit'
  >
> & {
  startsAt?: Date | null;
  expiresAt?: Date | null;
  minimumSubtotalMinor?: number | null;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
};

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

type Row = typeof coupons.$inferSelect;

export function couponFromRow(row: Row): Coupon {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    ...(row.ppm !== null ? { ppm: row.ppm } : {}),
    ...(row.amountMinor !== null ? { amountMinor: row.amountMinor } : {}),
    scope: row.scope,
    productIds: row.productIds,
    collectionIds: row.collectionIds,
    ...(row.minimumSubtotalMinor !== null ? { minimumSubtotalMinor: row.minimumSubtotalMinor } : {}),
    ...(row.startsAt ? { startsAt: row.startsAt } : {}),
    ...(row.expiresAt ? { expiresAt: row.expiresAt } : {}),
    ...(row.usageLimit !== null ? { usageLimit: row.usageLimit } : {}),
    ...(row.perCustomerLimit !== null ? { perCustomerLimit: row.perCustomerLimit } : {}),
    uses: row.uses,
    active: row.active,
    createdDate: row.createdDate,
    updatedDate: row.updatedDate,
  };
}

/** The business rules of a coupon as a whole (after merging an update into the stored one). */
function checkCoupon(coupon: CouponWrite, prefix: string): void {
  const violations = new Violations();
  const bad = (field: string, violatedRule: FieldViolation['violatedRule'], description: string) =>
    violations.push({ field: `${prefix}.${field}`, violatedRule, description });
  if (coupon.code !== undefined && !CODE_PATTERN.test(coupon.code))
    bad('code', 'FORMAT', 'must be 1-40 letters, digits, "-" or "_", starting with a letter or digit');
  if (coupon.name !== undefined && (coupon.name.trim() === '' || coupon.name.length > 100))
    bad('name', 'MAX_LENGTH', 'must be 1 to 100 characters');
  if (coupon.kind === 'PERCENT' && (coupon.ppm === undefined || coupon.ppm <= 0 || coupon.ppm > 1_000_000))
    bad('percentage', 'VALIDATION', 'is required for a PERCENT coupon: a rate above 0 and at most 100');
  if (coupon.kind === 'AMOUNT' && (coupon.amountMinor === undefined || coupon.amountMinor <= 0))
    bad('amount', 'VALIDATION', 'is required for an AMOUNT coupon: an amount above 0');
  if (
    coupon.scope === 'SPECIFIC_ITEMS' &&
    (coupon.productIds ?? []).length === 0 &&
    (coupon.collectionIds ?? []).length === 0
  )
    bad('productIds', 'REQUIRED_FIELD', 'a SPECIFIC_ITEMS coupon needs productIds or collectionIds');
  if (coupon.startsAt && coupon.expiresAt && coupon.startsAt >= coupon.expiresAt)
    bad('expiresAt', 'VALIDATION', 'must be later than startsAt');
  violations.throwIfAny();
}

function toColumns(input: CouponWrite) {
  const { ppm, amountMinor, ...rest } = input;
  return {
    ...rest,
    ...(input.kind === 'PERCENT' ? { ppm: ppm ?? null, amountMinor: null } : {}),
    ...(input.kind === 'AMOUNT' ? { amountMinor: amountMinor ?? null, ppm: null } : {}),
  };
}

export async function createCoupon(
  db: DbOrTx,
  input: CouponWrite & { code: string; name: string; kind: CouponKind },
): Promise<Coupon> {
  checkCoupon({ scope: 'GLOBAL', ...input }, 'coupon');
  try {
    const [row] = await db
      .insert(coupons)
      .values({ scope: 'GLOBAL', ...toColumns(input) } as typeof coupons.$inferInsert)
      .returning();
    return couponFromRow(row as Row);
  } catch (error) {
    throw duplicateCode(error, input.code);
  }
}

export async function updateCoupon(db: DbOrTx, id: string, patch: CouponWrite): Promise<Coupon> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!current) throw notFound('Coupon', id);
    const merged = { ...couponFromRow(current), ...dropNulls(patch) };
    checkCoupon(merged, 'coupon');
    try {
      const [row] = await tx
        .update(coupons)
        .set(toColumns({ ...patch, kind: merged.kind, ppm: merged.ppm, amountMinor: merged.amountMinor }))
        .where(eq(coupons.id, id))
        .returning();
      return couponFromRow(row as Row);
    } catch (error) {
      throw duplicateCode(error, patch.code ?? current.code);
    }
  });
}

export async function getCoupon(db: DbOrTx, id: string): Promise<Coupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw notFound('Coupon', id);
  return couponFromRow(row);
}

export async function listCoupons(
  db: DbOrTx,
  input: { paging: Paging; code?: string },
): Promise<{ coupons: Coupon[]; total: number }> {
  const where = input.code ? ilike(coupons.code, `%${escapeLike(input.code)}%`) : undefined;
  const [rows, [total]] = await readTogether(
    db,
    () =>
      db
        .select()
        .from(coupons)
        .where(where)
        .orderBy(asc(coupons.createdDate), asc(coupons.id))
        .limit(input.paging.limit)
        .offset(input.paging.offset),
    () => db.select({ value: count() }).from(coupons).where(where),
  );
  return { coupons: rows.map(couponFromRow), total: total?.value ?? 0 };
}

export async function deleteCoupon(db: DbOrTx, id: string): Promise<void> {
  const deleted = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  if (deleted.length === 0) throw notFound('Coupon', id);
}

/** Why a coupon cannot be used now, or undefined when it can (its minimum is the engine's business). */
export function couponProblem(coupon: Coupon, now: Date): { code: string; message: string } | undefined {
  if (!coupon.active) return { code: 'COUPON_INACTIVE', message: `Coupon ${coupon.code} is not active.` };
  if (coupon.startsAt && coupon.startsAt > now)
    return {
      code: 'COUPON_NOT_STARTED',
      message: `Coupon ${coupon.code} can be used from ${coupon.startsAt.toISOString()}.`,
    };
  if (coupon.expiresAt && coupon.expiresAt <= now)
    return {
      code: 'COUPON_EXPIRED',
      message: `Coupon ${coupon.code} expired on ${coupon.expiresAt.toISOString()}.`,
    };
  if (coupon.usageLimit !== undefined && coupon.uses >= coupon.usageLimit)
    return { code: 'COUPON_USAGE_EXCEEDED', message: `Coupon ${coupon.code} has been used up.` };
  return undefined;
}

/**
 * The coupon a shopper typed, checked for use now (apply time). Codes are case-insensitive. Throws a
 * clear application error when it does not exist or cannot be used.
 */
export async function findUsableCoupon(db: DbOrTx, code: string, now: Date): Promise<Coupon> {
  const trimmed = code.trim();
  const [row] =
    trimmed === ''
      ? []
      : await db.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${trimmed})`);
  if (!row) {
    throw new AppError('COUPON_NOT_FOUND', 'Coupon not found', {
      status: 404,
      description: `There is no coupon "${trimmed}". Check the code and try again.`,
      data: { couponCode: trimmed },
    });
  }
  const coupon = couponFromRow(row);
  const problem = couponProblem(coupon, now);
  if (problem) {
    throw new AppError(problem.code, 'Coupon cannot be used', {
      status: problem.code === 'COUPON_USAGE_EXCEEDED' ? 409 : 400,
      description: `${problem.message} Remove it or use another code.`,
      data: { couponCode: coupon.code },
    });
  }
  return coupon;
}

/** How many orders of this customer used the coupon (for tests and the admin). */
export async function countRedemptions(db: DbOrTx, couponId: string, customerKey?: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        customerKey ? eq(couponRedemptions.customerKey, customerKey) : undefined,
      ),
    );
  return row?.value ?? 0;
}

function dropNulls<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined),
  ) as Partial<T>;
}

function duplicateCode(error: unknown, code: string): unknown {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  if ((cause as { code?: string }).code === '23505') {
    return new AppError('COUPON_ALREADY_EXISTS', 'Coupon code already exists', {
      status: 409,
      description: `Another coupon already uses the code "${code}" (codes are case-insensitive). Choose another code.`,
      data: { code },
    });
  }
  return error;
}

/** A coupon by id, or undefined (a cart or checkout keeps the id of the coupon applied to it). */
export async function findCoupon(db: DbOrTx, id: string): Promise<Coupon | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row ? couponFromRow(row) : undefined;
}
