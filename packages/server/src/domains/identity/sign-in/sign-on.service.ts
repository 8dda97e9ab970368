import type { Tx } from '../../../db/client.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import type { Caller } from '../../access/index.js';
import { actorOf, recordEvent } from '../../events/index.js';
import type { ContactData } from '../contacts.types.js';
import type { IdentityDeps } from '../identity.deps.js';
import type { StoredProfile } from '../identity.schema.js';
import {
  findIdentityByEmail,
  type IdentityRow,
  type IdentityView,
  insertIdentity,
  toIdentityView,
  updateIdentityRow,
} from '../members/members.service.js';
import { normalizeEmail, type Profile, toStoredProfile } from '../members/profile.mapper.js';
import { authTimeData } from '../sessions/sessions.service.js';
import { type FlowOrigin, identityLocked, runFlow } from './auth-flow.service.js';
import { createIdentityToken } from './identity-tokens.service.js';

export interface SignOnInput {
  email?: string;
  /** Only the fields sent: on an existing member they replace those fields and leave the rest. */
  profile?: Profile;
  /** Mark the address verified without a code (the app vouches for it). */
  verifyEmail?: boolean;
  /** Default true: a new member inherits what the store knows of the address (contacts.types.ts). */
  mergeExistingContact?: boolean;
}

/**
 * sign-on (external login, wire-protocol.md §5.1): a trusted backend (app or owner API key) vouches for
 * an e-mail address; the member is found or created (without a password) and a session token returned.
 * As the platform documents SignOnRequest: `profile` creates the new member's profile or updates an
 * existing member's; `verifyEmail` marks the address verified (also for an existing member waiting for
 * its code); `mergeExistingContact` (default true) links a new member to the store's contact for that
 * address, inheriting its name, phone and address where the profile sent none — false starts from the
 * sent profile alone.
 */
export async function signOn(
  deps: IdentityDeps,
  caller: Caller,
  input: SignOnInput,
  origin: FlowOrigin,
): Promise<{ sessionToken: string; identity: IdentityView }> {
  const trusted =
    caller.kind === 'app' || (caller.kind === 'staff' && caller.role === 'owner' && caller.apiKeyId);
  if (!trusted) {
    throw new AppError('PERMISSION_DENIED', 'Not allowed', {
      status: caller.kind === 'anonymous' ? 401 : 403,
      description: 'sign-on needs an app or owner API key in the Authorization header.',
    });
  }
  const email = normalizeEmail(input.email);
  if (!email)
    throw invalidField('loginId.email', 'FORMAT', 'must be a valid e-mail address', { type: 'EMAIL' });
  const sent = toStoredProfile(input.profile ?? {});
  return runFlow(deps, async (tx) => {
    const now = deps.clock();
    let identity = await findIdentityByEmail(tx, email, { forUpdate: true });
    if (!identity) {
      const contact =
        input.mergeExistingContact === false ? undefined : await deps.hooks.contactData(tx, email);
      const profile = contact ? withContactData(sent, contact) : sent;
      identity = await insertIdentity(tx, {
        email,
        passwordHash: null,
        profile,
        status: 'ACTIVE',
        statusReasons: [],
        emailVerified: input.verifyEmail === true,
        now,
      });
      await recordEvent(tx, {
        type: 'identity.member.created',
        entityType: 'member',
        entityId: identity.id,
        payload: {
          id: identity.id,
          email,
          status: 'ACTIVE',
          statusReasons: [],
          via: 'sign-on',
          mergedContact: contact !== undefined,
        },
        actor: actorOf(caller),
      });
    } else {
      const before = identity;
      identity = await updateSignedOnMember(
        tx,
        before,
        { sent, verifyEmail: input.verifyEmail === true },
        now,
      );
      if (identity !== before) {
        await recordEvent(tx, {
          type: 'identity.member.updated',
          entityType: 'member',
          entityId: identity.id,
          payload: { id: identity.id, revision: identity.revision, via: 'sign-on' },
          actor: actorOf(caller),
        });
      }
    }
    if (identity.status !== 'ACTIVE') throw identityLocked();
    // The vouching app authenticated the member now, in its own way (like a social login).
    const sessionToken = await createIdentityToken(tx, {
      purpose: 'session',
      identityId: identity.id,
      visitorId: origin.visitorId ?? null,
      clientId: origin.clientId ?? null,
      data: authTimeData(now),
      now,
    });
    return { sessionToken, identity: await toIdentityView(tx, identity) };
  });
}

/** An existing member signing on: the sent profile fields replace theirs; verifyEmail ends a pending verification. */
async function updateSignedOnMember(
  tx: Tx,
  current: IdentityRow,
  input: { sent: StoredProfile; verifyEmail: boolean },
  now: Date,
): Promise<IdentityRow> {
  const profileChanged = Object.keys(input.sent).length > 0;
  const verifies = input.verifyEmail && !current.emailVerified;
  if (!profileChanged && !verifies) return current;
  const reasons = verifies
    ? current.statusReasons.filter((reason) => reason !== 'PENDING_EMAIL_VERIFICATION_REQUIRED')
    : current.statusReasons;
  return updateIdentityRow(
    tx,
    current.id,
    {
      ...(profileChanged
        ? { profile: { ...current.profile, ...input.sent }, revision: current.revision + 1 }
        : {}),
      ...(verifies
        ? {
            emailVerified: true,
            statusReasons: reasons,
            status: current.status === 'PENDING' && reasons.length === 0 ? 'ACTIVE' : current.status,
          }
        : {}),
    },
    now,
  );
}

/** The sent profile, completed with a contact's details where it says nothing. */
function withContactData(sent: StoredProfile, contact: ContactData): StoredProfile {
  return {
    ...sent,
    ...(!sent.firstName && contact.firstName ? { firstName: contact.firstName } : {}),
    ...(!sent.lastName && contact.lastName ? { lastName: contact.lastName } : {}),
    ...(!sent.phones?.length && contact.phone ? { phones: [contact.phone] } : {}),
    ...(!sent.addresses?.length && contact.address ? { addresses: [contact.address] } : {}),
  };
}
