import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { uuidv7 } from '../../../lib/ids.js';
import { authSessions, type SessionRole } from '../identity.schema.js';
import { newOpaqueToken, sha256 } from '../secrets.rules.js';

/** Refresh tokens are recognisable at a glance (and by secret scanners). */
export const REFRESH_TOKEN_PREFIX = 'osr_';

export type Session = typeof authSessions.$inferSelect;

export interface NewSession {
  role: SessionRole;
  clientId?: string;
  visitorId?: string;
  memberId?: string;
  staffId?: string;
  /** The session this one was handed over from (hosted pages): revoking that one revokes this one. */
  parentSessionId?: string;
  /** When the holder last proved who they are (see `authSessions.authenticatedDate`). */
  authenticatedDate?: Date | null;
  expiresDate: Date;
  /** Visitor and member sessions get a refresh token; staff sessions do not. */
  withRefreshToken: boolean;
  now: Date;
}

export async function createSession(
  db: DbOrTx,
  input: NewSession,
): Promise<{ session: Session; refreshToken?: string }> {
  const refreshToken = input.withRefreshToken ? newOpaqueToken(REFRESH_TOKEN_PREFIX) : undefined;
  const [session] = await db
    .insert(authSessions)
    .values({
      id: uuidv7(input.now.getTime()),
      role: input.role,
      clientId: input.clientId ?? null,
      visitorId: input.visitorId ?? null,
      memberId: input.memberId ?? null,
      staffId: input.staffId ?? null,
      parentSessionId: input.parentSessionId ?? null,
      refreshTokenHash: refreshToken ? sha256(refreshToken) : null,
      authenticatedDate: input.authenticatedDate ?? null,
      createdDate: input.now,
      expiresDate: input.expiresDate,
    })
    .returning();
  return { session: session as Session, ...(refreshToken ? { refreshToken } : {}) };
}

/**
 * The sign-in time a session token carries (`data.authTime`, set where the member proved who they are),
 * for the session it is exchanged for. Null when it carries none.
 */
export function authTimeOf(data: Record<string, unknown> | undefined): Date | null {
  const value = data?.authTime;
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The `data` of a session token for a sign-in at `date` (nothing when unknown). */
export function authTimeData(date: Date | null | undefined): { authTime?: string } {
  return date ? { authTime: date.toISOString() } : {};
}

/** The session a refresh token belongs to (revoked or not: the caller decides what that means). */
export async function findSessionByRefreshToken(
  db: DbOrTx,
  refreshToken: string,
): Promise<Session | undefined> {
  if (!refreshToken.startsWith(REFRESH_TOKEN_PREFIX)) return undefined;
  const [session] = await db
    .select()
    .from(authSessions)
    .where(eq(authSessions.refreshTokenHash, sha256(refreshToken)));
  return session;
}

export async function findSession(db: DbOrTx, sessionId: string): Promise<Session | undefined> {
  const [session] = await db.select().from(authSessions).where(eq(authSessions.id, sessionId));
  return session;
}

// Writing last-used on every refresh would make each renewal a write; once a minute is enough to audit.
const TOUCH_RESOLUTION_MS = 60_000;

export async function touchSession(db: DbOrTx, session: Session, now: Date): Promise<void> {
  if (session.lastUsedDate && now.getTime() - session.lastUsedDate.getTime() < TOUCH_RESOLUTION_MS) return;
  await db.update(authSessions).set({ lastUsedDate: now }).where(eq(authSessions.id, session.id));
}

/** How deep hand-overs can chain (an app's session → a hosted page's → a page that one opened …). */
const MAX_HAND_OVER_DEPTH = 4;

/**
 * Revokes the given sessions and every session handed over from them (hosted pages opened from an app's
 * redirect session); returns the ids that were active.
 */
export async function revokeSessions(
  db: DbOrTx,
  ids: string[],
  reason: string,
  now: Date,
): Promise<string[]> {
  const revoked: string[] = [];
  let level = ids;
  for (let depth = 0; level.length > 0 && depth <= MAX_HAND_OVER_DEPTH; depth++) {
    const rows = await db
      .update(authSessions)
      .set({ revokedDate: now, revokedReason: reason })
      .where(and(inArray(authSessions.id, level), isNull(authSessions.revokedDate)))
      .returning({ id: authSessions.id });
    revoked.push(...rows.map((row) => row.id));
    const children = await db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(and(inArray(authSessions.parentSessionId, level), isNull(authSessions.revokedDate)));
    level = children.map((row) => row.id);
  }
  return revoked;
}

/** Revokes every active session of a member (password change, block, delete), except `keep`. */
export async function revokeMemberSessions(
  db: DbOrTx,
  memberId: string,
  reason: string,
  now: Date,
  keep?: string,
): Promise<string[]> {
  const rows = await db
    .update(authSessions)
    .set({ revokedDate: now, revokedReason: reason })
    .where(
      and(
        eq(authSessions.memberId, memberId),
        isNull(authSessions.revokedDate),
        ...(keep ? [ne(authSessions.id, keep)] : []),
      ),
    )
    .returning({ id: authSessions.id });
  return rows.map((row) => row.id);
}

const STATUS_CACHE_TTL_MS = 5_000;
const STATUS_CACHE_MAX = 20_000;

/**
 * Whether a session may still be used, cached per process (ADR 005): at most one indexed query per
 * session every few seconds, and none for a session this process revoked itself. Another process's
 * revocation takes effect here within STATUS_CACHE_TTL_MS.
 */
export class SessionStatusCache {
  private readonly entries = new Map<string, { active: boolean; checkedAt: number; expiresAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = STATUS_CACHE_TTL_MS,
  ) {}

  async isActive(sessionId: string, now: Date): Promise<boolean> {
    const cached = this.entries.get(sessionId);
    const wallClock = Date.now();
    if (cached && (!cached.active || wallClock - cached.checkedAt < this.ttlMs)) {
      return cached.active && cached.expiresAt > now.getTime();
    }
    const session = await findSession(this.db, sessionId);
    const active = Boolean(session && !session.revokedDate);
    const expiresAt = session?.expiresDate.getTime() ?? 0;
    if (this.entries.size >= STATUS_CACHE_MAX)
      this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(sessionId, { active, checkedAt: wallClock, expiresAt });
    return active && expiresAt > now.getTime();
  }

  /** Records revocations made by this process, so they take effect here at once. */
  markRevoked(sessionIds: readonly string[]): void {
    for (const id of sessionIds) this.entries.set(id, { active: false, checkedAt: Date.now(), expiresAt: 0 });
  }
}
