import type { Tx } from '../../../db/client.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import type { Caller } from '../../access/index.js';
import { actorOf, recordEvent } from '../../events/index.js';
import type { ContactData } from '../contacts.types.js';
import type { CaptchaTokenInput } from '../guards/captcha.service.js';
import type { IdentityDeps } from '../identity.deps.js';
import type { StatusReason, StoredProfile } from '../identity.schema.js';
import { passwordChangedEmail } from '../identity-mail.mapper.js';
import {
  findIdentityByEmail,
  type IdentityRow,
  type IdentityView,
  insertIdentity,
  LOCKED_STATUSES,
  requireIdentity,
  toIdentityView,
  updateIdentityRow,
} from '../members/members.service.js';
import { normalizeEmail, type Profile, toStoredProfile } from '../members/profile.mapper.js';
import { isRememberedDevice, revokeTrustedDevices } from '../second-factors/trusted-devices.service.js';
import { authTimeData, findSession, revokeMemberSessions } from '../sessions/sessions.service.js';
import { getIdentitySettings } from '../settings.service.js';
import { type FlowOrigin, identityLocked, nextAuthState, runFlow } from './auth-flow.service.js';
import type { AuthResult } from './auth-result.types.js';
import { createIdentityToken } from './identity-tokens.service.js';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './passwords.service.js';
import { FORGOT_PASSWORD_PATH } from './recovery.service.js';

export const INVALID_PASSWORD = '-19976';
export const RESET_PASSWORD = '-19973';

export interface RegisterInput {
  email?: string;
  password?: string;
  profile?: Profile;
  captchaTokens?: CaptchaTokenInput[];
}

/**
 * Sign-up (spec §3/§4). Every field problem carries `data` (the public client reads `data.type` on each
 * violation and fails on one without it); an invalid e-mail is `loginId.email` with type EMAIL.
 */
export async function register(
  deps: IdentityDeps,
  input: RegisterInput,
  origin: FlowOrigin,
): Promise<AuthResult> {
  const settings = await getIdentitySettings(deps.db, deps.config.identity);
  await deps.captcha.enforce(settings.captchaMode, input.captchaTokens);
  const email = normalizeEmail(input.email);
  if (!email) {
    throw invalidField(
      'loginId.email',
      input.email ? 'FORMAT' : 'REQUIRED_FIELD',
      'must be a valid e-mail address, such as name@example.com',
      {
        type: 'EMAIL',
      },
    );
  }
  if (!input.password) throw invalidField('password', 'REQUIRED_FIELD', 'is required', { type: 'PASSWORD' });
  checkPasswordPolicy(input.password, deps.config.identity.passwordMinLength);
  const profile = toStoredProfile(input.profile ?? {});
  await deps.limiter.consume([
    { policy: 'register:ip', key: origin.ip },
    { policy: 'register:account', key: email },
  ]);
  const passwordHash = await hashPassword(input.password);
  const reasons: StatusReason[] = [];
  if (settings.requireEmailVerification) reasons.push('PENDING_EMAIL_VERIFICATION_REQUIRED');
  if (settings.requireOwnerApproval) reasons.push('PENDING_ADMIN_APPROVAL_REQUIRED');
  return runFlow(deps, async (tx, outbox) => {
    const now = deps.clock();
    const identity = await insertIdentity(tx, {
      email,
      passwordHash,
      profile,
      status: reasons.length > 0 ? 'PENDING' : 'ACTIVE',
      statusReasons: reasons,
      emailVerified: false,
      now,
    });
    await recordEvent(tx, {
      type: 'identity.member.created',
      entityType: 'member',
      entityId: identity.id,
      payload: { id: identity.id, email, status: identity.status, statusReasons: reasons },
      actor: origin.visitorId
        ? { identityType: 'ANONYMOUS_VISITOR', id: origin.visitorId }
        : { identityType: 'UNKNOWN' },
    });
    return nextAuthState(deps, tx, outbox, identity, origin);
  });
}

export interface LoginInput {
  email?: string;
  password?: string;
  captchaTokens?: CaptchaTokenInput[];
  /** A remembered device's token (sent in `clientMetaData.deviceToken`): skips the second factor. */
  deviceToken?: string;
}

/**
 * Login. The public client cannot read field violations on login (it only looks at applicationError),
 * so every refusal here is an application error: -19976 for a wrong e-mail or password (the same
 * answer for both, so addresses cannot be probed), -19973 when the account has no password yet.
 * Failures count towards the captcha step-up of the account (sign-in-guard.service.ts) and the back-off of the
 * address (ADR 006); neither can keep the owner out.
 */
export async function login(deps: IdentityDeps, input: LoginInput, origin: FlowOrigin): Promise<AuthResult> {
  const settings = await getIdentitySettings(deps.db, deps.config.identity);
  const email = normalizeEmail(input.email);
  if (!email) {
    throw new AppError('INVALID_EMAIL', 'Invalid e-mail address', {
      status: 400,
      description: 'loginId.email must be a valid e-mail address, such as name@example.com.',
      data: { field: 'loginId.email', type: 'EMAIL' },
    });
  }
  const addressLimit = [{ policy: 'login:ip', key: origin.ip }] as const;
  await deps.limiter.check(addressLimit);
  const identity = await findIdentityByEmail(deps.db, email);
  // Checked whenever one is sent, known account or not, so the time taken does not tell which it is.
  const trustedDevice = input.deviceToken
    ? await isRememberedDevice(deps.db, input.deviceToken, identity?.id ?? '', deps.clock())
    : false;
  const attempt = await deps.signIns.admit({
    flow: 'login',
    ip: origin.ip,
    account: email,
    captchaMode: settings.captchaMode,
    captchaOnEveryAttempt: true,
    captchaTokens: input.captchaTokens,
    trustedDevice,
  });
  if (identity && !identity.passwordHash && identity.status !== 'DELETED') {
    throw new AppError(RESET_PASSWORD, 'Password reset required', {
      status: 403,
      description: 'This account has no password yet. Use "forgot password" to get a link and choose one.',
    });
  }
  const valid = await verifyPassword(
    identity?.status === 'DELETED' ? null : identity?.passwordHash,
    input.password ?? '',
  );
  if (!identity || !valid) {
    await deps.limiter.fail(addressLimit);
    throw new AppError(INVALID_PASSWORD, 'Wrong e-mail or password', {
      status: 401,
      description: 'The e-mail address or the password is wrong. Check both, or reset the password.',
    });
  }
  await attempt.succeeded();
  if (LOCKED_STATUSES.includes(identity.status)) throw identityLocked();
  return runFlow(deps, (tx, outbox) =>
    nextAuthState(deps, tx, outbox, identity, origin, { deviceToken: input.deviceToken }),
  );
}

export const RECENT_LOGIN_REQUIRED = 'RECENT_LOGIN_REQUIRED';

export interface ChangePasswordInput {
  newPassword: string;
  /**
   * Ours: the current password, which stands in for a recent sign-in (our account page asks for it). A
   * wrong one counts as a failed sign-in (sign-in-guard.service.ts).
   */
  currentPassword?: string | undefined;
  /** Needed with currentPassword when the store or the failed sign-ins ask for a captcha. */
  captchaTokens?: CaptchaTokenInput[] | undefined;
}

/**
 * A member sets a new password. A one-hour access token is not enough to take the account over for
 * good: the session must have signed in within RECENT_SIGN_IN_MINUTES (`authenticatedDate`, which a
 * refresh does not renew), or the request must carry the current password. Afterwards every other
 * session of the member and every remembered device ends (ADR 005), and the member is told by e-mail.
 */
export async function changePassword(
  deps: IdentityDeps,
  caller: Caller,
  input: ChangePasswordInput,
  origin: FlowOrigin,
): Promise<void> {
  if (caller.kind !== 'member') {
    throw new AppError('UNAUTHENTICATED', 'Log in first', {
      status: 401,
      description: 'Changing the password needs a member access token in the Authorization header.',
    });
  }
  checkPasswordPolicy(input.newPassword, deps.config.identity.passwordMinLength, 'newPassword');
  if (input.currentPassword === undefined) await requireRecentSignIn(deps, caller.sessionId);
  else await proveCurrentPassword(deps, caller.memberId, input, origin);
  const passwordHash = await hashPassword(input.newPassword);
  let revoked: string[] = [];
  await runFlow(deps, async (tx, outbox) => {
    const now = deps.clock();
    const identity = await requireIdentity(tx, caller.memberId, { forUpdate: true });
    await updateIdentityRow(tx, caller.memberId, { passwordHash }, now);
    await recordEvent(tx, {
      type: 'identity.member.password_changed',
      entityType: 'member',
      entityId: caller.memberId,
      payload: { id: caller.memberId },
      actor: actorOf(caller),
    });
    await revokeTrustedDevices(tx, caller.memberId, 'password changed', now);
    revoked = await revokeMemberSessions(tx, caller.memberId, 'password changed', now, caller.sessionId);
    outbox.push(
      passwordChangedEmail({
        to: identity.email,
        resetUrl: new URL(FORGOT_PASSWORD_PATH, `${deps.config.publicUrl}/`).toString(),
      }),
    );
    return undefined;
  });
  deps.sessions.markRevoked(revoked);
}

/** 403 RECENT_LOGIN_REQUIRED unless the calling session signed in within the configured minutes. */
async function requireRecentSignIn(deps: IdentityDeps, sessionId: string): Promise<void> {
  const now = deps.clock();
  const maxAgeSeconds = deps.config.identity.recentSignInSeconds;
  const signedIn = (await findSession(deps.db, sessionId))?.authenticatedDate ?? null;
  if (signedIn && now.getTime() - signedIn.getTime() <= maxAgeSeconds * 1000) return;
  const minutes = Math.round(maxAgeSeconds / 60);
  const ago = signedIn
    ? `this session signed in ${Math.floor((now.getTime() - signedIn.getTime()) / 60_000)} minutes ago`
    : 'this session has no sign-in time on record';
  throw new AppError(RECENT_LOGIN_REQUIRED, 'Sign in again to change the password', {
    status: 403,
    description:
      `Changing the password needs a sign-in within the last ${minutes} minutes, and ${ago}. ` +
      'Sign the member in again (log in, or /oauth2/authorize with prompt=login), then retry with the new ' +
      'access token. A refreshed token does not count as a new sign-in.',
    data: { maxAgeSeconds, authTime: signedIn?.toISOString() ?? null },
  });
}

/**
 * Checks the current password as a login would: the same captcha step-up and address back-off, and a
 * wrong one is a failed sign-in on the account. Refused at the field.
 */
async function proveCurrentPassword(
  deps: IdentityDeps,
  memberId: string,
  input: ChangePasswordInput,
  origin: FlowOrigin,
): Promise<void> {
  const identity = await requireIdentity(deps.db, memberId);
  const settings = await getIdentitySettings(deps.db, deps.config.identity);
  const addressLimit = [{ policy: 'login:ip', key: origin.ip }] as const;
  await deps.limiter.check(addressLimit);
  const attempt = await deps.signIns.admit({
    flow: 'login',
    ip: origin.ip,
    account: identity.email,
    captchaMode: settings.captchaMode,
    captchaOnEveryAttempt: true,
    captchaTokens: input.captchaTokens,
  });
  if (!(await verifyPassword(identity.passwordHash, input.currentPassword ?? ''))) {
    await deps.limiter.fail(addressLimit);
    throw invalidField('currentPassword', 'VALIDATION', 'is not the current password of this account', {
      type: 'PASSWORD',
    });
  }
  await attempt.succeeded();
}

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
