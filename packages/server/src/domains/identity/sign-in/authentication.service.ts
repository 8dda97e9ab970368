import { AppError, invalidField } from '../../../lib/http/errors.js';
import { recordEvent } from '../../events/index.js';
import type { CaptchaTokenInput } from '../guards/captcha.service.js';
import type { IdentityDeps } from '../identity.deps.js';
import type { StatusReason } from '../identity.schema.js';
import { findIdentityByEmail, insertIdentity, LOCKED_STATUSES } from '../members/members.service.js';
import { normalizeEmail, type Profile, toStoredProfile } from '../members/profile.mapper.js';
import { isRememberedDevice } from '../second-factors/trusted-devices.service.js';
import { getIdentitySettings } from '../settings.service.js';
import { type FlowOrigin, identityLocked, nextAuthState, runFlow } from './auth-flow.service.js';
import type { AuthResult } from './auth-result.types.js';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './passwords.service.js';

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
