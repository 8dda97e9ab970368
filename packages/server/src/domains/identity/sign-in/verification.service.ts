import { AppError } from '../../../lib/http/errors.js';
import { type Caller, isMerchant } from '../../access/index.js';
import { recordEvent } from '../../events/index.js';
import type { IdentityDeps } from '../identity.deps.js';
import { requireIdentity, updateIdentityRow } from '../members/members.service.js';
import { hashCode, numericCode, randomSalt, safeEqual } from '../secrets.rules.js';
import {
  type FlowOrigin,
  MAX_CODE_ATTEMPTS,
  nextAuthState,
  runFlow,
  startEmailVerification,
  verificationEmail,
} from './auth-flow.service.js';
import type { AuthResult } from './auth-result.types.js';
import {
  consumeToken,
  countAttempt,
  findLiveToken,
  TOKEN_TTL_SECONDS,
  updateTokenData,
} from './identity-tokens.service.js';

function unknownStateToken(): AppError {
  return new AppError('INVALID_STATE_TOKEN', 'Verification not found', {
    status: 400,
    description: 'This verification has expired or is already complete. Log in again to get a new code.',
  });
}

/**
 * A code that does not verify: `VERIFICATION_FAILED`, the application error the platform's verification
 * module declares for this call (`VerifyDuringAuthenticationApplicationErrors`); `data.attemptsLeft` says
 * whether trying again can help.
 */
export function verificationFailed(attemptsLeft: number, description: string): AppError {
  return new AppError('VERIFICATION_FAILED', 'Wrong code', {
    status: 400,
    description,
    data: { attemptsLeft },
  });
}

/**
 * Completes e-mail verification with the e-mailed code (spec §4: only in REQUIRE_EMAIL_VERIFICATION).
 * Each state token accepts at most MAX_CODE_ATTEMPTS wrong codes; then only a resend helps.
 */
export async function verifyEmailCode(
  deps: IdentityDeps,
  input: { stateToken: string; code: string },
  origin: FlowOrigin,
): Promise<AuthResult> {
  await deps.limiter.check([{ policy: 'verification:ip', key: origin.ip }]);
  const now = deps.clock();
  return runFlow(deps, async (tx, outbox) => {
    const token = await findLiveToken(tx, 'email_verification', input.stateToken, now, { forUpdate: true });
    if (!token) return { refuse: unknownStateToken() };
    if (token.attempts >= MAX_CODE_ATTEMPTS) {
      return {
        refuse: verificationFailed(0, 'Too many wrong codes for this code. Ask for a new code (resend).'),
      };
    }
    // Across codes (resend after resend) the account backs off too, which bounds guessing overall.
    await deps.limiter.check([{ policy: 'verification:account', key: token.identityId }]);
    const data = token.data as { salt: string; codeHash: string };
    if (!safeEqual(hashCode(data.salt, input.code.trim()), data.codeHash)) {
      const attempts = await countAttempt(tx, token.tokenHash);
      await deps.limiter.fail([
        { policy: 'verification:ip', key: origin.ip },
        { policy: 'verification:account', key: token.identityId },
      ]);
      const left = Math.max(0, MAX_CODE_ATTEMPTS - attempts);
      return {
        refuse: verificationFailed(
          left,
          left > 0
            ? `The code is wrong. ${left} attempt${left === 1 ? '' : 's'} left.`
            : 'The code is wrong. Ask for a new code.',
        ),
      };
    }
    await consumeToken(tx, token.tokenHash, now);
    const current = await requireIdentity(tx, token.identityId, { forUpdate: true });
    const reasons = current.statusReasons.filter(
      (reason) => reason !== 'PENDING_EMAIL_VERIFICATION_REQUIRED',
    );
    const status = current.status === 'PENDING' && reasons.length === 0 ? 'ACTIVE' : current.status;
    const identity = await updateIdentityRow(
      tx,
      current.id,
      { emailVerified: true, statusReasons: reasons, status },
      now,
    );
    await recordEvent(tx, {
      type: 'identity.member.email_verified',
      entityType: 'member',
      entityId: identity.id,
      payload: { id: identity.id, status: identity.status },
      actor: { identityType: 'MEMBER', id: identity.id },
    });
    return nextAuthState(deps, tx, outbox, identity, {
      ip: origin.ip,
      visitorId: token.visitorId ?? origin.visitorId,
      clientId: token.clientId ?? origin.clientId,
    });
  });
}

/** E-mails a fresh code for the same state token (the client keeps the token it has). */
export async function resendVerificationCode(
  deps: IdentityDeps,
  input: { stateToken: string },
  origin: FlowOrigin,
): Promise<void> {
  const now = deps.clock();
  const token = await findLiveToken(deps.db, 'email_verification', input.stateToken, now);
  if (!token) throw unknownStateToken();
  await deps.limiter.consume([
    { policy: 'verification:ip', key: origin.ip },
    { policy: 'verification:account', key: token.identityId },
  ]);
  await runFlow(deps, async (tx, outbox) => {
    const locked = await findLiveToken(tx, 'email_verification', input.stateToken, now, { forUpdate: true });
    if (!locked) return { refuse: unknownStateToken() };
    const identity = await requireIdentity(tx, locked.identityId);
    const code = numericCode(6);
    const salt = randomSalt();
    await updateTokenData(tx, locked.tokenHash, {
      data: { salt, codeHash: hashCode(salt, code) },
      attempts: 0,
      expiresDate: new Date(now.getTime() + TOKEN_TTL_SECONDS.email_verification * 1000),
    });
    outbox.push(verificationEmail(identity.email, code));
    return undefined;
  });
}

/**
 * verification/v1/start: e-mails a code to a member's address. The member may start it for themselves,
 * merchants for anyone. The returned verificationId is the state token for auth/verify.
 */
export async function startVerification(
  deps: IdentityDeps,
  caller: Caller,
  input: { identityId?: string },
  origin: FlowOrigin,
): Promise<{ verificationId: string }> {
  const identityId = input.identityId ?? (caller.kind === 'member' ? caller.memberId : undefined);
  if (!identityId || caller.kind === 'anonymous') {
    throw new AppError('UNAUTHENTICATED', 'Whose e-mail?', {
      status: 401,
      description: 'Send identityId, or call with a member access token to verify your own e-mail.',
    });
  }
  if (!isMerchant(caller) && !(caller.kind === 'member' && caller.memberId === identityId)) {
    throw new AppError('PERMISSION_DENIED', 'Not allowed', {
      status: 403,
      description: 'A member may start the verification of their own e-mail only.',
    });
  }
  await deps.limiter.consume([
    { policy: 'verification:ip', key: origin.ip },
    { policy: 'verification:account', key: identityId },
  ]);
  return runFlow(deps, async (tx, outbox) => {
    const identity = await requireIdentity(tx, identityId);
    const verificationId = await startEmailVerification(deps, tx, outbox, identity, origin);
    return { verificationId };
  });
}
