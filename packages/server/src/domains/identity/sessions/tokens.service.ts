import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import { uuidv7 } from '../../../lib/ids.js';
import type { IdentityDeps } from '../identity.deps.js';
import { authSessions, visitors } from '../identity.schema.js';
import { findIdentity, LOCKED_STATUSES } from '../members/members.service.js';
import { type AccessClaims, signAccessToken } from './access-tokens.service.js';
import {
  createSession,
  findSessionByRefreshToken,
  revokeSessions,
  type Session,
  touchSession,
} from './sessions.service.js';

/** What the token endpoint returns, before the wire's snake_case names. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  role: 'visitor' | 'member';
}

/** An OAuth 2 error (RFC 6749 §5.2): the code is also put in the reply's top-level `error`. */
export function oauthError(
  error:
    | 'invalid_request'
    | 'invalid_client'
    | 'invalid_grant'
    | 'unauthorized_client'
    | 'unsupported_grant_type'
    | 'invalid_scope',
  description: string,
  status = error === 'invalid_client' ? 401 : 400,
): AppError {
  return new AppError(error.toUpperCase(), description, { status, description, data: { error } });
}

export function sessionClaims(session: Session): AccessClaims {
  if (session.role === 'member' && session.memberId) {
    return {
      role: 'member',
      sessionId: session.id,
      memberId: session.memberId,
      clientId: session.clientId ?? '',
      ...(session.visitorId ? { visitorId: session.visitorId } : {}),
    };
  }
  if (session.role === 'visitor' && session.visitorId) {
    return {
      role: 'visitor',
      sessionId: session.id,
      visitorId: session.visitorId,
      clientId: session.clientId ?? '',
    };
  }
  throw new AppError('INTERNAL', `Session ${session.id} cannot carry shopper tokens`);
}

export async function signSessionToken(deps: IdentityDeps, session: Session): Promise<string> {
  const claims = sessionClaims(session);
  return signAccessToken(deps.keys, claims, {
    issuer: deps.issuer,
    now: deps.clock(),
    ttlSeconds: deps.config.identity.accessTokenTtlSeconds,
    ...('clientId' in claims ? { site: await deps.site.ids(claims.clientId) } : {}),
  });
}

function sessionExpiry(deps: IdentityDeps, now: Date): Date {
  return new Date(now.getTime() + deps.config.identity.refreshTokenTtlDays * 86_400_000);
}

/** anonymous grant: a new visitor (carts hang on its id) and its token pair. */
export async function startVisitorSession(deps: IdentityDeps, clientId: string): Promise<IssuedTokens> {
  const now = deps.clock();
  const { session, refreshToken } = await deps.db.transaction(async (tx) => {
    const visitorId = uuidv7(now.getTime());
    await tx.insert(visitors).values({ id: visitorId, clientId, createdDate: now });
    return createSession(tx, {
      role: 'visitor',
      clientId,
      visitorId,
      expiresDate: sessionExpiry(deps, now),
      withRefreshToken: true,
      now,
    });
  });
  return {
    accessToken: await signSessionToken(deps, session),
    refreshToken: refreshToken as string,
    expiresIn: deps.config.identity.accessTokenTtlSeconds,
    role: 'visitor',
  };
}

/**
 * Starts a member session inside the caller's transaction. When the login began from a visitor token,
 * the visitor is linked to the member and the visitor→member hook runs in the same transaction (the cart
 * merge commits with the login, or neither does).
 */
export async function startMemberSession(
  deps: IdentityDeps,
  tx: Tx,
  input: {
    clientId: string;
    memberId: string;
    visitorId?: string | null;
    /** When the member proved who they are (null: unknown, so never a recent sign-in). */
    authenticatedDate: Date | null;
  },
): Promise<{ session: Session; refreshToken: string }> {
  const now = deps.clock();
  const { session, refreshToken } = await createSession(tx, {
    role: 'member',
    clientId: input.clientId,
    memberId: input.memberId,
    ...(input.visitorId ? { visitorId: input.visitorId } : {}),
    authenticatedDate: input.authenticatedDate,
    expiresDate: sessionExpiry(deps, now),
    withRefreshToken: true,
    now,
  });
  if (input.visitorId) {
    await tx.update(visitors).set({ memberId: input.memberId }).where(eq(visitors.id, input.visitorId));
    await deps.hooks.visitorBecameMember({
      visitorId: input.visitorId,
      memberId: input.memberId,
      sessionId: session.id,
      tx,
    });
  }
  return { session, refreshToken: refreshToken as string };
}

export async function issuedFor(
  deps: IdentityDeps,
  session: Session,
  refreshToken: string,
): Promise<IssuedTokens> {
  return {
    accessToken: await signSessionToken(deps, session),
    refreshToken,
    expiresIn: deps.config.identity.accessTokenTtlSeconds,
    role: session.role === 'member' ? 'member' : 'visitor',
  };
}

/**
 * refresh_token grant. Refresh tokens are reusable until revoked (the protocol's clients never store a
 * rotated one, wire-protocol.md §5.1), so the same token comes back with a new access token.
 */
export async function refreshSession(
  deps: IdentityDeps,
  input: { refreshToken: string; clientId?: string },
): Promise<IssuedTokens> {
  const now = deps.clock();
  const session = await findSessionByRefreshToken(deps.db, input.refreshToken);
  if (!session || session.revokedDate || session.expiresDate <= now) {
    throw oauthError(
      'invalid_grant',
      'The refresh token is unknown, expired or revoked. Start a new session (grantType anonymous) or log in again.',
    );
  }
  if (input.clientId && session.clientId !== input.clientId) {
    throw oauthError('invalid_grant', 'This refresh token was issued to another client.');
  }
  if (session.role === 'member' && session.memberId) {
    const member = await findIdentity(deps.db, session.memberId);
    if (!member || LOCKED_STATUSES.includes(member.status)) {
      const revoked = await revokeSessions(deps.db, [session.id], 'member locked', now);
      deps.sessions.markRevoked(revoked);
      throw oauthError('invalid_grant', 'This member can no longer sign in. Contact the store.');
    }
  }
  await touchSession(deps.db, session, now);
  return issuedFor(deps, session, input.refreshToken);
}

/** Who a hosted page acts as, taken from the session that created its redirect session. */
export interface HandOver {
  /** The app's session the redirect session was created with. */
  parentSessionId: string;
  visitorId: string | null;
  memberId: string | null;
  /** The OAuth client the browser's tokens are issued to (the hosted pages' own client). */
  clientId: string;
}

/**
 * A session of its own for a browser that opened an app's redirect session: same visitor or member as
 * the app's session (same cart, checkouts and orders), for the hosted pages' client, ending no later than
 * the app's session and revoked with it. Refused when the app's session has ended or the member can no
 * longer sign in, so a link outlives neither.
 */
export async function startHandOverSession(
  deps: IdentityDeps,
  tx: Tx,
  handOver: HandOver,
): Promise<IssuedTokens | undefined> {
  const now = deps.clock();
  const [parent] = await tx.select().from(authSessions).where(eq(authSessions.id, handOver.parentSessionId));
  if (!parent || parent.revokedDate || parent.expiresDate <= now) return undefined;
  if (handOver.memberId) {
    const member = await findIdentity(tx, handOver.memberId);
    if (!member || LOCKED_STATUSES.includes(member.status)) return undefined;
  } else if (!handOver.visitorId) return undefined;
  const { session, refreshToken } = await createSession(tx, {
    role: handOver.memberId ? 'member' : 'visitor',
    clientId: handOver.clientId,
    ...(handOver.visitorId ? { visitorId: handOver.visitorId } : {}),
    ...(handOver.memberId ? { memberId: handOver.memberId } : {}),
    parentSessionId: parent.id,
    // A hosted page is the app's shopper, signed in when they were, not anew.
    authenticatedDate: parent.authenticatedDate,
    expiresDate: parent.expiresDate,
    withRefreshToken: true,
    now,
  });
  return issuedFor(deps, session, refreshToken as string);
}
