import { asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { AppError } from '../../../lib/http/errors.js';
import { uuidv7 } from '../../../lib/ids.js';
import { escapeLike } from '../../../lib/query-values.js';
import {
  type IdentityStatus,
  identities,
  memberFactors,
  type ServedFactorType,
  type StatusReason,
  type StoredProfile,
} from '../identity.schema.js';
import { baseSlugOf, firstFreeSlug } from './member-slug.rules.js';
import { fromStoredProfile, type Profile } from './profile.mapper.js';

export type IdentityRow = typeof identities.$inferSelect;

/** A member's identity as the services hand it to the edge. */
export interface IdentityView {
  id: string;
  revision: number;
  createdDate: Date;
  updatedDate: Date;
  email: string;
  emailVerified: boolean;
  status: IdentityStatus;
  statusReasons: StatusReason[];
  profile: Profile;
  factors: { factorId: string; type: ServedFactorType; status: 'INACTIVE' | 'ACTIVE' }[];
}

/** The short form other domains use (orders, carts): who a member is, without secrets. */
export interface MemberSummary {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  nickname?: string;
  status: IdentityStatus;
}

export const EMAIL_EXISTS = '-19995';
/** Statuses that cannot log in or hold tokens. */
export const LOCKED_STATUSES: readonly IdentityStatus[] = ['BLOCKED', 'DELETED', 'OFFLINE'];

export async function findIdentityByEmail(
  db: DbOrTx,
  email: string,
  options: { forUpdate?: boolean } = {},
): Promise<IdentityRow | undefined> {
  const query = db.select().from(identities).where(eq(identities.email, email));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function findIdentity(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<IdentityRow | undefined> {
  const query = db.select().from(identities).where(eq(identities.id, id));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function requireIdentity(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<IdentityRow> {
  const row = await findIdentity(db, id, options);
  if (!row) throw identityNotFound(id);
  return row;
}

export function identityNotFound(id: string): AppError {
  return new AppError('IDENTITY_NOT_FOUND', 'Identity not found', {
    status: 404,
    description: `No member has identity id "${id}".`,
    data: { identityId: id },
  });
}

/** Member lookups for other domains (orders, carts, admin). */
export async function getMemberSummaries(db: DbOrTx, ids: readonly string[]): Promise<MemberSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(identities)
    .where(inArray(identities.id, [...ids]));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    status: row.status,
    ...(row.profile.firstName ? { firstName: row.profile.firstName } : {}),
    ...(row.profile.lastName ? { lastName: row.profile.lastName } : {}),
    ...(row.profile.nickname ? { nickname: row.profile.nickname } : {}),
  }));
}

export async function getMemberSummary(db: DbOrTx, id: string): Promise<MemberSummary | undefined> {
  return (await getMemberSummaries(db, [id]))[0];
}

/**
 * Creates a member; a taken e-mail address is the protocol's -19995 (409), races included. The member
 * starts with a profile slug derived from their name (unique: "jane-doe", "jane-doe-2" …).
 */
export async function insertIdentity(
  tx: Tx,
  input: {
    email: string;
    passwordHash: string | null;
    profile: StoredProfile;
    status: IdentityStatus;
    statusReasons: StatusReason[];
    emailVerified: boolean;
    now: Date;
  },
): Promise<IdentityRow> {
  const base = input.profile.slug ?? baseSlugOf(input.profile, input.email);
  // A concurrent sign-up may take the same slug between the look-up and the insert: look again.
  for (let attempt = 1; ; attempt++) {
    const slug = firstFreeSlug(base, await slugsLike(tx, base));
    try {
      // A savepoint, so that a duplicate does not poison the caller's transaction.
      return await tx.transaction(async (inner) => {
        const [row] = await inner
          .insert(identities)
          .values({
            ...input,
            profile: { ...input.profile, slug },
            id: uuidv7(input.now.getTime()),
            createdDate: input.now,
            updatedDate: input.now,
          })
          .returning();
        return row as IdentityRow;
      });
    } catch (error) {
      if (isUniqueViolation(error, SLUG_INDEX) && attempt < 5) continue;
      if (isUniqueViolation(error, 'identities_email_unique')) throw emailExists(input.email);
      throw error;
    }
  }
}

const SLUG_INDEX = 'identities_slug_unique';

/** The slugs taken that `firstFreeSlug` could pick for `base`: `base` itself and `base-<n>`. */
async function slugsLike(db: DbOrTx, base: string): Promise<Set<string>> {
  const slug = sql<string>`${identities.profile}->>'slug'`;
  const rows = await db
    .select({ slug })
    .from(identities)
    .where(or(eq(slug, base), like(slug, `${escapeLike(base)}-%`)));
  return new Set(rows.map((row) => row.slug));
}

export function emailExists(email: string): AppError {
  return new AppError(EMAIL_EXISTS, 'E-mail already registered', {
    status: 409,
    description: 'A member with this e-mail address already exists. Log in instead, or reset the password.',
    data: { field: 'loginId.email', email },
  });
}

export async function updateIdentityRow(
  db: DbOrTx,
  id: string,
  changes: Partial<Omit<IdentityRow, 'id' | 'createdDate'>>,
  now: Date,
): Promise<IdentityRow> {
  const [row] = await db
    .update(identities)
    .set({ ...changes, updatedDate: now })
    .where(eq(identities.id, id))
    .returning();
  if (!row) throw identityNotFound(id);
  return row;
}

export async function loadFactors(db: DbOrTx, identityId: string): Promise<IdentityView['factors']> {
  const rows = await db
    .select({ id: memberFactors.id, type: memberFactors.type, status: memberFactors.status })
    .from(memberFactors)
    .where(eq(memberFactors.identityId, identityId))
    .orderBy(asc(memberFactors.createdDate));
  return rows.map((row) => ({ factorId: row.id, type: row.type, status: row.status }));
}

export async function toIdentityView(db: DbOrTx, row: IdentityRow): Promise<IdentityView> {
  return { ...viewWithoutFactors(row), factors: await loadFactors(db, row.id) };
}

/** Many identities with their factors in two queries (admin lists). */
export async function toIdentityViews(db: DbOrTx, rows: IdentityRow[]): Promise<IdentityView[]> {
  if (rows.length === 0) return [];
  const factors = await db
    .select({
      id: memberFactors.id,
      identityId: memberFactors.identityId,
      type: memberFactors.type,
      status: memberFactors.status,
    })
    .from(memberFactors)
    .where(
      inArray(
        memberFactors.identityId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(memberFactors.createdDate));
  return rows.map((row) => ({
    ...viewWithoutFactors(row),
    factors: factors
      .filter((f) => f.identityId === row.id)
      .map((f) => ({ factorId: f.id, type: f.type, status: f.status })),
  }));
}

function viewWithoutFactors(row: IdentityRow): Omit<IdentityView, 'factors'> {
  return {
    id: row.id,
    revision: row.revision,
    createdDate: row.createdDate,
    updatedDate: row.updatedDate,
    email: row.email,
    emailVerified: row.emailVerified,
    status: row.status,
    statusReasons: row.statusReasons,
    profile: fromStoredProfile(row.profile),
  };
}

export async function getIdentityView(db: DbOrTx, id: string): Promise<IdentityView> {
  return toIdentityView(db, await requireIdentity(db, id));
}
