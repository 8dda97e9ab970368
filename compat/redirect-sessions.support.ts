import { checkout, currentCart, orders, recommendations } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy, type Tokens } from '@wix/sdk';
import { products } from '@wix/stores';
import { expect } from 'vitest';
import { mailboxCode, uniqueEmail } from '../packages/server/src/testing/identity.js';
import { routeWixSdkTo } from '../packages/server/src/testing/wix-sdk.js';
import { registerApp, startStore } from './fixture.js';

// The redirect-session suites' set-up (redirect-sessions*.spec.ts): the store with a third-party app
// registered, the public clients routed to it, and requests as a browser that has never seen our origin
// makes them: plain fetch, no cookie, redirects not followed.

export const APP = 'https://headless-shop.test';
export const CALLBACKS = {
  postFlowUrl: `${APP}/`,
  thankYouPageUrl: `${APP}/thank-you`,
  cartPageUrl: `${APP}/cart`,
};
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const modules = { products, currentCart, checkout, orders, recommendations, redirects };
export interface Opened {
  status: number;
  /** Location, resolved against the URL opened. */
  location?: string;
  /** `name=value` of every Set-Cookie. */
  cookies: string[];
  contentType: string;
  body: string;
}

/** One request as a browser without our cookies makes it (or with the cookies given), no redirect followed. */
export async function open(url: string, cookies: string[] = []): Promise<Opened> {
  const reply = await fetch(url, {
    redirect: 'manual',
    headers: { accept: 'text/html', ...(cookies.length ? { cookie: cookies.join('; ') } : {}) },
  });
  const location = reply.headers.get('location');
  return {
    status: reply.status,
    ...(location ? { location: new URL(location, url).href } : {}),
    cookies: reply.headers.getSetCookie().map((c) => c.split(';')[0] as string),
    contentType: reply.headers.get('content-type') ?? '',
    body: await reply.text(),
  };
}

/** What the server answered, for assertion messages. */
export function said(reply: Opened): string {
  return `${reply.status} Location=${reply.location ?? '-'} Set-Cookie=${reply.cookies.join(',') || '-'} ${reply.contentType}: ${reply.body.replace(/\s+/g, ' ').slice(0, 300)}`;
}

/**
 * Starts the store and registers the app; returns the app's clients and the hand-over check, and
 * close() (call it in afterAll).
 */
export async function startRedirectStore() {
  const store = await startStore();
  const clientId = await registerApp(store, APP);
  const restoreFetch = routeWixSdkTo(store.base);

  function visitorClientSync(tokens?: Tokens) {
    return createClient({ modules, auth: OAuthStrategy({ clientId, ...(tokens ? { tokens } : {}) }) });
  }

  /** An app's per-request client for a new visitor, whose tokens it minted first. */
  async function visitor() {
    const wix = visitorClientSync();
    wix.auth.setTokens(await wix.auth.generateVisitorTokens());
    return wix;
  }

  /** A member of the app, signed up and logged in through the public SDK alone, with their tokens. */
  async function memberWithTokens() {
    const wix = await visitor();
    const email = uniqueEmail('compat');
    let state = await wix.auth.register({
      email,
      password: 'correct-horse-42',
      profile: { nickname: 'Ada' },
    });
    if (state.loginState === 'EMAIL_VERIFICATION_REQUIRED') {
      state = await wix.auth.processVerification({ verificationCode: await mailboxCode(store.t, email) });
    }
    if (state.loginState !== 'SUCCESS') throw new Error(`sign-up ended in ${state.loginState}`);
    const oauthData = wix.auth.generateOAuthData(`${APP}/callback`, `${APP}/`);
    // The session token goes on the authorize request (the SDK passes it on; its types do not list it).
    const silent = { responseMode: 'query', prompt: 'none', sessionToken: state.data.sessionToken } as const;
    const { authUrl } = await wix.auth.getAuthUrl(oauthData, silent);
    const authorized = await open(authUrl);
    expect(authorized.status, said(authorized)).toBe(302);
    const { code, state: oauthState } = wix.auth.parseFromUrl(authorized.location as string, 'query');
    const tokens = await wix.auth.getMemberTokens(code as string, oauthState as string, oauthData);
    return { client: visitorClientSync(tokens), tokens };
  }

  /** A member of the app, signed up and logged in through the public SDK alone. */
  async function member() {
    return (await memberWithTokens()).client;
  }

  /** A raw API call with the app's access token (for what the public client cannot send or read). */
  function withToken(wix: Awaited<ReturnType<typeof visitor>>, path: string, init: RequestInit = {}) {
    return fetch(`${store.base}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        authorization: wix.auth.getTokens().accessToken.value,
        ...(init.headers ?? {}),
      },
    });
  }

  async function checkoutWithMug(wix: Awaited<ReturnType<typeof visitor>>): Promise<string> {
    await wix.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: mugId }, quantity: 2 }],
    });
    const { checkoutId } = await wix.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    return checkoutId as string;
  }

  /** The hand-over contract: 303 to the same page with `flow` instead of `session`, and a cookie of ours. */
  async function handOver(fullUrl: string, path: string | RegExp): Promise<Opened> {
    const first = await open(fullUrl);
    expect(first.status, said(first)).toBe(303);
    const next = new URL(first.location as string);
    expect(next.origin).toBe(store.base);
    expect(next.pathname).toMatch(path);
    expect(next.pathname).toBe(new URL(fullUrl).pathname);
    expect(next.searchParams.has('session'), next.href).toBe(false);
    expect(next.searchParams.get('flow'), next.href).toBeTruthy();
    expect(first.cookies.length, said(first)).toBeGreaterThan(0);
    const page = await open(next.href, first.cookies);
    expect(page.status, said(page)).toBe(200);
    expect(page.contentType).toMatch(/^text\/html/);
    return page;
  }

  const { items } = await visitorClientSync().products.queryProducts().eq('slug', 'stoneware-mug').find();
  const mugId = items[0]?._id as string;
  return {
    store,
    clientId,
    mugId,
    visitorClientSync,
    visitor,
    memberWithTokens,
    member,
    withToken,
    checkoutWithMug,
    handOver,
    close: async () => {
      restoreFetch();
      await store.t.close();
    },
  };
}
export type RedirectStore = Awaited<ReturnType<typeof startRedirectStore>>;
export type AppClient = Awaited<ReturnType<RedirectStore['visitor']>>;
