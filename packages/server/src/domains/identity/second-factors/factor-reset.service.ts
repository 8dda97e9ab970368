import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { Caller } from '../../access/index.js';
import { actorOf, recordEvent } from '../../events/index.js';
import type { IdentityDeps } from '../identity.deps.js';
import { memberFactors, type ServedFactorType } from '../identity.schema.js';
import { ACCOUNT_SECURITY_PATH, secondFactorsTurnedOffEmail } from '../identity-mail.mapper.js';
import { identityNotFound, requireIdentity } from '../members/members.service.js';
import { revokeMemberSessions } from '../sessions/sessions.service.js';
import { runFlow } from '../sign-in/auth-flow.service.js';
import { FORGOT_PASSWORD_PATH } from '../sign-in/recovery.service.js';
import { deleteRecoveryCodes, recoveryCodesLeft } from './recovery-codes.service.js';
import { revokeTrustedDevices } from './trusted-devices.service.js';

/**
 * The store's way back for a member who lost every second factor (the phone, every recovery code, and
 * no e-mailed codes): the merchant turns the factors off, so the password alone signs in again. It never
 * reads or shows a secret; what the admin sees is which factors are on and how many codes are left.
 */

export interface MemberSecondFactors {
  authenticatorApp: boolean;
  emailCodes: boolean;
  recoveryCodesLeft: number;
}

export interface SecondFactorsTurnOff {
  /** False when the member had no second factor: nothing was changed, no e-mail sent. */
  changed: boolean;
  /** The factors that were on and are now off. */
  turnedOff: ServedFactorType[];
  recoveryCodesDeleted: number;
  sessionsEnded: number;
}

async function activeFactors(db: DbOrTx, memberId: string): Promise<ServedFactorType[]> {
  const rows = await db
    .select({ type: memberFactors.type, status: memberFactors.status })
    .from(memberFactors)
    .where(eq(memberFactors.identityId, memberId));
  return rows.filter((row) => row.status === 'ACTIVE').map((row) => row.type);
}

/** A member the store can act on: a deleted one answers as unknown, as the member API does elsewhere. */
async function requireLiveMember(db: DbOrTx, memberId: string, forUpdate = false) {
  const identity = await requireIdentity(db, memberId, { forUpdate });
  if (identity.status === 'DELETED') throw identityNotFound(memberId);
  return identity;
}

/** Which second factors a member has on (never their secrets). */
export async function memberSecondFactors(
  deps: IdentityDeps,
  memberId: string,
): Promise<MemberSecondFactors> {
  await requireLiveMember(deps.db, memberId);
  const on = await activeFactors(deps.db, memberId);
  const codes = await recoveryCodesLeft(deps.db, memberId);
  return {
    authenticatorApp: on.includes('TOTP'),
    emailCodes: on.includes('EMAIL'),
    recoveryCodesLeft: codes.left,
  };
}

/**
 * Turns every second factor of a member off, for a member who asked the store because they lost them.
 * Also deletes the recovery codes (nothing left to recover), forgets remembered devices and ends every
 * session, so whoever might hold the lost phone or a session keeps nothing; the member is e-mailed (the
 * warning is the defence against a merchant account used by someone else) and the change is recorded
 * with the staff member who made it. A member with no factor answers `changed: false` and nothing
 * happens, so a second click or a retried request is harmless.
 */
export async function turnOffSecondFactors(
  deps: IdentityDeps,
  caller: Caller,
  memberId: string,
): Promise<SecondFactorsTurnOff> {
  let revoked: string[] = [];
  const result = await runFlow<SecondFactorsTurnOff>(deps, async (tx, outbox) => {
    const now = deps.clock();
    // Locking the member serialises two merchants (or a double submit) turning the factors off at once.
    const identity = await requireLiveMember(tx, memberId, true);
    const turnedOff = await activeFactors(tx, memberId);
    const codes = await recoveryCodesLeft(tx, memberId);
    if (turnedOff.length === 0) {
      // Nothing guards the account: no change to make, to report or to mail (a factor being set up but
      // never confirmed is the member's own unfinished step, left as it is).
      return { changed: false, turnedOff, recoveryCodesDeleted: 0, sessionsEnded: 0 };
    }
    await tx.delete(memberFactors).where(eq(memberFactors.identityId, memberId));
    await deleteRecoveryCodes(tx, memberId);
    await revokeTrustedDevices(tx, memberId, 'second factors turned off by the store', now);
    revoked = await revokeMemberSessions(tx, memberId, 'second factors turned off by the store', now);
    await recordEvent(tx, {
      type: 'identity.member.second_factors_reset',
      entityType: 'member',
      entityId: memberId,
      payload: {
        id: memberId,
        factorTypes: turnedOff,
        recoveryCodesDeleted: codes.total,
      },
      actor: actorOf(caller),
    });
    outbox.push(
      secondFactorsTurnedOffEmail({
        to: identity.email,
        resetUrl: new URL(FORGOT_PASSWORD_PATH, `${deps.config.publicUrl}/`).toString(),
        securityUrl: new URL(ACCOUNT_SECURITY_PATH, `${deps.config.publicUrl}/`).toString(),
      }),
    );
    return { changed: true, turnedOff, recoveryCodesDeleted: codes.total, sessionsEnded: revoked.length };
  });
  deps.sessions.markRevoked(revoked);
  return result;
}
