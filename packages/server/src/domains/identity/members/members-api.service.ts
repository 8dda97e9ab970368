import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../../db/errors.js';
import { AppError } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import { type Paging, pagingMetadata } from '../../../lib/paging.js';
import type { FilterFields } from '../../../lib/query-fields.js';
import { compileFilter } from '../../../lib/query-filter.js';
import { compileSort } from '../../../lib/query-sort.js';
import { type Caller, isMerchant } from '../../access/index.js';
import { actorOf, recordEvent } from '../../events/index.js';
import type { IdentityDeps } from '../identity.deps.js';
import { identities } from '../identity.schema.js';
import { type MemberFieldset, toWireMember, type WireMember } from './member.mapper.js';
import { assertCanAccessIdentity, changeMemberStatus, updateProfile } from './member-admin.service.js';
import { SLUG_FORMAT, SLUG_MAX_LENGTH } from './member-slug.rules.js';
import { findIdentity, type IdentityRow, updateIdentityRow } from './members.service.js';

/*
 * The members directory as `@wix/members` apps use it: the caller's own member in any fieldset, other
 * members' public profiles (only of members who joined the community), and everything to merchants.
 */

export function memberNotFound(id: string): AppError {
  return new AppError('MEMBER_NOT_FOUND', 'Member not found', {
    status: 404,
    description: `No member "${id}" is visible to you.`,
    data: { memberId: id },
  });
}

/**
 * `getCurrentMember` from a visitor's token or a store key: there is no current member. The platform's
 * error for this call is NOT_FOUND (its typings' application error), not a permission error.
 */
export function currentMemberId(caller: Caller): string {
  if (caller.kind === 'member') return caller.memberId;
  if (caller.kind === 'anonymous') {
    throw new AppError('UNAUTHENTICATED', 'Log in first', {
      status: 401,
      description: 'This call needs a member access token in the Authorization header.',
    });
  }
  throw new AppError('NOT_FOUND', 'No member is signed in', {
    status: 404,
    description: `The token given belongs to ${caller.kind === 'visitor' ? 'a visitor' : 'the store'}, not to a signed-in member: there is no current member. Sign the visitor in first.`,
  });
}

const ownId = (caller: Caller) => (caller.kind === 'member' ? caller.memberId : undefined);

/** Whether a shopper other than the member may see them: approved and in the community. */
const listedToOthers = (row: IdentityRow) =>
  row.status === 'ACTIVE' && row.profile.privacyStatus === 'PUBLIC';

/** One member in `fieldset`, or 404 when they are not visible to the caller. */
export async function readMember(
  deps: IdentityDeps,
  caller: Caller,
  id: string,
  fieldset: MemberFieldset,
): Promise<WireMember> {
  const row = await findIdentity(deps.db, id);
  if (!row || row.status === 'DELETED') throw memberNotFound(id);
  if (ownId(caller) === id || isMerchant(caller)) return toWireMember(row, fieldset);
  if (!listedToOthers(row)) throw memberNotFound(id);
  // As the platform: others get the PUBLIC fieldset whatever they ask for (statuses read UNKNOWN).
  return toWireMember(row, 'PUBLIC');
}

const text = (path: string) => sql`${identities.profile}->>${path}`;
const PUBLIC_FIELDS: FilterFields = {
  id: { kind: 'string', expr: identities.id, sort: identities.id },
  'profile.nickname': { kind: 'string', expr: text('nickname'), sort: text('nickname') },
  'profile.slug': {
    kind: 'string',
    expr: sql`coalesce(${text('slug')}, ${identities.id})`,
    sort: sql`coalesce(${text('slug')}, ${identities.id})`,
  },
  createdDate: { kind: 'date', expr: identities.createdDate, sort: identities.createdDate },
  updatedDate: { kind: 'date', expr: identities.updatedDate, sort: identities.updatedDate },
};
const MERCHANT_FIELDS: FilterFields = {
  ...PUBLIC_FIELDS,
  loginEmail: { kind: 'string', expr: identities.email, sort: identities.email },
  privacyStatus: {
    kind: 'enum',
    enumValues: ['PUBLIC', 'PRIVATE'],
    expr: sql`coalesce(${text('privacyStatus')}, 'PRIVATE')`,
  },
  'contact.firstName': { kind: 'string', expr: text('firstName'), sort: text('firstName') },
  'contact.lastName': { kind: 'string', expr: text('lastName'), sort: text('lastName') },
};

export interface MemberQuery {
  filter?: unknown;
  sort?: unknown;
  paging: Paging;
  fieldset: MemberFieldset;
}

/** Members the caller may list, filtered, sorted and paged as the protocol's queries are. */
export async function queryMembers(deps: IdentityDeps, caller: Caller, query: MemberQuery) {
  const merchant = isMerchant(caller);
  const fields = merchant ? MERCHANT_FIELDS : PUBLIC_FIELDS;
  const visible: SQL = merchant
    ? sql`${identities.status} <> 'DELETED'`
    : (and(eq(identities.status, 'ACTIVE'), sql`${text('privacyStatus')} = 'PUBLIC'`) as SQL);
  const where = and(visible, compileFilter(query.filter, fields, { entity: 'members' }));
  const order = compileSort(query.sort, fields, identities.id, {
    entity: 'members',
    defaultSort: [sql`${identities.createdDate} DESC`],
  });
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(identities)
      .where(where)
      .orderBy(...order)
      .limit(query.paging.limit)
      .offset(query.paging.offset),
    deps.db.select({ total: count() }).from(identities).where(where),
  ]);
  return {
    members: rows.map((row) =>
      toWireMember(row, merchant || row.id === ownId(caller) ? query.fieldset : 'PUBLIC'),
    ),
    metadata: pagingMetadata(rows.length, query.paging, total?.total ?? 0),
  };
}

/**
 * Sets the member's profile slug: lower-case letters, digits and single hyphens, unique in the store —
 * also against the member ids that members who never chose a slug are reached by.
 */
export async function updateMemberSlug(
  deps: IdentityDeps,
  caller: Caller,
  memberId: string,
  slug: string,
): Promise<WireMember> {
  const wanted = slug.trim();
  if (!SLUG_FORMAT.test(wanted) || wanted.length > SLUG_MAX_LENGTH) {
    const violations = new Violations();
    violations.push({
      field: 'slug',
      violatedRule: 'FORMAT',
      description: `must be 1–${SLUG_MAX_LENGTH} lower-case letters, digits and single hyphens, like "jane-doe"`,
    });
    violations.throwIfAny();
  }
  if (wanted !== memberId) {
    const [reachedById] = await deps.db
      .select({ id: identities.id })
      .from(identities)
      .where(and(eq(identities.id, wanted), sql`${text('slug')} is null`));
    if (reachedById) throw slugTaken(wanted);
  }
  return changeProfileFields(deps, caller, memberId, { slug: wanted }, 'slug');
}

function slugTaken(slug: string | undefined): AppError {
  return new AppError('SLUG_ALREADY_EXISTS', 'Slug taken', {
    status: 409,
    description: `Another member already has the slug "${slug}". Choose another one.`,
    data: { field: 'slug', slug },
  });
}

/** Joins (PUBLIC) or leaves (PRIVATE) the community: whether other shoppers see the member. */
export function setPrivacy(
  deps: IdentityDeps,
  caller: Caller,
  memberId: string,
  privacyStatus: 'PUBLIC' | 'PRIVATE',
): Promise<WireMember> {
  return changeProfileFields(deps, caller, memberId, { privacyStatus }, 'privacyStatus');
}

async function changeProfileFields(
  deps: IdentityDeps,
  caller: Caller,
  memberId: string,
  change: { slug?: string; privacyStatus?: 'PUBLIC' | 'PRIVATE' },
  what: string,
): Promise<WireMember> {
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await findIdentity(tx, memberId, { forUpdate: true });
      if (!current || current.status === 'DELETED') throw memberNotFound(memberId);
      const row = await updateIdentityRow(
        tx,
        memberId,
        { profile: { ...current.profile, ...change }, revision: current.revision + 1 },
        now,
      );
      await recordEvent(tx, {
        type: 'identity.member.updated',
        entityType: 'member',
        entityId: memberId,
        payload: { id: memberId, revision: row.revision, changed: [what] },
        actor: actorOf(caller),
      });
      return toWireMember(row, 'FULL');
    });
  } catch (error) {
    if (isUniqueViolation(error, 'identities_slug_unique')) throw slugTaken(change.slug);
    throw error;
  }
}

/** approveMember / blockMember: the store's decisions, as the admin takes them; the member in FULL. */
export async function changeStanding(
  deps: IdentityDeps,
  caller: Caller,
  memberId: string,
  action: 'approve' | 'block',
): Promise<WireMember> {
  await requireVisibleMember(deps, memberId);
  await changeMemberStatus(deps, caller, memberId, action);
  return readMember(deps, caller, memberId, 'FULL');
}

/** deleteMember (the owner) and deleteMyMember: the account is erased as the admin deletes it. */
export async function deleteMember(deps: IdentityDeps, caller: Caller, memberId: string): Promise<void> {
  await requireVisibleMember(deps, memberId);
  await changeMemberStatus(deps, caller, memberId, 'delete');
}

async function requireVisibleMember(deps: IdentityDeps, memberId: string): Promise<void> {
  const row = await findIdentity(deps.db, memberId);
  if (!row || row.status === 'DELETED') throw memberNotFound(memberId);
}

/** deleteMemberPhones / Emails / Addresses: clears that list of the contact, keeping the rest. */
export async function clearContactList(
  deps: IdentityDeps,
  caller: Caller,
  memberId: string,
  list: 'phones' | 'emails' | 'addresses',
): Promise<WireMember> {
  assertCanAccessIdentity(caller, memberId);
  await requireVisibleMember(deps, memberId);
  await updateProfile(deps, caller, memberId, { profile: { [list]: [] } });
  return readMember(deps, caller, memberId, 'FULL');
}
