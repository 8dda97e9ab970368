// The shopper's session on the server: visitor or member tokens kept in one httpOnly cookie, and SDK
// clients that use them. Browsers never see the tokens; their optimistic UI talks to our own actions.

import {
  cookieStorage,
  createClient,
  type FetchLike,
  type OpenshelfClient,
  requestCookie,
  type TokenRole,
  type Tokens,
} from '@openshelf/sdk';
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { listCollections } from './catalog.server';
import { storefrontContext } from './context';
import { cookieAttributes, isSecureSite, SESSION_COOKIE } from './cookies.server';
import { openHostedLink } from './hosted-flow.server';
import type { Collection } from './types';

export interface ShopSession {
  /** `none` until the shopper first needs an identity (e.g. the first add to cart). */
  role(): TokenRole;
  /** True when the cookie holds tokens, i.e. there may be a cart to read. */
  hasIdentity(): boolean;
  /**
   * The SDK client with this session's tokens: refreshes expired ones and mints a visitor token on the
   * first call that needs an identity (cart, checkout, orders, auth). The cookie follows every change.
   */
  client: OpenshelfClient;
  /** An anonymous client for catalog reads: browsing never creates a visitor, so pages stay cacheable. */
  catalog: OpenshelfClient;
  /**
   * The shop's collections, read once per request: the header's navigation and the page (home,
   * breadcrumbs) both need them, and each API call is a share of the render's CPU.
   */
  collections(): Promise<Collection[]>;
  /**
   * The cookie switches to these tokens: a member's after a login or sign-up, or the app's visitor or member
   * when a hosted page is opened from an app's redirect session.
   */
  setTokens(tokens: Tokens): void;
  /** Logout: the cookie is deleted; the next call that needs an identity starts a new visitor. */
  clear(): void;
  /** `Set-Cookie` headers for what changed in this request (empty when nothing did). */
  commit(): Headers;
}

const sessionContext = createContext<ShopSession | null>(null);

/**
 * The session of this request. Inside the shop layout the middleware has made it already (and writes its
 * cookie on the way out); elsewhere one is made from the request, and the caller sends `commit()` headers.
 *
 * @example
 * ```ts
 * export async function action({ request, context }: Route.ActionArgs) {
 *   const session = await getSession(request, context);
 *   await session.client.currentCart.addToCart({ lineItems });
 *   return redirect('/cart'); // the shop middleware adds the Set-Cookie
 * }
 * ```
 */
export async function getSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ShopSession> {
  return context.get(sessionContext) ?? createSession(request, context);
}

/**
 * Route middleware (the shop layout uses it): one session per request, its cookie set on the response.
 * A page opened at an app's redirect session URL first becomes that app's shopper (lib/hosted-flow).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await createSession(request, context);
  context.set(sessionContext, session);
  const response = (await openHostedLink(request, context, session)) ?? (await next());
  const cookies = session.commit().getSetCookie();
  if (cookies.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

async function createSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ShopSession> {
  const { apiFetch, catalogFetch, catalogMemo, publicUrl, storefrontClientId } =
    context.get(storefrontContext);
  const attributes = cookieAttributes(SESSION_COOKIE, isSecureSite(publicUrl, request));
  const cookie = requestCookie(request.headers.get('Cookie'), SESSION_COOKIE.name, attributes);
  const storage = cookieStorage(cookie);
  const clientId = await storefrontClientId();
  // Built on first use: a shared page (most renders) reads only the catalog and never needs it.
  let client: OpenshelfClient | undefined;
  const sessionClient = () => {
    client ??= createClient({ baseUrl: publicUrl, clientId, fetch: apiFetch, storage });
    return client;
  };
  const catalog = catalogClient(catalogFetch ?? apiFetch, publicUrl);
  let collections: Promise<Collection[]> | undefined;
  return {
    role: () => storage.get()?.refreshToken.role ?? 'none',
    hasIdentity: () => storage.get() !== undefined,
    get client() {
      return sessionClient();
    },
    catalog,
    collections: () => {
      collections ??= catalogMemo ? keptCollections(catalog, catalogMemo) : listCollections(catalog);
      return collections;
    },
    setTokens: (tokens) => sessionClient().auth.setTokens(tokens),
    clear: () => storage.clear(),
    commit() {
      const headers = new Headers();
      const setCookie = cookie.setCookie();
      if (setCookie) headers.append('Set-Cookie', setCookie);
      return headers;
    },
  };
}

const catalogClients = new WeakMap<FetchLike, OpenshelfClient>();

/** One anonymous client per API (it holds no per-request state), so catalog pages build nothing. */
function catalogClient(apiFetch: FetchLike, baseUrl: string): OpenshelfClient {
  let client = catalogClients.get(apiFetch);
  if (!client) {
    client = createClient({ baseUrl, fetch: apiFetch });
    catalogClients.set(apiFetch, client);
  }
  return client;
}

interface KeptCollections {
  version: number;
  until: number;
  collections: Promise<Collection[]>;
}

const keptCollectionsOf = new WeakMap<OpenshelfClient, KeptCollections>();

/**
 * The shop's collections, read once per catalog version (lib/context.ts `catalogMemo`): every page's
 * header lists them, and re-reading them on each render was one of its three API calls. The version is
 * read before the call, so a list read while the catalog changed is read again by the next render.
 */
function keptCollections(
  catalog: OpenshelfClient,
  memo: { version: () => number; ttlMs: number },
): Promise<Collection[]> {
  const version = memo.version();
  const now = Date.now();
  const kept = keptCollectionsOf.get(catalog);
  if (kept && kept.version === version && kept.until > now) return kept.collections;
  const collections = listCollections(catalog);
  const entry = { version, until: now + memo.ttlMs, collections };
  keptCollectionsOf.set(catalog, entry);
  // A failed read is not kept: the next render asks again.
  collections.catch(() => {
    if (keptCollectionsOf.get(catalog) === entry) keptCollectionsOf.delete(catalog);
  });
  return collections;
}
