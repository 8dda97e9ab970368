import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { IdentityDeps } from '../identity.deps.js';
import type { OAuthClient } from '../identity.schema.js';
import { authorizationCodes } from '../identity.schema.js';
import { findIdentity, LOCKED_STATUSES } from '../members/members.service.js';
import { newOpaqueToken, safeEqual, sha256 } from '../secrets.rules.js';
import { revokeSessions } from '../sessions/sessions.service.js';
import { type IssuedTokens, issuedFor, oauthError, startMemberSession } from '../sessions/tokens.service.js';

const CODE_TTL_SECONDS = 60;
const CODE_PREFIX = 'osc_';
/** RFC 7636 §4.1: 43–128 characters from the unreserved set. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export function isValidCodeChallenge(challenge: string): boolean {
  return CHALLENGE.test(challenge);
}

export async function issueAuthorizationCode(
  db: DbOrTx,
  input: {
    clientId: string;
    redirectUri: string | null;
    codeChallenge: string | null;
    identityId: string;
    visitorId: string | null;
    scope: string | null;
    /** When the member signed in (the session token's), for the session the exchange creates. */
    authenticatedDate: Date | null;
    now: Date;
  },
): Promise<string> {
  const code = newOpaqueToken(CODE_PREFIX);
  await db.insert(authorizationCodes).values({
    codeHash: sha256(code),
    clientId: input.clientId,
    redirectUri: input.redirectUri,
    codeChallenge: input.codeChallenge,
    identityId: input.identityId,
    visitorId: input.visitorId,
    scope: input.scope,
    authenticatedDate: input.authenticatedDate,
    createdDate: input.now,
    expiresDate: new Date(input.now.getTime() + CODE_TTL_SECONDS * 1000),
  });
  return code;
}

/**
 * authorization_code grant: the code is single-use, expires after a minute, and is bound to the client,
 * the redirect URI and (for public clients always) the PKCE S256 challenge. A code presented twice is
 * treated as stolen: the tokens issued for its first use are revoked (RFC 6749 §4.1.2).
 */
export async function exchangeAuthorizationCode(
  deps: IdentityDeps,
  input: { client: OAuthClient; code: string; codeVerifier?: string; redirectUri?: string },
): Promise<IssuedTokens> {
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(authorizationCodes)
      .where(eq(authorizationCodes.codeHash, sha256(input.code)))
      .for('update');
    if (!row || row.clientId !== input.client.id)
      return { refused: 'The authorization code is unknown or belongs to another client.' };
    if (row.usedDate) {
      const revoked = row.issuedSessionId
        ? await revokeSessions(tx, [row.issuedSessionId], 'authorization code reused', now)
        : [];
      return {
        refused:
          'The authorization code was already used; the tokens issued with it are revoked. Log in again.',
        revoked,
      };
    }
    if (row.expiresDate <= now)
      return { refused: 'The authorization code has expired. Start the login again.' };
    if (row.redirectUri !== null || input.redirectUri !== undefined) {
      if (row.redirectUri !== (input.redirectUri ?? null)) {
        return { refused: 'redirectUri must be exactly the one given to the authorize endpoint.' };
      }
    }
    if (row.codeChallenge) {
      const verifier = input.codeVerifier ?? '';
      if (!VERIFIER.test(verifier)) {
        return { refused: 'codeVerifier must be 43 to 128 characters from A-Z a-z 0-9 - . _ ~ (RFC 7636).' };
      }
      if (!safeEqual(createHash('sha256').update(verifier).digest('base64url'), row.codeChallenge)) {
        return { refused: 'codeVerifier does not match the code challenge (PKCE S256).' };
      }
    } else if (input.client.kind === 'public') {
      return {
        refused: 'This code has no PKCE challenge, which public clients need. Start the login again.',
      };
    }
    const member = await findIdentity(tx, row.identityId);
    if (member?.status !== 'ACTIVE') {
      return {
        refused: LOCKED_STATUSES.includes(member?.status ?? 'DELETED')
          ? 'This member can no longer sign in.'
          : 'This member cannot sign in yet.',
      };
    }
    const { session, refreshToken } = await startMemberSession(deps, tx, {
      clientId: row.clientId,
      memberId: row.identityId,
      visitorId: row.visitorId,
      authenticatedDate: row.authenticatedDate,
    });
    await tx
      .update(authorizationCodes)
      .set({ usedDate: now, issuedSessionId: session.id })
      .where(eq(authorizationCodes.codeHash, row.codeHash));
    return { session, refreshToken };
  });
  // Refusals are thrown after the transaction, so that a reuse's revocation is committed.
  if ('refused' in outcome) {
    if (outcome.revoked) deps.sessions.markRevoked(outcome.revoked);
    throw oauthError('invalid_grant', outcome.refused as string);
  }
  return issuedFor(deps, outcome.session, outcome.refreshToken);
}
