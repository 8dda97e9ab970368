import querystring from 'node:querystring';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import Type from 'typebox';
import { AppError, toErrorReply } from '../../../lib/http/errors.js';
import { mountOnPrefixes } from '../../../lib/http/prefixes.js';
import type { IdentityDeps } from '../identity.deps.js';
import { sendBrowserReply } from '../identity.http.js';
import { looksLikeJwt, verifyAccessToken } from '../sessions/access-tokens.service.js';
import { GRANT_TYPES, handleTokenRequest, type TokenRequest } from '../sessions/token-endpoint.service.js';
import { authorize, logoutPage } from './authorize.service.js';
import { answerConsent } from './consent.service.js';
import {
  AuthorizeQuery,
  JwksResponse,
  LogoutPageQuery,
  ServerMetadata,
  TokenErrorResponse,
  TokenInfoRequest,
  TokenInfoResponse,
  TokenRequestBody,
  TokenResponse,
} from './oauth.contract.js';

const tags = ['identity: oauth2'];

/** The public keys, at the path our metadata names and at the conventional one. */
const jwksRoute: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  app.get(
    '',
    {
      schema: {
        summary: 'Public keys that sign access tokens (JWKS)',
        tags,
        response: { 200: JwksResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return deps.keys.jwks();
    },
  );
};

/** The server's metadata, at RFC 8414's path and OpenID Connect's. */
const serverMetadataRoute: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  app.get(
    '',
    {
      schema: {
        summary: 'Authorization server metadata (RFC 8414)',
        tags,
        response: { 200: ServerMetadata },
      },
    },
    async () => {
      const base = deps.config.publicUrl;
      return {
        issuer: deps.issuer,
        authorization_endpoint: `${base}/oauth2/authorize`,
        token_endpoint: `${base}/oauth2/token`,
        jwks_uri: `${base}/oauth2/jwks`,
        end_session_endpoint: `${base}/oauth2/logout`,
        introspection_endpoint: `${base}/oauth2/token-info`,
        response_types_supported: ['code'],
        response_modes_supported: ['query', 'fragment', 'web_message'],
        grant_types_supported: [...GRANT_TYPES],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
        scopes_supported: ['offline_access'],
        prompt_values_supported: ['login', 'none', 'consent', 'select_account'],
      };
    },
  );
};

/** The OAuth 2 authorization server: token, authorize, logout, keys and metadata (ADR 005). */
export const oauthRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  // Standard OAuth clients post forms; this parser applies inside this plugin only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, querystring.parse(String(body))),
  );

  app.post(
    '/oauth2/token',
    {
      schema: {
        summary: 'Token endpoint: anonymous, refresh_token, authorization_code, authorized_client',
        tags,
        body: TokenRequestBody,
        response: { 200: TokenResponse, '4xx': TokenErrorResponse },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const basic = basicCredentials(request);
      const tokenRequest: TokenRequest = {
        grantType: b.grantType ?? b.grant_type,
        clientId: b.clientId ?? b.client_id ?? basic?.clientId,
        clientSecret: b.clientSecret ?? b.client_secret ?? basic?.clientSecret,
        refreshToken: b.refreshToken ?? b.refresh_token,
        code: b.code,
        codeVerifier: b.codeVerifier ?? b.code_verifier,
        redirectUri: b.redirectUri ?? b.redirect_uri,
        scope: b.scope,
        memberId: b.memberId ?? b.member_id,
        sessionToken: b.sessionToken ?? b.session_token,
      };
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      try {
        const tokens = await handleTokenRequest(deps, tokenRequest, {
          caller: request.caller,
          visitorToken: visitorTokenOf(request),
          ip: request.ip,
        });
        return {
          access_token: tokens.accessToken,
          refresh_token: tokens.refreshToken,
          expires_in: tokens.expiresIn,
          token_type: 'Bearer' as const,
          refresh_token_role: tokens.role,
        };
      } catch (error) {
        // RFC 6749 §5.2 clients read a top-level `error`; the protocol's clients read `details`. Both are sent.
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        const mapped = toErrorReply(error, request.id);
        const code = typeof error.data.error === 'string' ? error.data.error : 'invalid_request';
        // Refused by the per-IP limit on visitor tokens: say when to come back, as other 429s do.
        if (typeof error.data.retryAfterSeconds === 'number')
          reply.header('retry-after', String(error.data.retryAfterSeconds));
        return reply.code(mapped.status as 400).send({
          message: mapped.body.message,
          details: mapped.body.details,
          error: code,
          error_description: error.description,
        });
      }
    },
  );

  await mountOnPrefixes(app, jwksRoute, { deps }, ['/oauth2/jwks', '/.well-known/jwks.json']);
  await mountOnPrefixes(app, serverMetadataRoute, { deps }, [
    '/.well-known/oauth-authorization-server',
    '/.well-known/openid-configuration',
  ]);

  app.post(
    '/oauth2/token-info',
    {
      schema: {
        summary: 'What an access token says (introspection)',
        tags,
        body: TokenInfoRequest,
        response: { 200: TokenInfoResponse },
      },
    },
    async (request) => {
      const { token } = request.body;
      const now = deps.clock();
      const claims = looksLikeJwt(token)
        ? await verifyAccessToken(deps, token, { issuer: deps.issuer, now })
        : undefined;
      if (!claims || !(await deps.sessions.isActive(claims.sessionId, now))) return { active: false };
      const issuedAt = decodeJwt(token).iat;
      return {
        active: true,
        subjectType: claims.role === 'staff' ? 'USER' : claims.role.toUpperCase(),
        subjectId:
          claims.role === 'member'
            ? claims.memberId
            : claims.role === 'visitor'
              ? claims.visitorId
              : claims.staffId,
        exp: String(claims.expiresAt),
        ...(issuedAt ? { iat: String(issuedAt) } : {}),
        ...(claims.role !== 'staff'
          ? { clientId: claims.clientId, ...(await deps.site.ids(claims.clientId)) }
          : {}),
      };
    },
  );

  app.get(
    '/oauth2/authorize',
    {
      schema: {
        summary: 'Authorize (browser): session token → code, or the hosted login page',
        tags,
        querystring: AuthorizeQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const result = await authorize(
        deps,
        {
          clientId: q.client_id ?? q.clientId,
          redirectUri: q.redirect_uri ?? q.redirectUri,
          responseType: q.response_type ?? q.responseType,
          codeChallenge: q.code_challenge ?? q.codeChallenge,
          codeChallengeMethod: q.code_challenge_method ?? q.codeChallengeMethod,
          state: q.state,
          scope: q.scope,
          responseMode: q.response_mode ?? q.responseMode,
          prompt: q.prompt,
          sessionToken: q.sessionToken ?? q.session_token,
        },
        request.url,
      );
      return sendBrowserReply(reply, result);
    },
  );

  app.post(
    '/oauth2/consent',
    {
      schema: {
        summary:
          'The member’s answer to an app’s request (prompt=consent): approve → code, deny → access_denied',
        tags,
        body: Type.Object({
          consent_token: Type.Optional(Type.String({ maxLength: 200 })),
          decision: Type.Optional(Type.String({ maxLength: 20 })),
        }),
      },
    },
    async (request, reply) =>
      sendBrowserReply(
        reply,
        await answerConsent(deps, {
          consentToken: request.body.consent_token,
          decision: request.body.decision,
        }),
      ),
  );

  app.get(
    '/oauth2/logout',
    {
      schema: {
        summary: 'Logout (browser): ends the session and returns to the client',
        tags,
        querystring: LogoutPageQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const result = await logoutPage(deps, {
        clientId: q.client_id ?? q.clientId,
        postLogoutRedirectUri: q.post_logout_redirect_uri ?? q.postLogoutRedirectUri ?? q.postFlowUrl,
        logoutToken: q.logout_token,
      });
      return sendBrowserReply(reply, result);
    },
  );
};

/** RFC 6749 §2.3.1 client authentication: `Authorization: Basic base64(urlencode(id):urlencode(secret))`. */
function basicCredentials(request: FastifyRequest): { clientId: string; clientSecret: string } | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon)),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  } catch {
    return undefined;
  }
}

/** The visitor half of `Authorization: <visitorAccessToken>,<apiKey>`. */
function visitorTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const comma = header?.lastIndexOf(',') ?? -1;
  if (!header || comma < 0) return undefined;
  const token = header
    .slice(0, comma)
    .replace(/^Bearer\s+/, '')
    .trim();
  return token || undefined;
}
