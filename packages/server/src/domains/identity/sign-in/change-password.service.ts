import { AppError, invalidField } from '../../../lib/http/errors.js';
import type { Caller } from '../../access/index.js';
import { actorOf, recordEvent } from '../../events/index.js';
import type { CaptchaTokenInput } from '../guards/captcha.service.js';
import type { IdentityDeps } from '../identity.deps.js';
import { passwordChangedEmail } from '../identity-mail.mapper.js';
import { requireIdentity, updateIdentityRow } from '../members/members.service.js';
import { revokeTrustedDevices } from '../second-factors/trusted-devices.service.js';
import { findSession, revokeMemberSessions } from '../sessions/sessions.service.js';
import { getIdentitySettings } from '../settings.service.js';
import { type FlowOrigin, runFlow } from './auth-flow.service.js';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './passwords.service.js';
import { FORGOT_PASSWORD_PATH } from './recovery.service.js';

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
