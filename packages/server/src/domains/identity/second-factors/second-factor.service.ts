import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import { recordEvent } from '../../events/index.js';
import type { IdentityDeps } from '../identity.deps.js';
import { memberFactors, type ServedFactorType } from '../identity.schema.js';
import { ACCOUNT_SECURITY_PATH, recoveryCodeUsedEmail } from '../identity-mail.mapper.js';
import { requireIdentity, toIdentityView } from '../members/members.service.js';
import { codeMatches, newEmailedCode } from '../secrets.rules.js';
import { type FlowOrigin, MAX_CODE_ATTEMPTS, nextAuthState, runFlow } from '../sign-in/auth-flow.service.js';
import type { AuthResult } from '../sign-in/auth-result.types.js';
import {
  consumeToken,
  countAttempt,
  findLiveToken,
  type IdentityToken,
  TOKEN_TTL_SECONDS,
  updateTokenData,
} from '../sign-in/identity-tokens.service.js';
import { FORGOT_PASSWORD_PATH } from '../sign-in/recovery.service.js';
import { verificationFailed } from '../sign-in/verification.service.js';
import { lockFactor } from './factors.service.js';
import { type FactorType, requireServedFactor } from './factors.types.js';
import { recoveryCodesLeft, spendRecoveryCode } from './recovery-codes.service.js';
import {
  activeSecondFactors,
  loginCodeEmail,
  type MfaStepData,
  maskEmail,
} from './second-factor-challenge.service.js';
import { acceptedTotpStep } from './totp.rules.js';
import { rememberDevice } from './trusted-devices.service.js';

export interface SecondFactorVerifyInput {
  stateToken?: string;
  factorType: FactorType;
  /** The code typed (totpData.code, emailData.code); absent to choose the factor (EMAIL: send a code). */
  code?: string;
  rememberThisDevice?: boolean;
}

function unknownStep(): AppError {
  return new AppError('INVALID_STATE_TOKEN', 'Login step not found', {
    status: 400,
    description: 'This login step has expired or is already complete. Log in again.',
  });
}

/**
 * The platform's verify call (`VerifyRequest` of @wix/auto_sdk_identity_authentication) for the second
 * factor of a login in REQUIRE_MFA or MFA_CHALLENGE:
 * - without a code it picks the factor and answers MFA_CHALLENGE (for EMAIL a code is e-mailed; asking
 *   again sends a new one, rate-limited like every resend);
 * - with a code it completes the step (SUCCESS, with a device token when `rememberThisDevice`), or fails
 *   with VERIFICATION_FAILED. One login step takes MAX_CODE_ATTEMPTS wrong codes across its factors;
 *   each code works once, however many requests carry it at the same time (the step's row is locked).
 */
export async function verifySecondFactor(
  deps: IdentityDeps,
  input: SecondFactorVerifyInput,
  origin: FlowOrigin,
): Promise<AuthResult> {
  // A recovery code stands in for the authenticator app; it is no factor of its own to choose or set up.
  const factorType: ServedFactorType | 'RECOVERY_CODE' =
    input.factorType === 'RECOVERY_CODE'
      ? 'RECOVERY_CODE'
      : requireServedFactor(input.factorType, 'factorType');
  if (!input.stateToken) throw invalidField('stateToken', 'REQUIRED_FIELD', 'is required');
  const stateToken = input.stateToken;
  const code = input.code?.trim() || undefined;
  if (factorType === 'RECOVERY_CODE' && !code) {
    throw invalidField(
      'recoveryCodeData.code',
      'REQUIRED_FIELD',
      'is required: type one of your recovery codes',
    );
  }
  const now = deps.clock();
  const step = await findLiveToken(deps.db, 'mfa', stateToken, now);
  if (!step) throw unknownStep();
  const limits = [
    { policy: 'verification:ip', key: origin.ip },
    { policy: 'verification:account', key: step.identityId },
  ] as const;
  // Sending mail counts every time (a resend); checking a code counts only when it is wrong.
  if (!code && factorType === 'EMAIL') await deps.limiter.consume(limits);
  else await deps.limiter.check(limits);

  return runFlow(deps, async (tx, outbox) => {
    const token = await findLiveToken(tx, 'mfa', stateToken, now, { forUpdate: true });
    if (!token) return { refuse: unknownStep() };
    const factors = await activeSecondFactors(tx, token.identityId);
    if (factorType === 'RECOVERY_CODE') {
      if ((await recoveryCodesLeft(tx, token.identityId)).left === 0) {
        return {
          refuse: new AppError('FACTOR_NOT_ENABLED', 'No recovery codes left', {
            status: 400,
            description: `This account has no unused recovery codes. Verify with one of the factors this login offers: ${factors.join(', ')}.`,
            data: { factorType, availableFactors: factors },
          }),
        };
      }
    } else if (!factors.includes(factorType)) {
      return {
        refuse: new AppError('FACTOR_NOT_ENABLED', `${factorType} is not set up for this account`, {
          status: 400,
          description: `Verify with one of the factors this login offers: ${factors.join(', ')}.`,
          data: { factorType, availableFactors: factors },
        }),
      };
    }
    const identity = await requireIdentity(tx, token.identityId);
    if (!code && factorType !== 'RECOVERY_CODE') {
      let hint: string | undefined;
      if (factorType === 'EMAIL') {
        const { code: emailed, stored } = newEmailedCode();
        const data: MfaStepData = { ...(token.data as MfaStepData), emailCode: stored };
        await updateTokenData(tx, token.tokenHash, {
          data: { ...data },
          expiresDate: new Date(now.getTime() + TOKEN_TTL_SECONDS.mfa * 1000),
        });
        outbox.push(loginCodeEmail(identity.email, emailed));
        hint = maskEmail(identity.email);
      }
      return {
        state: 'MFA_CHALLENGE' as const,
        stateToken,
        identity: await toIdentityView(tx, identity),
        secondFactor: { factors, challenge: { factorType, ...(hint ? { hint } : {}) } },
      };
    }
    // (A recovery code without a code was refused before the transaction.)
    if (!code) return { refuse: unknownStep() };
    if (token.attempts >= MAX_CODE_ATTEMPTS) {
      return { refuse: verificationFailed(0, 'Too many wrong codes for this login. Log in again.') };
    }
    const verdict =
      factorType === 'RECOVERY_CODE'
        ? await spendRecoveryCode(tx, token.identityId, code, now)
        : { verdict: await checkCode(tx, token, factorType, code, now) };
    if (verdict.verdict === 'not-sent') {
      return {
        refuse: verificationFailed(
          MAX_CODE_ATTEMPTS - token.attempts,
          'No code has been e-mailed for this login yet: verify with factorType EMAIL and no code to get one.',
        ),
      };
    }
    if (verdict.verdict === 'wrong') {
      const attempts = await countAttempt(tx, token.tokenHash);
      await deps.limiter.fail(limits);
      const left = Math.max(0, MAX_CODE_ATTEMPTS - attempts);
      return {
        refuse: verificationFailed(
          left,
          left === 0
            ? 'Too many wrong codes for this login. Log in again.'
            : `${WRONG_CODE[factorType]} ${left} attempt${left === 1 ? '' : 's'} left.`,
        ),
      };
    }
    await consumeToken(tx, token.tokenHash, now);
    if ('left' in verdict) {
      // The member learns of every recovery code used: a login they did not make, and how many are left.
      outbox.push(
        recoveryCodeUsedEmail({
          to: identity.email,
          left: verdict.left,
          securityUrl: new URL(ACCOUNT_SECURITY_PATH, `${deps.config.publicUrl}/`).toString(),
          resetUrl: new URL(FORGOT_PASSWORD_PATH, `${deps.config.publicUrl}/`).toString(),
        }),
      );
      await recordEvent(tx, {
        type: 'identity.member.recovery_code_used',
        entityType: 'member',
        entityId: identity.id,
        payload: { id: identity.id, left: verdict.left },
        actor: { identityType: 'MEMBER', id: identity.id },
      });
    }
    const result = await nextAuthState(
      deps,
      tx,
      outbox,
      identity,
      {
        ip: origin.ip,
        visitorId: token.visitorId ?? origin.visitorId,
        clientId: token.clientId ?? origin.clientId,
      },
      { secondFactorDone: true },
    );
    if (result.state !== 'SUCCESS' || !input.rememberThisDevice) return result;
    return { ...result, deviceToken: await rememberDevice(tx, identity.id, now) };
  });
}

const WRONG_CODE: Record<ServedFactorType | 'RECOVERY_CODE', string> = {
  TOTP: 'That is not the current code of your authenticator app.',
  EMAIL: 'That is not the code we e-mailed.',
  RECOVERY_CODE: 'That is not one of your unused recovery codes.',
};

/** Checks a code against the factor; an accepted TOTP code's time step is recorded so it never works again. */
async function checkCode(
  tx: Tx,
  token: IdentityToken,
  factorType: ServedFactorType,
  code: string,
  now: Date,
): Promise<'ok' | 'wrong' | 'not-sent'> {
  if (factorType === 'EMAIL') {
    const stored = (token.data as MfaStepData).emailCode;
    if (!stored) return 'not-sent';
    return codeMatches(stored, code) ? 'ok' : 'wrong';
  }
  // Locked: two login steps presenting the same code at once are serialised here, and the second sees
  // the step the first recorded.
  const factor = await lockFactor(tx, token.identityId, 'TOTP');
  const step =
    factor?.status === 'ACTIVE' && factor.secret
      ? acceptedTotpStep(factor.secret, code, now, factor.lastUsedStep)
      : undefined;
  if (step === undefined || !factor) return 'wrong';
  await tx.update(memberFactors).set({ lastUsedStep: step }).where(eq(memberFactors.id, factor.id));
  return 'ok';
}
