import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sha256 } from '../identity/secrets.js';
import { type RedirectKind, redirectSessions } from './redirects.schema.js';

/** What a hosted page learns from the session token in its URL (who the shopper is, where to return). */
export interface ResolvedRedirectSession {
  id: string;
  kind: RedirectKind;
  visitorId: string | null;
  memberId: string | null;
  sessionId: string | null;
  callbacks: Record<string, string>;
  params: Record<string, unknown>;
}

export async function resolveRedirectSession(
  db: DbOrTx,
  sessionToken: string,
  now: Date,
): Promise<ResolvedRedirectSession | undefined> {
  const [row] = await db
    .select()
    .from(redirectSessions)
    .where(
      and(eq(redirectSessions.sessionTokenHash, sha256(sessionToken)), gt(redirectSessions.expiresDate, now)),
    );
  return row
    ? {
        id: row.id,
        kind: row.kind,
        visitorId: row.visitorId,
        memberId: row.memberId,
        sessionId: row.sessionId,
        callbacks: row.callbacks,
        params: row.params,
      }
    : undefined;
}

/** `/r/{shortId}` → the full URL, while the session lasts. */
export async function fullUrlForShortId(db: DbOrTx, shortId: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ fullUrl: redirectSessions.fullUrl })
    .from(redirectSessions)
    .where(and(eq(redirectSessions.shortId, shortId), gt(redirectSessions.expiresDate, now)));
  return row?.fullUrl;
}
