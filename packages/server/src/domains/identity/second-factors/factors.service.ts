import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import type { Caller } from '../../access/index.js';
import { recordEvent } from '../../events/index.js';
import type { IdentityDeps } from '../identity.deps.js';
import { memberFactors, type ServedFactorType } from '../identity.schema.js';
import { type FactorCodePurpose, factorCodeEmail } from '../identity-mail.mapper.js';
import { requireIdentity, updateIdentityRow } from '../members/members.service.js';
import { codeMatches, newEmailedCode } from '../secrets.rules.js';
import { type FlowOrigin, MAX_CODE_ATTEMPTS, runFlow } from '../sign-in/auth-flow.service.js';
import {
  consumeAllTokens,
  consumeToken,
  countAttempt,
  createIdentityToken,
  findLiveTokenOf,
  TOKEN_TTL_SECONDS,
} from '../sign-in/identity-tokens.service.js';
import { verificationFailed } from '../sign-in/verification.service.js';
import { type FactorType, requireServedFactor } from './factors.types.js';
import {
  deleteRecoveryCodes,
  newRecoveryCodes,
  recoveryCodesLeft,
  storeRecoveryCodes,
} from './recovery-codes.service.js';
import { acceptedTotpStep, newTotpSecret, otpauthUri } from './totp.rules.js';
import { revokeTrustedDevices } from './trusted-devices.service.js';

/**
 * A member's own second factors (`/_api/iam/factors/v1/{factorType}/…`): set one up (INACTIVE until a
 * first code confirms it), and remove it, which needs a code of that factor so that a stolen session
 * cannot switch it off. An authenticator app shows its own codes; the e-mail factor's are e-mailed.
 */

function requireMember(caller: Caller): string {
  if (caller.kind !== 'member') {
    throw new AppError('UNAUTHENTICATED', 'Log in first', {
      status: 401,
      description: 'Second factors are managed with a member access token in the Authorization header.',
    });
  }
  return caller.memberId;
}

type FactorRow = typeof memberFactors.$inferSelect;

/** The member's factor of a type, row-locked (concurrent uses of one code are serialised on it). */
export async function lockFactor(tx: DbOrTx, memberId: string, type: ServedFactorType) {
  const [factor] = await tx
    .select()
    .from(memberFactors)
    .where(and(eq(memberFactors.identityId, memberId), eq(memberFactors.type, type)))
    .for('update');
  return factor;
}

function factorNotFound(type: ServedFactorType): AppError {
  return new AppError('FACTOR_NOT_FOUND', `No ${type} factor being set up`, {
    status: 404,
    description: `Start with POST /_api/iam/factors/v1/${type.toLowerCase()}/enroll, then confirm it with a code.`,
    data: { factorType: type },
  });
}

function wrongTotp(): AppError {
  return invalidField('code', 'FORMAT', 'is not the current code of the authenticator app', {
    type: 'TOTP',
  });
}

/** Starts setting a factor up: a new TOTP secret, or a code e-mailed to the member's address. */
export async function enrollFactor(
  deps: IdentityDeps,
  caller: Caller,
  factorType: FactorType,
  origin: FlowOrigin,
): Promise<{ factorId: string; secret?: string; otpauthUri?: string }> {
  const memberId = requireMember(caller);
  const type = requireServedFactor(factorType, 'factorType');
  if (type === 'EMAIL') {
    await deps.limiter.consume([
      { policy: 'verification:ip', key: origin.ip },
      { policy: 'verification:account', key: memberId },
    ]);
  }
  return runFlow<{ factorId: string; secret?: string; otpauthUri?: string }>(deps, async (tx, outbox) => {
    const identity = await requireIdentity(tx, memberId);
    const existing = await lockFactor(tx, memberId, type);
    if (existing?.status === 'ACTIVE') {
      throw new AppError('FACTOR_ALREADY_EXISTS', `${type} is already on`, {
        status: 409,
        description: 'This factor is already set up. Remove it first to set it up again.',
        data: { factorType: type },
      });
    }
    const secret = type === 'TOTP' ? newTotpSecret() : null;
    const [row] = await tx
      .insert(memberFactors)
      .values({ identityId: memberId, type, secret, status: 'INACTIVE' })
      .onConflictDoUpdate({
        target: [memberFactors.identityId, memberFactors.type],
        set: { secret, status: 'INACTIVE', lastUsedStep: null },
      })
      .returning();
    const factorId = (row as FactorRow).id;
    if (type === 'EMAIL') {
      await mailFactorCode(deps, tx, outbox, { memberId, email: identity.email, purpose: 'enable' });
      return { factorId };
    }
    return {
      factorId,
      secret: secret as string,
      otpauthUri: otpauthUri(secret as string, identity.email, await deps.storeName()),
    };
  });
}

/**
 * Confirms a factor being set up with its first code; from now on login asks for a second factor. An
 * authenticator app comes with new recovery codes, answered this once (for when the phone is lost).
 */
export async function activateFactor(
  deps: IdentityDeps,
  caller: Caller,
  factorType: FactorType,
  code: string,
): Promise<{ factorId: string; recoveryCodes?: string[] }> {
  const memberId = requireMember(caller);
  const type = requireServedFactor(factorType, 'factorType');
  const now = deps.clock();
  const fresh = type === 'TOTP' ? await newRecoveryCodes() : undefined;
  return runFlow<{ factorId: string; recoveryCodes?: string[] }>(deps, async (tx) => {
    const factor = await lockFactor(tx, memberId, type);
    if (factor?.status !== 'INACTIVE') throw factorNotFound(type);
    let lastUsedStep = factor.lastUsedStep;
    if (type === 'TOTP') {
      const step = acceptedTotpStep(factor.secret ?? '', code, now, factor.lastUsedStep);
      if (step === undefined) throw wrongTotp();
      lastUsedStep = step;
    } else {
      const refusal = await spendFactorCode(deps, tx, memberId, 'enable', code, now);
      if (refusal) return { refuse: refusal };
      // The code reached the mailbox: the address is the member's.
      await updateIdentityRow(tx, memberId, { emailVerified: true }, now);
    }
    await tx
      .update(memberFactors)
      .set({ status: 'ACTIVE', lastUsedStep })
      .where(eq(memberFactors.id, factor.id));
    await recordEvent(tx, {
      type: 'identity.member.factor_enabled',
      entityType: 'member',
      entityId: memberId,
      payload: { id: memberId, factorType: type },
      actor: { identityType: 'MEMBER', id: memberId },
    });
    if (!fresh) return { factorId: factor.id };
    await storeRecoveryCodes(tx, memberId, fresh.hashes, now);
    return { factorId: factor.id, recoveryCodes: fresh.codes };
  });
}

function requireActiveTotp(factor: FactorRow | undefined): FactorRow {
  if (factor?.status === 'ACTIVE') return factor;
  throw new AppError('FACTOR_NOT_ENABLED', 'No authenticator app is on', {
    status: 400,
    description:
      'Recovery codes come with an authenticator app: set one up first (its activation answers the codes).',
    data: { factorType: 'TOTP' },
  });
}

/** How many of the member's recovery codes are unused (none without an authenticator app). */
export async function recoveryCodesStatus(
  deps: IdentityDeps,
  caller: Caller,
): Promise<{ left: number; total: number }> {
  return recoveryCodesLeft(deps.db, requireMember(caller));
}

/**
 * New recovery codes for a member with an authenticator app, answered this once; the earlier ones stop
 * working. It needs a current code of the app, so that a stolen session cannot mint a way past it.
 * Wrong codes count against the member's verification limit like every code.
 */
export async function regenerateRecoveryCodes(
  deps: IdentityDeps,
  caller: Caller,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const memberId = requireMember(caller);
  const limits = [{ policy: 'verification:account', key: memberId }] as const;
  await deps.limiter.check(limits);
  const now = deps.clock();
  const fresh = await newRecoveryCodes();
  let wrong = false;
  const result = await runFlow<{ recoveryCodes: string[] } | undefined>(deps, async (tx) => {
    const factor = requireActiveTotp(await lockFactor(tx, memberId, 'TOTP'));
    const step = acceptedTotpStep(factor.secret ?? '', code, now, factor.lastUsedStep);
    if (step === undefined) {
      wrong = true;
      return undefined;
    }
    await tx.update(memberFactors).set({ lastUsedStep: step }).where(eq(memberFactors.id, factor.id));
    await storeRecoveryCodes(tx, memberId, fresh.hashes, now);
    await recordEvent(tx, {
      type: 'identity.member.recovery_codes_regenerated',
      entityType: 'member',
      entityId: memberId,
      payload: { id: memberId, count: fresh.codes.length },
      actor: { identityType: 'MEMBER', id: memberId },
    });
    return { recoveryCodes: fresh.codes };
  });
  if (wrong || !result) {
    await deps.limiter.fail(limits);
    throw wrongTotp();
  }
  return result;
}

/**
 * E-mails a code for the e-mail factor: a new one to finish setting it up, or one to confirm removing
 * it. An authenticator app makes its own codes, so nothing is sent for TOTP.
 */
export async function sendFactorCode(
  deps: IdentityDeps,
  caller: Caller,
  factorType: FactorType,
  origin: FlowOrigin,
): Promise<void> {
  const memberId = requireMember(caller);
  const type = requireServedFactor(factorType, 'factorType');
  if (type === 'TOTP') {
    throw invalidField(
      'factorType',
      'INVALID_ENUM_VALUE',
      'must be EMAIL: an authenticator app shows its own codes',
      {
        type: 'FACTOR',
      },
    );
  }
  await deps.limiter.consume([
    { policy: 'verification:ip', key: origin.ip },
    { policy: 'verification:account', key: memberId },
  ]);
  await runFlow(deps, async (tx, outbox) => {
    const factor = await lockFactor(tx, memberId, type);
    if (!factor) throw factorNotFound(type);
    const identity = await requireIdentity(tx, memberId);
    const purpose = factor.status === 'ACTIVE' ? 'remove' : 'enable';
    await mailFactorCode(deps, tx, outbox, { memberId, email: identity.email, purpose });
    return undefined;
  });
}

/** Removes a factor; an active one needs a current code of that factor. Remembered devices are forgotten. */
export async function removeFactor(
  deps: IdentityDeps,
  caller: Caller,
  factorType: FactorType,
  code: string,
): Promise<void> {
  const memberId = requireMember(caller);
  const type = requireServedFactor(factorType, 'factorType');
  const now = deps.clock();
  await runFlow(deps, async (tx) => {
    const factor = await lockFactor(tx, memberId, type);
    if (!factor) return undefined;
    if (factor.status === 'ACTIVE') {
      if (type === 'TOTP') {
        if (acceptedTotpStep(factor.secret ?? '', code, now, factor.lastUsedStep) === undefined)
          throw wrongTotp();
      } else {
        const refusal = await spendFactorCode(deps, tx, memberId, 'remove', code, now);
        if (refusal) return { refuse: refusal };
      }
      // A device remembered while the factor guarded the account must not outlive it.
      await revokeTrustedDevices(tx, memberId, 'second factor removed', now);
      // The recovery codes stood in for the app: without it they have nothing to recover.
      if (type === 'TOTP') await deleteRecoveryCodes(tx, memberId);
      await recordEvent(tx, {
        type: 'identity.member.factor_removed',
        entityType: 'member',
        entityId: memberId,
        payload: { id: memberId, factorType: type },
        actor: { identityType: 'MEMBER', id: memberId },
      });
    }
    await tx.delete(memberFactors).where(eq(memberFactors.id, factor.id));
    return undefined;
  });
}

/** E-mails a factor code, replacing any earlier one (the client never holds a token for it). */
async function mailFactorCode(
  deps: IdentityDeps,
  tx: Tx,
  outbox: { push(message: ReturnType<typeof factorCodeEmail>): unknown },
  input: { memberId: string; email: string; purpose: Exclude<FactorCodePurpose, 'login'> },
): Promise<void> {
  const now = deps.clock();
  await consumeAllTokens(tx, input.memberId, 'factor_code', now);
  const { code, stored } = newEmailedCode();
  await createIdentityToken(tx, {
    purpose: 'factor_code',
    identityId: input.memberId,
    data: { ...stored, action: input.purpose },
    now,
  });
  outbox.push(
    factorCodeEmail({
      to: input.email,
      code,
      minutes: TOKEN_TTL_SECONDS.factor_code / 60,
      purpose: input.purpose,
    }),
  );
}

/** Checks and spends the e-mailed factor code for `action`; a refusal (counted) when it does not verify. */
async function spendFactorCode(
  deps: IdentityDeps,
  tx: Tx,
  memberId: string,
  action: 'enable' | 'remove',
  code: string,
  now: Date,
): Promise<AppError | undefined> {
  const token = await findLiveTokenOf(tx, memberId, 'factor_code', now, { forUpdate: true });
  const data = token?.data as { salt: string; codeHash: string; action: string } | undefined;
  if (!token || data?.action !== action) {
    return verificationFailed(
      0,
      action === 'enable'
        ? 'No code is waiting: ask for a new one (send-code).'
        : 'No code is waiting: ask for one first (send-code), then confirm with it.',
    );
  }
  if (token.attempts >= MAX_CODE_ATTEMPTS) {
    return verificationFailed(0, 'Too many wrong codes. Ask for a new one (send-code).');
  }
  if (!codeMatches(data, code)) {
    const attempts = await countAttempt(tx, token.tokenHash);
    await deps.limiter.fail([{ policy: 'verification:account', key: memberId }]);
    const left = Math.max(0, MAX_CODE_ATTEMPTS - attempts);
    return verificationFailed(left, left > 0 ? `The code is wrong. ${left} left.` : 'Ask for a new code.');
  }
  await consumeToken(tx, token.tokenHash, now);
  return undefined;
}
