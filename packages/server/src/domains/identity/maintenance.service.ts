import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pruneRedemptions } from './guards/captcha.service.js';
import { authorizationCodes, authSessions, identityTokens } from './identity.schema.js';

/** Sessions revoked or expired longer ago than this are kept for audit, then deleted. */
const KEEP_ENDED_SESSIONS_MS = 30 * 86_400_000;

/**
 * Deletes rows nothing can use any more: expired or spent single-use tokens and codes, captcha
 * redemptions past their challenge's expiry, and sessions ended a month ago. Safe to run at any time
 * (`npm run cli -- identity prune`, or a scheduler).
 */
export async function pruneExpiredIdentityRows(db: DbOrTx, now: Date): Promise<Record<string, number>> {
  const tokens = await db
    .delete(identityTokens)
    .where(or(lt(identityTokens.expiresDate, now), isNotNull(identityTokens.consumedDate)))
    .returning({ hash: identityTokens.tokenHash });
  // Used codes are kept while they could still be replayed (so that a replay can revoke), i.e. until expiry.
  const codes = await db
    .delete(authorizationCodes)
    .where(lt(authorizationCodes.expiresDate, now))
    .returning({ hash: authorizationCodes.codeHash });
  const cutoff = new Date(now.getTime() - KEEP_ENDED_SESSIONS_MS);
  const sessions = await db
    .delete(authSessions)
    .where(
      or(
        lt(authSessions.expiresDate, cutoff),
        and(isNotNull(authSessions.revokedDate), lt(authSessions.revokedDate, cutoff)),
      ),
    )
    .returning({ id: authSessions.id });
  await pruneRedemptions(db, now);
  return { tokens: tokens.length, codes: codes.length, sessions: sessions.length };
}
