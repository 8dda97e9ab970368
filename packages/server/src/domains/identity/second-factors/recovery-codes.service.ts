import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { recoveryCodes } from '../identity.schema.js';
import { hashPassword, verifyPassword } from '../sign-in/passwords.service.js';

/*
 * Recovery codes: ten one-time codes a member with an authenticator app keeps on paper or in a password
 * manager, each of which stands in for the app's code once (a lost phone). They are shown once, when made;
 * only their argon2id hashes are stored, like passwords, so a copy of the database does not give them away.
 */

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied by hand from paper is read back without doubt. 31^10 ≈ 2^49.5 per code.
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const CODE_LENGTH = 10;

/** A code as shown: two groups of five, `k7m2p-9xq4t`. */
function newCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET.charAt(randomInt(ALPHABET.length)));
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A code as typed, compared as made: case, spaces and hyphens do not matter. */
export function normalizeRecoveryCode(typed: string): string {
  const bare = typed.toLowerCase().replace(/[\s-]/g, '');
  return bare.length === CODE_LENGTH ? `${bare.slice(0, 5)}-${bare.slice(5)}` : bare;
}

/** New codes and their hashes, made before the transaction that stores them (hashing takes a while). */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes: string[] = [];
  // One at a time: each hash takes 19 MiB; ten at once would take ten times that.
  for (const code of codes) hashes.push(await hashPassword(code));
  return { codes, hashes };
}

/** Replaces the member's recovery codes with new ones: every earlier code stops working. */
export async function storeRecoveryCodes(
  tx: Tx,
  identityId: string,
  hashes: string[],
  now: Date,
): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.identityId, identityId));
  await tx
    .insert(recoveryCodes)
    .values(hashes.map((codeHash) => ({ identityId, codeHash, createdDate: now })));
}

export async function deleteRecoveryCodes(tx: DbOrTx, identityId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.identityId, identityId));
}

/** How many of the member's recovery codes are still unused, of how many made. */
export async function recoveryCodesLeft(
  db: DbOrTx,
  identityId: string,
): Promise<{ left: number; total: number }> {
  const [row] = await db
    .select({
      total: count(),
      left: sql<number>`count(*) filter (where ${recoveryCodes.usedDate} is null)`.mapWith(Number),
    })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.identityId, identityId));
  return { left: row?.left ?? 0, total: row?.total ?? 0 };
}

/**
 * Spends one of the member's unused recovery codes: 'ok' with the number left, or 'wrong'. The unused
 * codes are row-locked, so one code presented by two requests at once works for one of them only.
 */
export async function spendRecoveryCode(
  tx: Tx,
  identityId: string,
  typed: string,
  now: Date,
): Promise<{ verdict: 'ok'; left: number } | { verdict: 'wrong' }> {
  const code = normalizeRecoveryCode(typed);
  const unused = await tx
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.identityId, identityId), isNull(recoveryCodes.usedDate)))
    .for('update');
  for (const row of unused) {
    if (await verifyPassword(row.codeHash, code)) {
      await tx.update(recoveryCodes).set({ usedDate: now }).where(eq(recoveryCodes.id, row.id));
      return { verdict: 'ok', left: unused.length - 1 };
    }
  }
  return { verdict: 'wrong' };
}
