import type { Caller } from '../../access/index.js';
import type { IdentityDeps } from '../identity.deps.js';
import type { OAuthClient } from '../identity.schema.js';
import { findIdentity } from '../members/members.service.js';
import { exchangeAuthorizationCode } from '../oauth/authorization-codes.service.js';
import { findBundledClient, findOAuthClient, verifyClientSecret } from '../oauth/oauth-clients.service.js';
import { consumeToken, findLiveToken } from '../sign-in/identity-tokens.service.js';
import { looksLikeJwt, verifyAccessToken } from './access-tokens.service.js';
import { authTimeOf } from './sessions.service.js';
import {
  type IssuedTokens,
  issuedFor,
  oauthError,
  refreshSession,
  startMemberSession,
  startVisitorSession,
} from './tokens.service.js';

export const GRANT_TYPES = ['anonymous', 'refresh_token', 'authorization_code', 'authorized_client'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/** A token request after the edge merged camelCase, snake_case and form bodies. */
export interface TokenRequest {
  grantType?: string;
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
  code?: string;
  codeVerifier?: string;
  redirectUri?: string;
  scope?: string;
  memberId?: string;
  sessionToken?: string;
}

/** Who is asking, beyond the body: the resolved caller and, for authorized_client, the visitor token. */
export interface TokenRequestContext {
  caller: Caller;
  /** The `<visitorAccessToken>` half of an `Authorization: <visitorAccessToken>,<apiKey>` header. */
  visitorToken?: string;
  /** The caller's address: anonymous grants are limited per IP. */
  ip?: string;
}

export async function handleTokenRequest(
  deps: IdentityDeps,
  request: TokenRequest,
  context: TokenRequestContext,
): Promise<IssuedTokens> {
  switch (request.grantType) {
    case 'anonymous': {
      if (context.ip && deps.config.identity.visitorTokensPerIp > 0)
        await deps.limiter.consume([{ policy: 'anonymous-token:ip', key: context.ip }]);
      const client = await authenticateClient(deps, request);
      return startVisitorSession(deps, client.id);
    }
    case 'refresh_token': {
      if (!request.refreshToken)
        throw oauthError('invalid_request', 'refreshToken is required for grantType refresh_token.');
      if (request.clientId) await authenticateClient(deps, request);
      return refreshSession(deps, {
        refreshToken: request.refreshToken,
        ...(request.clientId ? { clientId: request.clientId } : {}),
      });
    }
    case 'authorization_code': {
      const client = await authenticateClient(deps, request);
      if (!request.code)
        throw oauthError('invalid_request', 'code is required for grantType authorization_code.');
      return exchangeAuthorizationCode(deps, {
        client,
        code: request.code,
        ...(request.codeVerifier !== undefined ? { codeVerifier: request.codeVerifier } : {}),
        ...(request.redirectUri !== undefined ? { redirectUri: request.redirectUri } : {}),
      });
    }
    case 'authorized_client':
      return authorizedClientGrant(deps, request, context);
    case undefined:
      throw oauthError('invalid_request', `grantType is required: one of ${GRANT_TYPES.join(', ')}.`);
    default:
      throw oauthError('unsupported_grant_type', `grantType must be one of ${GRANT_TYPES.join(', ')}.`);
  }
}

/** The client named in the request; confidential clients must also prove their secret. */
async function authenticateClient(deps: IdentityDeps, request: TokenRequest): Promise<OAuthClient> {
  if (!request.clientId) throw oauthError('invalid_request', 'clientId is required.');
  const client = await findOAuthClient(deps.db, request.clientId);
  if (!client) {
    throw oauthError(
      'invalid_client',
      `No enabled OAuth client has id "${request.clientId}". Check the clientId your app is configured with.`,
    );
  }
  if (
    client.kind === 'confidential' &&
    !(await verifyClientSecret(deps.db, client.id, request.clientSecret))
  ) {
    throw oauthError(
      'invalid_client',
      'This client is confidential: send its secret as client_secret or with HTTP Basic authentication.',
    );
  }
  return client;
}

/**
 * authorized_client grant (wire-protocol.md §5.1, external login): a trusted backend that has already
 * authenticated the member asks for member tokens. Only an app or owner API key may do this, sent as
 * `Authorization: <visitorAccessToken>,<apiKey>` (or the key alone); the visitor token, when present,
 * ties the new member session to that visitor (cart merge). With `session_token` the member must be the
 * one a sign-on call just vouched for.
 */
async function authorizedClientGrant(
  deps: IdentityDeps,
  request: TokenRequest,
  context: TokenRequestContext,
): Promise<IssuedTokens> {
  const { caller } = context;
  const trusted =
    caller.kind === 'app' || (caller.kind === 'staff' && caller.role === 'owner' && caller.apiKeyId);
  if (!trusted) {
    throw oauthError(
      'unauthorized_client',
      'authorized_client needs an app or owner API key: send "Authorization: <visitorAccessToken>,<apiKey>".',
      caller.kind === 'anonymous' ? 401 : 403,
    );
  }
  if (!request.memberId)
    throw oauthError('invalid_request', 'member_id is required for grant_type authorized_client.');
  const now = deps.clock();
  const visitor =
    context.visitorToken && looksLikeJwt(context.visitorToken)
      ? await verifyAccessToken(deps, context.visitorToken, { issuer: deps.issuer, now })
      : undefined;
  if (
    context.visitorToken &&
    (!visitor || visitor.role === 'staff' || !(await deps.sessions.isActive(visitor.sessionId, now)))
  ) {
    throw oauthError(
      'invalid_grant',
      'The visitor access token before the comma is invalid or expired. Get a fresh one, or send the API key alone.',
    );
  }
  const clientId =
    request.clientId ??
    (visitor && visitor.role !== 'staff' ? visitor.clientId : undefined) ??
    (await findBundledClient(deps.db))?.id;
  const client = clientId ? await findOAuthClient(deps.db, clientId) : undefined;
  if (!client)
    throw oauthError(
      'invalid_client',
      'Name the OAuth client with client_id (no visitor token or default client to take it from).',
    );
  const member = await findIdentity(deps.db, request.memberId);
  if (member?.status !== 'ACTIVE') {
    throw oauthError('invalid_grant', `Member "${request.memberId}" does not exist or cannot sign in.`);
  }
  const visitorId = visitor && visitor.role !== 'staff' ? (visitor.visitorId ?? null) : null;
  const { session, refreshToken } = await deps.db.transaction(async (tx) => {
    // The trusted backend authenticated the member: with a sign-on's session token, when that happened;
    // without one, it vouches for the member now.
    let authenticatedDate: Date | null = now;
    if (request.sessionToken) {
      const token = await findLiveToken(tx, 'session', request.sessionToken, now, { forUpdate: true });
      if (!token || token.identityId !== member.id || !(await consumeToken(tx, token.tokenHash, now))) {
        throw oauthError(
          'invalid_grant',
          'session_token is invalid, expired, used, or belongs to another member.',
        );
      }
      authenticatedDate = authTimeOf(token.data);
    }
    return startMemberSession(deps, tx, {
      clientId: client.id,
      memberId: member.id,
      visitorId,
      authenticatedDate,
    });
  });
  return issuedFor(deps, session, refreshToken);
}
