import { createHash, randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { TestApp } from './index.js';

/** Helpers for identity flows over real HTTP (app.inject), shared by the identity and redirect suites. */

export const SHOP_ORIGIN = 'https://shop.example';
export const SHOP_CALLBACK = `${SHOP_ORIGIN}/callback`;

export async function createClient(
  t: TestApp,
  ownerKey: string,
  options: {
    kind?: 'public' | 'confidential';
    redirectUris?: string[];
    allowedOrigins?: string[];
    allowAnyRedirectPathOnAllowedOrigins?: boolean;
  } = {},
): Promise<{ clientId: string; clientSecret?: string }> {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/admin-api/v1/oauth-clients',
    headers: { authorization: ownerKey },
    payload: {
      name: 'Test shop',
      kind: options.kind ?? 'public',
      redirectUris: options.redirectUris ?? [SHOP_CALLBACK],
      allowedOrigins: options.allowedOrigins ?? [SHOP_ORIGIN],
      ...(options.allowAnyRedirectPathOnAllowedOrigins === undefined
        ? {}
        : { allowAnyRedirectPathOnAllowedOrigins: options.allowAnyRedirectPathOnAllowedOrigins }),
    },
  });
  if (reply.statusCode !== 200) throw new Error(`creating the client failed: ${reply.body}`);
  const body = reply.json();
  return { clientId: body.oauthClient.id, ...(body.clientSecret ? { clientSecret: body.clientSecret } : {}) };
}

export async function setSettings(
  t: TestApp,
  ownerKey: string,
  patch: Record<string, unknown>,
): Promise<void> {
  const reply = await t.app.inject({
    method: 'PATCH',
    url: '/admin-api/v1/identity-settings',
    headers: { authorization: ownerKey },
    payload: patch,
  });
  if (reply.statusCode !== 200) throw new Error(`settings failed: ${reply.body}`);
}

export interface TokenReply {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  refresh_token_role: 'visitor' | 'member';
}

export async function token(
  t: TestApp,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: 'POST', url: '/oauth2/token', payload, headers });
}

export async function visitorTokens(t: TestApp, clientId: string): Promise<TokenReply> {
  const reply = await token(t, { clientId, grantType: 'anonymous' });
  if (reply.statusCode !== 200) throw new Error(`visitor tokens failed: ${reply.body}`);
  return reply.json();
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url'); // 43 characters
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/**
 * The newest message to an address in the development mailbox (no SMTP_URL), waiting for it: some flows
 * send their mail after the reply (recovery must answer as fast for unknown addresses), so it may land a
 * moment after the request that caused it.
 */
async function newestMailText(t: TestApp, email: string, found: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const reply = await t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
    const text: string = reply.json().messages[0]?.text ?? '';
    if (found(text) || Date.now() > deadline) return text;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The newest code e-mailed to an address. */
export async function mailboxCode(t: TestApp, email: string): Promise<string> {
  const text = await newestMailText(t, email, (candidate) => /code is (\d{6})/.test(candidate));
  const code = /code is (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code e-mailed to ${email}`);
  return code;
}

/** The first link of the newest e-mail to an address. */
export async function mailboxLink(t: TestApp, email: string): Promise<URL> {
  const text = await newestMailText(t, email, (candidate) => /https?:\/\/\S+/.test(candidate));
  const link = /(https?:\/\/\S+)/.exec(text)?.[1];
  if (!link) throw new Error(`no link e-mailed to ${email}`);
  return new URL(link);
}

/** Fetches a captcha challenge for a site key and solves it as the ALTCHA widget does; the token to send. */
export async function solvedCaptcha(t: TestApp, siteKey = 'openshelf-invisible'): Promise<string> {
  const challenge = (await t.app.inject(`/_api/iam/captcha/v1/challenge?siteKey=${siteKey}`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function post(t: TestApp, url: string, payload: unknown, authorization?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: authorization ? { authorization } : {},
  });
}

/** Registers (and verifies, if the store asks for it) a member; returns the session token. */
export async function registerMember(
  t: TestApp,
  input: { email: string; password?: string; visitorToken?: string; profile?: Record<string, unknown> },
): Promise<{ sessionToken: string; memberId: string }> {
  const reply = await post(
    t,
    '/_api/iam/authentication/v2/register',
    {
      loginId: { email: input.email },
      password: input.password ?? 'secret123',
      profile: input.profile ?? {},
    },
    input.visitorToken,
  );
  let body = reply.json();
  if (reply.statusCode !== 200) throw new Error(`register failed: ${reply.body}`);
  if (body.state === 'REQUIRE_EMAIL_VERIFICATION') {
    const code = await mailboxCode(t, input.email);
    const verified = await post(
      t,
      '/_api/iam/verification/v1/auth/verify',
      { code, stateToken: body.stateToken },
      input.visitorToken,
    );
    body = verified.json();
  }
  if (body.state !== 'SUCCESS') throw new Error(`registration ended in ${body.state}`);
  return { sessionToken: body.sessionToken, memberId: body.identity.id };
}

/** session token → /oauth2/authorize (query mode) → code. */
export async function authorizeCode(
  t: TestApp,
  input: { clientId: string; sessionToken: string; challenge?: string; redirectUri?: string; state?: string },
): Promise<string> {
  const params = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: input.redirectUri ?? SHOP_CALLBACK,
    response_type: 'code',
    response_mode: 'query',
    scope: 'offline_access',
    state: input.state ?? 'st',
    prompt: 'none',
    sessionToken: input.sessionToken,
    ...(input.challenge ? { code_challenge: input.challenge, code_challenge_method: 'S256' } : {}),
  });
  const reply = await t.app.inject(`/oauth2/authorize?${params}`);
  const location = String(reply.headers.location ?? '');
  const code = new URL(location || 'http://x/').searchParams.get('code');
  if (reply.statusCode !== 302 || !code)
    throw new Error(`authorize gave no code: ${reply.statusCode} ${location} ${reply.body}`);
  return code;
}

/** A logged-in member's tokens: register (or use the session token given) → authorize → code exchange. */
export async function memberTokens(
  t: TestApp,
  input: { clientId: string; sessionToken: string; redirectUri?: string },
): Promise<TokenReply> {
  const { verifier, challenge } = pkcePair();
  const redirectUri = input.redirectUri ?? SHOP_CALLBACK;
  const code = await authorizeCode(t, {
    clientId: input.clientId,
    sessionToken: input.sessionToken,
    challenge,
    redirectUri,
  });
  const reply = await token(t, {
    clientId: input.clientId,
    grantType: 'authorization_code',
    code,
    codeVerifier: verifier,
    redirectUri,
  });
  if (reply.statusCode !== 200) throw new Error(`code exchange failed: ${reply.body}`);
  return reply.json();
}
