import { and, asc, count, eq, gt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import type { Paging } from '../../../lib/paging.js';
import { type Caller, isMerchant } from '../../access/index.js';
import { actorOf, recordEvent } from '../../events/index.js';
import type { IdentityDeps } from '../identity.deps.js';
import { type IdentityStatus, identities, type StoredProfile } from '../identity.schema.js';
import { revokeMemberSessions } from '../sessions/sessions.service.js';
import {
  type IdentityView,
  requireIdentity,
  toIdentityView,
  toIdentityViews,
  updateIdentityRow,
} from './members.service.js';
import { PROFILE_KEYS, type Profile, toStoredProfile, withHiddenAddressParts } from './profile.mapper.js';

/** A member reads their own identity; merchants read any. Others are refused before any lookup. */
export function assertCanAccessIdentity(caller: Caller, identityId: string): void {
  if (isMerchant(caller) || (caller.kind === 'member' && caller.memberId === identityId)) return;
  if (caller.kind === 'anonymous') {
    throw new AppError('UNAUTHENTICATED', 'Log in first', {
      status: 401,
      description: 'Reading an identity needs a member access token (your own) or a merchant credential.',
    });
  }
  throw new AppError('PERMISSION_DENIED', 'Not allowed', {
    status: 403,
    description: 'A member may read and change their own identity only.',
  });
}

export function ownIdentityId(caller: Caller): string {
  if (caller.kind !== 'member') {
    throw new AppError('UNAUTHENTICATED', 'Log in first', {
      status: 401,
      description: 'This call needs a member access token in the Authorization header.',
    });
  }
  return caller.memberId;
}

export async function readIdentity(
  deps: IdentityDeps,
  caller: Caller,
  identityId: string,
): Promise<IdentityView> {
  assertCanAccessIdentity(caller, identityId);
  return toIdentityView(deps.db, await requireIdentity(deps.db, identityId));
}

/**
 * Replaces the profile. With `revision` the update only applies to that revision (optimistic
 * concurrency): a stale one is a 409, so two edits never silently overwrite each other.
 */
export async function updateProfile(
  deps: IdentityDeps,
  caller: Caller,
  identityId: string,
  input: {
    profile: Profile;
    revision?: number;
    /** The addresses come from the members API's view, which lacks some of their parts (kept from the stored). */
    addressesFromMembersView?: boolean;
  },
): Promise<IdentityView> {
  assertCanAccessIdentity(caller, identityId);
  const profile = toStoredProfile(input.profile, 'identity.identityProfile');
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const current = await requireIdentity(tx, identityId, { forUpdate: true });
    if (input.revision !== undefined && input.revision !== current.revision) {
      throw new AppError('REVISION_CONFLICT', 'Identity changed meanwhile', {
        status: 409,
        description: `The identity is at revision ${current.revision}, not ${input.revision}. Read it again and reapply the change.`,
        data: { currentRevision: String(current.revision) },
      });
    }
    if (input.addressesFromMembersView && profile.addresses) {
      profile.addresses = withHiddenAddressParts(current.profile.addresses ?? [], profile.addresses);
    }
    const row = await updateIdentityRow(
      tx,
      identityId,
      { profile: mergeProfile(current.profile, input.profile, profile), revision: current.revision + 1 },
      now,
    );
    await recordEvent(tx, {
      type: 'identity.member.updated',
      entityType: 'member',
      entityId: identityId,
      payload: { id: identityId, revision: row.revision },
      actor: actorOf(caller),
    });
    return toIdentityView(tx, row);
  });
}

/**
 * PATCH semantics: each part of the profile the change names replaces the stored one (an empty value
 * clears it); parts it does not name — and the members API's slug and privacy — are kept.
 */
export function mergeProfile(stored: StoredProfile, named: Profile, checked: StoredProfile): StoredProfile {
  const merged: StoredProfile = { ...stored };
  for (const key of PROFILE_KEYS) {
    if (!(key in named)) continue;
    if (checked[key] === undefined) delete merged[key];
    else (merged as Record<string, unknown>)[key] = checked[key];
  }
  return merged;
}

export const MEMBER_ACTIONS = ['approve', 'block', 'unblock', 'delete'] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

/**
 * The owner's decisions about a member: approve a pending sign-up, block or unblock, delete (the
 * address is freed and the profile erased). Blocking and deleting end every session at once. A member
 * may delete their own account (`@wix/members` `deleteMyMember`), nobody else's.
 */
export async function changeMemberStatus(
  deps: IdentityDeps,
  caller: Caller,
  identityId: string,
  action: MemberAction,
): Promise<IdentityView> {
  const ownAccount = caller.kind === 'member' && caller.memberId === identityId;
  if (action === 'delete' && !(caller.kind === 'staff' && caller.role === 'owner') && !ownAccount) {
    throw new AppError('PERMISSION_DENIED', 'Not allowed', {
      status: 403,
      description: 'Only the store owner may delete members. Block them instead, or ask the owner.',
    });
  }
  if (action !== 'delete' && !isMerchant(caller)) {
    throw new AppError('PERMISSION_DENIED', 'Not allowed', {
      status: 403,
      description: `Only the store may ${action} members.`,
    });
  }
  const now = deps.clock();
  let revoked: string[] = [];
  const view = await deps.db.transaction(async (tx) => {
    const current = await requireIdentity(tx, identityId, { forUpdate: true });
    if (current.status === 'DELETED') {
      throw new AppError('IDENTITY_DELETED', 'Member deleted', {
        status: 409,
        description: 'A deleted member cannot be changed.',
      });
    }
    let changes: Partial<typeof identities.$inferInsert>;
    switch (action) {
      case 'approve': {
        const reasons = current.statusReasons.filter(
          (reason) => reason !== 'PENDING_ADMIN_APPROVAL_REQUIRED',
        );
        const status: IdentityStatus =
          current.status === 'PENDING' && reasons.length === 0 ? 'ACTIVE' : current.status;
        changes = { statusReasons: reasons, status };
        break;
      }
      case 'block':
        changes = { status: 'BLOCKED' };
        break;
      case 'unblock':
        changes = { status: current.statusReasons.length > 0 ? 'PENDING' : 'ACTIVE' };
        break;
      case 'delete':
        changes = {
          status: 'DELETED',
          email: `deleted-${current.id}@deleted.invalid`,
          passwordHash: null,
          profile: {},
          emailVerified: false,
        };
        break;
    }
    const row = await updateIdentityRow(tx, identityId, changes, now);
    if (action === 'block' || action === 'delete') {
      revoked = await revokeMemberSessions(
        tx,
        identityId,
        action === 'block' ? 'member blocked' : 'member deleted',
        now,
      );
    }
    await recordEvent(tx, {
      type: 'identity.member.status_changed',
      entityType: 'member',
      entityId: identityId,
      payload: { id: identityId, action, status: row.status, statusReasons: row.statusReasons },
      actor: actorOf(caller),
    });
    return toIdentityView(tx, row);
  });
  deps.sessions.markRevoked(revoked);
  return view;
}

/** Members for the admin list, oldest first, optionally by status. */
export async function listMembers(
  db: DbOrTx,
  filter: { status?: IdentityStatus; afterId?: string },
  paging: Paging,
): Promise<{ members: IdentityView[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(identities.status, filter.status));
  if (filter.afterId) conditions.push(gt(identities.id, filter.afterId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(identities)
    .where(where)
    .orderBy(asc(identities.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [totals] = await db.select({ total: count() }).from(identities).where(where);
  return { members: await toIdentityViews(db, rows), total: totals?.total ?? 0 };
}
