import type { TokenResolver } from '../../access/index.js';
import { ANONYMOUS, type Caller } from '../../access/index.js';
import type { IdentityDeps } from '../identity.deps.js';
import { looksLikeJwt, verifyAccessToken } from './access-tokens.service.js';

/**
 * Access tokens (JWTs) → callers. Verification is local (cached key ring, ES256); the only lookup is the
 * session-revocation check, cached per session for a few seconds (ADR 005). Tokens that are not JWTs are
 * left to the other resolvers; a JWT that fails any check is not recognised, so the request gets a 401.
 */
export function accessTokenResolver(deps: IdentityDeps): TokenResolver {
  return async (token) => {
    if (!looksLikeJwt(token)) return undefined;
    const now = deps.clock();
    const claims = await verifyAccessToken(deps, token, { issuer: deps.issuer, now });
    if (!claims || !(await deps.sessions.isActive(claims.sessionId, now))) return undefined;
    let caller: Caller;
    switch (claims.role) {
      case 'visitor':
        caller = { kind: 'visitor', visitorId: claims.visitorId, sessionId: claims.sessionId };
        break;
      case 'member':
        caller = {
          kind: 'member',
          memberId: claims.memberId,
          sessionId: claims.sessionId,
          ...(claims.visitorId ? { visitorId: claims.visitorId } : {}),
        };
        break;
      case 'staff':
        caller = {
          kind: 'staff',
          role: claims.staffRole,
          staffId: claims.staffId,
          sessionId: claims.sessionId,
        };
        break;
    }
    return caller;
  };
}

/**
 * `Authorization: <visitorAccessToken>,<apiKey>` (the public SDK's external-login form): the API key is
 * the credential; the visitor half is read by the token endpoint itself.
 */
export function delegatedApiKeyResolver(apiKeys: TokenResolver): TokenResolver {
  return async (token) => {
    const comma = token.lastIndexOf(',');
    if (comma < 0) return undefined;
    return apiKeys(token.slice(comma + 1).trim());
  };
}

/** HTTP Basic client authentication is for the token endpoint only; elsewhere it is no identity. */
export const basicClientAuthResolver: TokenResolver = async (token) =>
  token.startsWith('Basic ') ? ANONYMOUS : undefined;
