import type { Tx } from '../../../db/client.js';
import type { IdentityDeps } from '../identity.deps.js';
import type { OAuthClient } from '../identity.schema.js';
import { findIdentity } from '../members/members.service.js';
import { authTimeData, authTimeOf } from '../sessions/sessions.service.js';
import { consumeToken, createIdentityToken, findLiveToken } from '../sign-in/identity-tokens.service.js';
import { issueAuthorizationCode } from './authorization-codes.service.js';
import type { BrowserReply } from './authorize.pages.js';
import { consentPage, oauthErrorPage } from './authorize.pages.js';
import { deliverResult } from './authorize-delivery.pages.js';
import { findOAuthClient } from './oauth-clients.service.js';

/** The authorize request a consent token stands for, until the member answers. */
export interface PendingAuthorization {
  clientId: string;
  redirectUri: string | null;
  codeChallenge: string | null;
  scope: string | null;
  state: string | null;
  responseMode: string;
}

/**
 * prompt=consent (OpenID Connect Core §3.1.2.1): after the member signed in, the code is not issued at
 * once. The request is parked under a single-use consent token (10 minutes) and the member sees what
 * the app asks for, with Allow and Deny.
 */
export async function askForConsent(
  deps: IdentityDeps,
  tx: Tx,
  input: {
    client: OAuthClient;
    request: PendingAuthorization;
    identityId: string;
    visitorId: string | null;
    email: string;
    /** The sign-in the request came with, for the code the member's Allow issues. */
    authenticatedDate: Date | null;
  },
): Promise<BrowserReply> {
  const consentToken = await createIdentityToken(tx, {
    purpose: 'consent',
    identityId: input.identityId,
    visitorId: input.visitorId,
    clientId: input.client.id,
    data: { ...input.request, ...authTimeData(input.authenticatedDate) },
    now: deps.clock(),
  });
  return consentPage({
    appName: input.client.name,
    storeName: await deps.storeName(),
    email: input.email,
    scopes: (input.request.scope ?? '').split(' ').filter(Boolean),
    consentToken,
    ...(input.request.redirectUri ? { redirectOrigin: new URL(input.request.redirectUri).origin } : {}),
  });
}

/**
 * POST /oauth2/consent: the member's answer. Allow issues the code the request asked for; Deny sends the
 * app `error=access_denied`. Either way the consent token is spent, so a second answer (another tab, a
 * double click) finds nothing to answer.
 */
export async function answerConsent(
  deps: IdentityDeps,
  input: { consentToken?: string; decision?: string },
): Promise<BrowserReply> {
  if (input.decision !== 'approve' && input.decision !== 'deny') {
    return oauthErrorPage('Cannot continue', 'decision must be approve or deny.');
  }
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const token = input.consentToken
      ? await findLiveToken(tx, 'consent', input.consentToken, now, { forUpdate: true })
      : undefined;
    if (!token || !(await consumeToken(tx, token.tokenHash, now))) return undefined;
    const request = token.data as unknown as PendingAuthorization;
    const client = await findOAuthClient(tx, request.clientId);
    if (!client) return undefined;
    if (input.decision === 'deny')
      return {
        client,
        request,
        result: { error: 'access_denied', error_description: 'The member did not allow this app.' },
      };
    const member = await findIdentity(tx, token.identityId);
    if (member?.status !== 'ACTIVE') return undefined;
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
    return { client, request, result: { code } };
  });
  if (!outcome) {
    return oauthErrorPage(
      'This request has expired',
      'It was already answered, or it waited too long. Go back to the app and sign in again.',
    );
  }
  const { client, request, result } = outcome;
  return deliverResult(client, request.responseMode, request.redirectUri ?? undefined, {
    ...result,
    ...(request.state ? { state: request.state } : {}),
  });
}
