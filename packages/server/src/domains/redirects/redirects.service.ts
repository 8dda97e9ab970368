import { AppError, invalidField } from '../../lib/http/errors.js';
import { randomToken } from '../../lib/ids.js';
import type { Caller } from '../access/index.js';
import { readCheckout } from '../checkout/index.js';
import type { IdentityDeps, OAuthClient } from '../identity/index.js';
import {
  clientOfCaller,
  createLogoutToken,
  findOAuthClient,
  isRegisteredRedirectUri,
  newOpaqueToken,
  sha256,
} from '../identity/index.js';
import { planOnSale } from '../plans/index.js';
import { type CallbackField, pageUrl, verifiedCallbacks } from './redirect-urls.rules.js';
import { type MemberAccountSection, type RedirectKind, redirectSessions } from './redirects.schema.js';

/**
 * A redirect session's URL is opened right after it is made (the app redirects the browser to it): it
 * works once, within this time, so a URL that leaks later (history, logs, a shared link) is worthless.
 */
const SESSION_TTL_MS = 15 * 60 * 1000;
const INTENTS = [
  'bookingsCheckout',
  'ecomCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'login',
  'logout',
  'auth',
  'storesProduct',
  'bookingsBook',
  'ecomOrderPaymentRequest',
  'memberAccountPage',
] as const;
type Intent = (typeof INTENTS)[number];
/** Features this store does not have: asking for their pages is a clear 400, not a broken link. */
const NOT_OFFERED: Partial<Record<Intent, string>> = {
  bookingsCheckout: 'bookings',
  bookingsBook: 'bookings',
  eventsCheckout: 'events',
  ecomOrderPaymentRequest: 'order payment requests',
};

const OFFERED =
  'ecomCheckout, paidPlansCheckout, login, logout, auth, storesProduct, memberAccountPage (ACCOUNT_INFO, ORDERS, SUBSCRIPTIONS), preferences, callbacks';

/** Pages of the members account by section; the others are features this store does not have. */
const ACCOUNT_PAGES: Partial<Record<MemberAccountSection, string>> = {
  ACCOUNT_INFO: '/account',
  ORDERS: '/account/orders',
  SUBSCRIPTIONS: '/account/subscriptions',
};
const ACCOUNT_SECTIONS_NOT_OFFERED: Partial<Record<MemberAccountSection, string>> = {
  BOOKINGS: 'bookings',
  EVENTS: 'events',
};

/** A redirect-session request in domain terms (the edge drops nulls). */
export interface RedirectRequest {
  ecomCheckout?: { checkoutId?: string };
  login?: Record<string, unknown>;
  logout?: { clientId?: string };
  auth?: { authRequest?: Record<string, string | undefined>; prompt?: string };
  storesProduct?: { productSlug?: string };
  bookingsCheckout?: Record<string, unknown>;
  eventsCheckout?: Record<string, unknown>;
  paidPlansCheckout?: { planId?: string; checkoutData?: string };
  memberAccountPage?: { section?: MemberAccountSection };
  bookingsBook?: Record<string, unknown>;
  ecomOrderPaymentRequest?: Record<string, unknown>;
  callbacks?: Partial<Record<CallbackField, string>>;
  preferences?: { additionalQueryParameters?: Record<string, string> };
}

export interface RedirectSession {
  id: string;
  kind: RedirectKind;
  fullUrl: string;
  endpoint: string;
  searchParams: Record<string, string>;
  sessionToken: string;
  shortId: string;
  shortUrl: string;
}

/**
 * Creates a redirect session (spec §2) pointing at this server's own hosted pages. Every URL a client
 * asks us to send the browser back to must be registered for its OAuth client or lie on this store's
 * own origin (open-redirect protection).
 */
export async function createRedirectSession(
  deps: IdentityDeps,
  caller: Caller,
  request: RedirectRequest,
): Promise<RedirectSession> {
  const intents = INTENTS.filter((intent) => request[intent] !== undefined);
  if (intents.length > 1) {
    throw invalidField(
      intents[1] as string,
      'ONE_OF_ALIGNMENT',
      `only one intent per redirect session (got ${intents.join(', ')})`,
    );
  }
  const intent = intents[0];
  if (intent && NOT_OFFERED[intent]) {
    throw new AppError('FAILED_PRECONDITION', `This store does not offer ${NOT_OFFERED[intent]}`, {
      status: 400,
      description: `${intent} pages do not exist here: this store has no ${NOT_OFFERED[intent]}. Offered: ${OFFERED}.`,
      data: { intent },
    });
  }
  const base = deps.config.publicUrl;
  const client = await callerClient(deps, caller, request);
  const callbacks = verifiedCallbacks(deps, client, request.callbacks ?? {});
  const sessionToken = newOpaqueToken('osrs_');
  let kind: RedirectKind;
  let target: URL;

  switch (intent) {
    case 'auth': {
      kind = 'auth';
      const auth = request.auth?.authRequest ?? {};
      const authClient = auth.clientId ? await findOAuthClient(deps.db, auth.clientId) : undefined;
      if (!authClient)
        throw invalidField(
          'auth.authRequest.clientId',
          'REQUIRED_FIELD',
          'must be the id of an enabled OAuth client',
        );
      // The code travels to this URI: it must be registered exactly (ADR 029), not merely on an origin.
      if (auth.redirectUri && !isRegisteredRedirectUri(authClient, auth.redirectUri)) {
        throw invalidField(
          'auth.authRequest.redirectUri',
          'FORMAT',
          authClient.allowAnyRedirectPathOnAllowedOrigins
            ? "must be one of the OAuth client's redirect URIs, or a URL on one of its allowed origins"
            : "must be exactly one of the OAuth client's registered redirect URIs (compared character for character; any port on http://127.0.0.1 or http://[::1])",
        );
      }
      target = new URL(`${base}/oauth2/authorize`);
      const params: Record<string, string | undefined> = {
        client_id: authClient.id,
        redirect_uri: auth.redirectUri,
        response_type: auth.responseType ?? 'code',
        scope: auth.scope,
        state: auth.state,
        code_challenge: auth.codeChallenge,
        code_challenge_method: auth.codeChallengeMethod,
        response_mode: auth.responseMode,
        prompt: request.auth?.prompt ?? auth.prompt ?? 'login',
        sessionToken: auth.sessionToken,
      };
      for (const [key, value] of Object.entries(params)) if (value) target.searchParams.set(key, value);
      break;
    }
    case 'logout': {
      kind = 'logout';
      // The client named by logout.clientId, else the caller's (callerClient); the way back was verified
      // against it with the other callbacks.
      if (request.logout?.clientId && !client) {
        throw invalidField('logout.clientId', 'REQUIRED_FIELD', 'must be the id of an enabled OAuth client');
      }
      const back = callbacks.postFlowUrl;
      target = new URL(`${base}/oauth2/logout`);
      if (client) target.searchParams.set('client_id', client.id);
      if (back) target.searchParams.set('post_logout_redirect_uri', back);
      const logoutToken = await createLogoutToken(deps, caller);
      if (logoutToken) target.searchParams.set('logout_token', logoutToken);
      break;
    }
    case 'ecomCheckout': {
      kind = 'ecomCheckout';
      const checkoutId = request.ecomCheckout?.checkoutId?.trim();
      if (!checkoutId) throw invalidField('ecomCheckout.checkoutId', 'REQUIRED_FIELD', 'is required');
      // Only a checkout the caller may open (404 otherwise, as getCheckout answers): the page acts as them.
      await readCheckout(deps.db, checkoutId, caller);
      target = pageUrl(base, `/checkout/${encodeURIComponent(checkoutId)}`, sessionToken);
      break;
    }
    case 'storesProduct': {
      kind = 'storesProduct';
      const slug = request.storesProduct?.productSlug?.trim();
      if (!slug) throw invalidField('storesProduct.productSlug', 'REQUIRED_FIELD', 'is required');
      target = pageUrl(base, `/products/${encodeURIComponent(slug)}`, sessionToken);
      break;
    }
    case 'login':
      kind = 'login';
      target = pageUrl(base, '/login', sessionToken);
      break;
    case 'paidPlansCheckout': {
      kind = 'paidPlansCheckout';
      const planId = request.paidPlansCheckout?.planId?.trim();
      if (!planId) throw invalidField('paidPlansCheckout.planId', 'REQUIRED_FIELD', 'is required');
      // A plan that is not on sale is a 404 now, not a broken page later.
      await planOnSale(deps.db, planId);
      target = pageUrl(base, `/plan-checkout/${encodeURIComponent(planId)}`, sessionToken);
      break;
    }
    case 'memberAccountPage': {
      kind = 'memberAccountPage';
      const section = request.memberAccountPage?.section ?? 'ACCOUNT_INFO';
      const missing = ACCOUNT_SECTIONS_NOT_OFFERED[section];
      if (missing) {
        throw new AppError('FAILED_PRECONDITION', `This store does not offer ${missing}`, {
          status: 400,
          description: `The members account has no ${section} section here: this store has no ${missing}. Sections: ACCOUNT_INFO, ORDERS, SUBSCRIPTIONS.`,
          data: { intent, section },
        });
      }
      // A visitor's link leads to the login page first, then to the section (the pages ask for a member).
      target = pageUrl(base, ACCOUNT_PAGES[section] ?? '/account', sessionToken);
      break;
    }
    default:
      if (request.preferences) {
        // The platform has no intent for it: `preferences` with no intent (callbacks are its way back)
        // names the preferences page; beside an intent it stays that intent's options (ADR 028).
        kind = 'preferences';
        target = pageUrl(base, '/preferences', sessionToken);
        break;
      }
      // No page of ours: straight back to the app. Nothing else may stand in for an intent not named.
      kind = 'callbacks';
      if (!callbacks.postFlowUrl) {
        throw invalidField(
          '(body)',
          'REQUIRED_FIELD',
          `name one intent: ${INTENTS.filter((i) => !NOT_OFFERED[i]).join(', ')}, preferences (the preferences page), or callbacks.postFlowUrl`,
        );
      }
      target = new URL(callbacks.postFlowUrl);
  }
  for (const [key, value] of Object.entries(request.preferences?.additionalQueryParameters ?? {})) {
    if (!target.searchParams.has(key)) target.searchParams.set(key, value);
  }
  return store(deps, caller, { kind, target, sessionToken, clientId: client?.id, callbacks, request });
}

async function store(
  deps: IdentityDeps,
  caller: Caller,
  input: {
    kind: RedirectKind;
    target: URL;
    sessionToken: string;
    clientId?: string;
    callbacks: Record<string, string>;
    request: RedirectRequest;
  },
): Promise<RedirectSession> {
  const now = deps.clock();
  const shortId = randomToken(10);
  const [row] = await deps.db
    .insert(redirectSessions)
    .values({
      shortId,
      kind: input.kind,
      clientId: input.clientId ?? null,
      visitorId: caller.kind === 'visitor' || caller.kind === 'member' ? (caller.visitorId ?? null) : null,
      memberId: caller.kind === 'member' ? caller.memberId : null,
      sessionId: caller.kind === 'visitor' || caller.kind === 'member' ? caller.sessionId : null,
      sessionTokenHash: sha256(input.sessionToken),
      fullUrl: input.target.toString(),
      params: { ...input.request, auth: undefined } as Record<string, unknown>,
      callbacks: input.callbacks,
      createdDate: now,
      expiresDate: new Date(now.getTime() + SESSION_TTL_MS),
    })
    .returning({ id: redirectSessions.id });
  const endpoint = `${input.target.origin}${input.target.pathname}`;
  return {
    id: (row as { id: string }).id,
    kind: input.kind,
    fullUrl: input.target.toString(),
    endpoint,
    searchParams: Object.fromEntries(input.target.searchParams),
    sessionToken: input.sessionToken,
    shortId,
    shortUrl: `${deps.config.publicUrl}/r/${shortId}`,
  };
}

/** The OAuth client behind the request: named in it, or the one the caller's session was issued to. */
async function callerClient(
  deps: IdentityDeps,
  caller: Caller,
  request: RedirectRequest,
): Promise<OAuthClient | undefined> {
  const named = request.logout?.clientId ?? request.auth?.authRequest?.clientId;
  if (named) return findOAuthClient(deps.db, named);
  return clientOfCaller(deps.db, caller);
}
