import { AppError } from '../../../lib/http/errors.js';
import type { Caller } from '../../access/index.js';
import type { IdentityDeps } from '../identity.deps.js';
import { findIdentity } from '../members/members.service.js';
import { isHandedOver } from '../sessions/session-handover.service.js';
import { authTimeOf, revokeSessions } from '../sessions/sessions.service.js';
import { consumeToken, createIdentityToken, findLiveToken } from '../sign-in/identity-tokens.service.js';
import { issueAuthorizationCode, isValidCodeChallenge } from './authorization-codes.service.js';
import type { BrowserReply } from './authorize.pages.js';
import { loggedOutPage, oauthErrorPage, unregisteredRedirectPage } from './authorize.pages.js';
import { deliverResult } from './authorize-delivery.pages.js';
import { askForConsent, type PendingAuthorization } from './consent.service.js';
import { findOAuthClient } from './oauth-clients.service.js';
import { isAllowedReturnUrl, isRegisteredRedirectUri } from './redirect-uris.rules.js';

/** The storefront's hosted login page (built in the storefront issue); linked by path. */
export const LOGIN_PAGE_PATH = '/login';
export const RESPONSE_MODES = ['query', 'fragment', 'web_message'] as const;
export const PROMPTS = ['none', 'login', 'consent', 'select_account'] as const;
type Prompt = (typeof PROMPTS)[number];

/**
 * OpenID Connect's `prompt` (Core §3.1.2.1): a space-separated set; `none` may not be combined. No
 * prompt is the public client's default, login. Undefined when the value breaks those rules.
 */
export function parsePrompt(value: string | undefined): Set<Prompt> | undefined {
  const words = (value ?? 'login').split(' ').filter(Boolean);
  if (words.length === 0) return new Set(['login']);
  if (!words.every((word): word is Prompt => (PROMPTS as readonly string[]).includes(word))) return undefined;
  const prompts = new Set(words);
  return prompts.has('none') && prompts.size > 1 ? undefined : prompts;
}
const ALLOWED_SCOPES = new Set(['offline_access', 'openid']);

export interface AuthorizeParams {
  clientId?: string;
  redirectUri?: string;
  responseType?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  state?: string;
  scope?: string;
  responseMode?: string;
  prompt?: string;
  sessionToken?: string;
}

/**
 * GET /oauth2/authorize (RFC 6749 §4.1 with PKCE): a valid session token (from login/register) is
 * exchanged for a single-use code delivered by query, fragment or postMessage; without one the browser
 * goes to the hosted login page (or, with prompt=none, gets `login_required`). The hosted login page
 * reads the prompt too: `select_account` offers the account signed in there ("continue as"), `login`
 * always asks for the password. With `consent` the signed-in member approves or denies the app first.
 * Problems with the client or redirect URI are shown as a page (400): nothing is ever sent to a URI the
 * client has not registered, and the redirect URI is compared exactly (ADR 029).
 */
export async function authorize(
  deps: IdentityDeps,
  params: AuthorizeParams,
  requestPath: string,
): Promise<BrowserReply> {
  const client = params.clientId ? await findOAuthClient(deps.db, params.clientId) : undefined;
  if (!client)
    return oauthErrorPage(
      'Unknown app',
      'The app that sent you here is not registered with this store (client_id).',
    );
  const mode = params.responseMode ?? 'query';
  if (!(RESPONSE_MODES as readonly string[]).includes(mode)) {
    return oauthErrorPage('Cannot sign in', `response_mode must be one of ${RESPONSE_MODES.join(', ')}.`);
  }
  if (params.redirectUri !== undefined && !isRegisteredRedirectUri(client, params.redirectUri)) {
    return unregisteredRedirectPage();
  }
  if (mode !== 'web_message' && params.redirectUri === undefined) {
    return oauthErrorPage('Cannot sign in', 'redirect_uri is required.');
  }
  const deliver = (result: Record<string, string | undefined>): BrowserReply =>
    deliverResult(client, mode, params.redirectUri, {
      ...result,
      ...(params.state ? { state: params.state } : {}),
    });

  if (params.responseType !== 'code') {
    return deliver({
      error: 'unsupported_response_type',
      error_description: 'response_type must be "code".',
    });
  }
  const scopes = (params.scope ?? '').split(/\s+/).filter(Boolean);
  if (scopes.some((scope) => !ALLOWED_SCOPES.has(scope))) {
    return deliver({
      error: 'invalid_scope',
      error_description: 'scope may contain offline_access (and openid) only.',
    });
  }
  if (params.codeChallenge !== undefined || params.codeChallengeMethod !== undefined) {
    if ((params.codeChallengeMethod ?? 'plain') !== 'S256') {
      return deliver({ error: 'invalid_request', error_description: 'code_challenge_method must be S256.' });
    }
    if (!params.codeChallenge || !isValidCodeChallenge(params.codeChallenge)) {
      return deliver({
        error: 'invalid_request',
        error_description: 'code_challenge must be base64url(SHA-256(code_verifier)), 43 characters.',
      });
    }
  } else if (client.kind === 'public') {
    return deliver({
      error: 'invalid_request',
      error_description: 'code_challenge (PKCE S256) is required for this app.',
    });
  }

  const prompts = parsePrompt(params.prompt);
  if (!prompts) {
    return deliver({
      error: 'invalid_request',
      error_description:
        'prompt must be none, or any of login, consent and select_account (space-separated); none stands alone.',
    });
  }
  const request: PendingAuthorization = {
    clientId: client.id,
    redirectUri: params.redirectUri ?? null,
    codeChallenge: params.codeChallenge ?? null,
    scope: scopes.join(' ') || null,
    state: params.state ?? null,
    responseMode: mode,
  };
  const now = deps.clock();
  const signedIn = params.sessionToken
    ? await deps.db.transaction(async (tx): Promise<BrowserReply | undefined> => {
        const token = await findLiveToken(tx, 'session', params.sessionToken as string, now, {
          forUpdate: true,
        });
        if (!token || (token.clientId && token.clientId !== client.id)) return undefined;
        // prompt=login asks for a fresh sign-in: a token handed over from a signed-in session is not one.
        if (prompts.has('login') && isHandedOver(token.data)) return undefined;
        const member = await findIdentity(tx, token.identityId);
        if (member?.status !== 'ACTIVE' || !(await consumeToken(tx, token.tokenHash, now))) return undefined;
        if (prompts.has('consent')) {
          return askForConsent(deps, tx, {
            client,
            request,
            identityId: member.id,
            visitorId: token.visitorId,
            email: member.email,
            authenticatedDate: authTimeOf(token.data),
          });
        }
        const code = await issueAuthorizationCode(tx, {
          clientId: client.id,
          redirectUri: request.redirectUri,
          codeChallenge: request.codeChallenge,
          identityId: member.id,
          visitorId: token.visitorId,
          scope: request.scope,
          authenticatedDate: authTimeOf(token.data),
          now,
        });
        return deliver({ code });
      })
    : undefined;
  if (signedIn) return signedIn;
  if (prompts.has('none')) {
    return deliver({
      error: 'login_required',
      error_description: 'No valid session token: the member must log in.',
    });
  }
  // Back to this same request once the member has logged in, without the spent or invalid token.
  const returnTo = new URL(requestPath, 'http://local');
  returnTo.searchParams.delete('sessionToken');
  returnTo.searchParams.delete('session_token');
  return {
    redirect: `${LOGIN_PAGE_PATH}?returnTo=${encodeURIComponent(returnTo.pathname + returnTo.search)}`,
  };
}

/**
 * A token for the logout page: lets a browser that navigates to /oauth2/logout (without the app's
 * Authorization header) end the session that created the logout redirect session.
 */
export async function createLogoutToken(deps: IdentityDeps, caller: Caller): Promise<string | undefined> {
  if (caller.kind !== 'member' && caller.kind !== 'visitor') return undefined;
  return createIdentityToken(deps.db, {
    purpose: 'logout',
    identityId: caller.kind === 'member' ? caller.memberId : caller.visitorId,
    data: { sessionId: caller.sessionId },
    now: deps.clock(),
  });
}

/** Ends a shopper session (logout): its refresh token and access tokens stop working. */
export async function endSession(deps: IdentityDeps, sessionId: string, reason = 'logout'): Promise<void> {
  const revoked = await revokeSessions(deps.db, [sessionId], reason, deps.clock());
  deps.sessions.markRevoked(revoked);
}

/**
 * authentication/v1/logout (API): ends the caller's session and names where to go next, which must be
 * registered for the client when given.
 */
export async function logoutCaller(
  deps: IdentityDeps,
  caller: Caller,
  params: { postLogoutRedirectUri?: string; clientId?: string },
): Promise<string> {
  const client = params.clientId ? await findOAuthClient(deps.db, params.clientId) : undefined;
  if (
    params.postLogoutRedirectUri &&
    !isAllowedReturnUrl(deps.config.publicUrl, client, params.postLogoutRedirectUri)
  ) {
    throw new AppError('INVALID_REDIRECT_URI', 'Redirect not allowed', {
      status: 400,
      description:
        'postLogoutRedirectUri must be on this store, or be a redirect URI or on an allowed origin of the OAuth client named by clientId.',
    });
  }
  if (caller.kind === 'member' || caller.kind === 'visitor') await endSession(deps, caller.sessionId);
  return params.postLogoutRedirectUri ?? '/';
}

/**
 * GET /oauth2/logout: ends the session named by the logout token (if any) and sends the browser to the
 * post-logout URI, which must be registered for the client; otherwise shows a "logged out" page.
 */
export async function logoutPage(
  deps: IdentityDeps,
  params: { clientId?: string; postLogoutRedirectUri?: string; logoutToken?: string },
): Promise<BrowserReply> {
  const client = params.clientId ? await findOAuthClient(deps.db, params.clientId) : undefined;
  if (
    params.postLogoutRedirectUri &&
    !isAllowedReturnUrl(deps.config.publicUrl, client, params.postLogoutRedirectUri)
  ) {
    return oauthErrorPage(
      'Logged out?',
      'The address to return to is not registered for this app, so this store will not send you there.',
    );
  }
  if (params.logoutToken) {
    const now = deps.clock();
    const sessionId = await deps.db.transaction(async (tx) => {
      const token = await findLiveToken(tx, 'logout', params.logoutToken as string, now, { forUpdate: true });
      if (!token || !(await consumeToken(tx, token.tokenHash, now))) return undefined;
      return String((token.data as { sessionId?: string }).sessionId ?? '');
    });
    if (sessionId) await endSession(deps, sessionId);
  }
  return params.postLogoutRedirectUri
    ? { redirect: params.postLogoutRedirectUri }
    : loggedOutPage(await deps.storeName());
}

/**
 * authentication/v1/callback: where a hosted login page sends the browser after a successful login.
 * `state` is the authorize request it came from (a path on this server); the session token is added and
 * the browser continues there. Anything else is refused, so this is no open redirect.
 */
export function loginCallback(params: { state?: string; sessionToken?: string }): BrowserReply {
  if (!params.state?.startsWith('/oauth2/authorize?') || !params.sessionToken) {
    return oauthErrorPage(
      'Cannot continue',
      'state must be the /oauth2/authorize request the login started from, and sessionToken is required.',
    );
  }
  const target = new URL(params.state, 'http://local');
  target.searchParams.set('sessionToken', params.sessionToken);
  return { redirect: target.pathname + target.search };
}
