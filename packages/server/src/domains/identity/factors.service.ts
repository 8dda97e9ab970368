import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { DbOrTx } from '../../db/client.js';
import { AppError, invalidField } from '../../http/errors.js';
import type { Caller } from '../access/caller.js';
import { recordEvent } from '../events/events.service.js';
import { type AuthResult, type FlowOrigin, MAX_CODE_ATTEMPTS, nextAuthState, runFlow } from './auth-flow.js';
import type { IdentityDeps } from './identity.deps.js';
import { memberFactors } from './identity.schema.js';
import { consumeToken, countAttempt, findLiveToken } from './identity-tokens.js';
import { requireIdentity } from './members.service.js';

/** Factor types of spec §3 (and the public client's `/v2/{factorType}/verify` path). */
export const FACTOR_TYPES = [
  'password',
  'sms',
  'call',
  'email',
  'totp',
  'push',
  'webauthn',
  'recovery_code',
] as const;
export type FactorType = (typeof FACTOR_TYPES)[number];

const PERIOD = 30;
const DIGITS = 6;

function totpFor(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * Checks a TOTP code (±1 step of clock drift) and returns its time step, or undefined. A step at or
 * before `lastUsedStep` is refused, so an observed code cannot be replayed.
 */
function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  lastUsedStep: number | null,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = totpFor(secret, 'x', 'x');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now.getTime() / 1000 / PERIOD) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? undefined : step;
}

function requireMember(caller: Caller): string {
  if (caller.kind !== 'member') {
    throw new AppError('UNAUTHENTICATED', 'Log in first', {
      status: 401,
      description: 'Second factors are managed with a member access token in the Authorization header.',
    });
  }
  return caller.memberId;
}

/** Starts TOTP enrolment: a new secret (INACTIVE until a first code confirms it). */
export async function enrollTotp(
  deps: IdentityDeps,
  caller: Caller,
): Promise<{ factorId: string; secret: string; otpauthUri: string }> {
  const memberId = requireMember(caller);
  const identity = await requireIdentity(deps.db, memberId);
  const [existing] = await deps.db
    .select()
    .from(memberFactors)
    .where(and(eq(memberFactors.identityId, memberId), eq(memberFactors.type, 'TOTP')));
  if (existing?.status === 'ACTIVE') {
    throw new AppError('FACTOR_ALREADY_EXISTS', 'TOTP already enabled', {
      status: 409,
      description: 'An authenticator app is already set up. Remove it first to set up another.',
    });
  }
  const secret = new Secret({ size: 20 }).base32;
  const [row] = await deps.db
    .insert(memberFactors)
    .values({ identityId: memberId, type: 'TOTP', secret, status: 'INACTIVE' })
    .onConflictDoUpdate({
      target: [memberFactors.identityId, memberFactors.type],
      set: { secret, status: 'INACTIVE', lastUsedStep: null },
    })
    .returning();
  const otpauthUri = totpFor(secret, identity.email, deps.config.storeName).toString();
  return { factorId: (row as { id: string }).id, secret, otpauthUri };
}

/** Confirms enrolment with a first code: from now on login asks for the factor. */
export async function activateTotp(
  deps: IdentityDeps,
  caller: Caller,
  code: string,
): Promise<{ factorId: string }> {
  const memberId = requireMember(caller);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const factor = await lockedTotp(tx, memberId);
    if (!factor) {
      throw new AppError('FACTOR_NOT_FOUND', 'No authenticator app being set up', {
        status: 404,
        description:
          'Start with POST /_api/iam/factors/v1/totp/enroll, add the secret to the app, then confirm a code.',
      });
    }
    const step = acceptedStep(factor.secret, code, now, factor.lastUsedStep);
    if (step === undefined)
      throw invalidField('code', 'FORMAT', 'is not the current code of the authenticator app', {
        type: 'TOTP',
      });
    await tx
      .update(memberFactors)
      .set({ status: 'ACTIVE', lastUsedStep: step })
      .where(eq(memberFactors.id, factor.id));
    await recordEvent(tx, {
      type: 'identity.member.factor_enabled',
      entityType: 'member',
      entityId: memberId,
      payload: { id: memberId, factorType: 'TOTP' },
      actor: { identityType: 'MEMBER', id: memberId },
    });
    return { factorId: factor.id };
  });
}

/** Removes the factor; needs a current code so that a stolen session cannot switch MFA off. */
export async function removeTotp(deps: IdentityDeps, caller: Caller, code: string): Promise<void> {
  const memberId = requireMember(caller);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const factor = await lockedTotp(tx, memberId);
    if (!factor) return;
    if (
      factor.status === 'ACTIVE' &&
      acceptedStep(factor.secret, code, now, factor.lastUsedStep) === undefined
    ) {
      throw invalidField('code', 'FORMAT', 'is not the current code of the authenticator app', {
        type: 'TOTP',
      });
    }
    await tx.delete(memberFactors).where(eq(memberFactors.id, factor.id));
  });
}

async function lockedTotp(tx: DbOrTx, memberId: string) {
  const [factor] = await tx
    .select()
    .from(memberFactors)
    .where(and(eq(memberFactors.identityId, memberId), eq(memberFactors.type, 'TOTP')))
    .for('update');
  return factor;
}

/**
 * `/v2/{factorType}/verify` during login: completes REQUIRE_MFA with a TOTP code. Other factor types
 * are not offered by this store and answer 400 FACTOR_NOT_ENABLED.
 */
export async function verifySecondFactor(
  deps: IdentityDeps,
  factorType: string,
  input: { stateToken?: string; code?: string },
  origin: FlowOrigin,
): Promise<AuthResult> {
  const type = factorType.toLowerCase();
  if (!(FACTOR_TYPES as readonly string[]).includes(type)) {
    throw invalidField('factorType', 'INVALID_ENUM_VALUE', `must be one of: ${FACTOR_TYPES.join(', ')}`, {
      type: 'FACTOR',
    });
  }
  if (type !== 'totp') {
    throw new AppError('FACTOR_NOT_ENABLED', `${type} is not enabled`, {
      status: 400,
      description: `This store does not offer ${type} as a second factor; only an authenticator app (totp) is available.`,
      data: { factorType: type },
    });
  }
  if (!input.stateToken) throw invalidField('stateToken', 'REQUIRED_FIELD', 'is required', {});
  if (!input.code) throw invalidField('totpData.code', 'REQUIRED_FIELD', 'is required', {});
  await deps.limiter.check([{ policy: 'verification:ip', key: origin.ip }]);
  const now = deps.clock();
  const code = input.code.trim();
  const stateToken = input.stateToken;
  return runFlow(deps, async (tx, outbox) => {
    const token = await findLiveToken(tx, 'mfa', stateToken, now, { forUpdate: true });
    if (!token) {
      return {
        refuse: new AppError('INVALID_STATE_TOKEN', 'Login step not found', {
          status: 400,
          description: 'This login step has expired or is already complete. Log in again.',
        }),
      };
    }
    const factor = await lockedTotp(tx, token.identityId);
    const step =
      factor?.status === 'ACTIVE' && token.attempts < MAX_CODE_ATTEMPTS
        ? acceptedStep(factor.secret, code, now, factor.lastUsedStep)
        : undefined;
    if (!factor || step === undefined) {
      const attempts = await countAttempt(tx, token.tokenHash);
      await deps.limiter.fail([{ policy: 'verification:ip', key: origin.ip }]);
      return {
        refuse: new AppError('INVALID_VERIFICATION_CODE', 'Wrong code', {
          status: 400,
          description:
            attempts >= MAX_CODE_ATTEMPTS
              ? 'Too many wrong codes. Log in again.'
              : 'The code is not the current one of your authenticator app. Try the next code.',
          data: { attemptsLeft: Math.max(0, MAX_CODE_ATTEMPTS - attempts) },
        }),
      };
    }
    await tx.update(memberFactors).set({ lastUsedStep: step }).where(eq(memberFactors.id, factor.id));
    await consumeToken(tx, token.tokenHash, now);
    const identity = await requireIdentity(tx, token.identityId);
    return nextAuthState(
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
  });
}

/** A code for tests and tools that hold the secret (an authenticator app does the same). */
export function currentTotpCode(secret: string, now: Date): string {
  return totpFor(secret, 'x', 'x').generate({ timestamp: now.getTime() });
}
