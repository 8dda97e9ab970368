// createClient: one object with every storefront module over one transport and one token manager. Building
// a client is cheap (no I/O, no timers), so a server renderer can build one per request around that
// request's token store (e.g. a cookie) and in-process fetch.

import { memoryStorage, type TokenStore, type Tokens } from './auth/token-storage.js';
import { createTokenManager } from './auth/tokens.js';
import { type AuthModule, createAuthModule } from './modules/auth.js';
import { type CheckoutModule, createCheckoutModule } from './modules/checkout.js';
import { type CollectionsModule, createCollectionsModule } from './modules/collections.js';
import type { ClientContext } from './modules/context.js';
import { type CurrentCartModule, createCurrentCartModule } from './modules/current-cart.js';
import { createMembersModule, type MembersModule } from './modules/members.js';
import { createOrdersModule, type OrdersModule } from './modules/orders.js';
import { createPaymentMethodsModule, type PaymentMethodsModule } from './modules/payment-methods.js';
import { createPlansModule, type PlansModule } from './modules/plans.js';
import { createPreferencesModule, type PreferencesModule } from './modules/preferences.js';
import { createProductsModule, type ProductsModule } from './modules/products.js';
import { createRedirectsModule, type RedirectsModule } from './modules/redirects.js';
import { createSubscriptionsModule, type SubscriptionsModule } from './modules/subscriptions.js';
import { createTransport, type FetchLike, type Transport } from './transport.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The server's origin (with a path prefix if it has one): `https://shop.example`. */
  baseUrl: string;
  /**
   * The OAuth client id. With it the client mints visitor tokens on first use and refreshes them; without it
   * only anonymous calls (catalog reads) and calls with `tokens` given here work.
   */
  clientId?: string;
  /** Defaults to `globalThis.fetch` (looked up at call time). SSR: pass the in-process fetch. */
  fetch?: FetchLike;
  /** Where tokens live; default in memory. See `cookieStorage` for SSR and `localStorageStorage` for browsers. */
  storage?: TokenStore;
  /** Tokens to start with (written to `storage`), e.g. ones the server renderer handed to the browser. */
  tokens?: Tokens;
  /** A redirect URI registered for the client: needed by SSR direct login and the login popup. */
  redirectUri?: string;
  /** Extra headers on every API request. */
  headers?: Readonly<Record<string, string>>;
}

/** The storefront client. */
export interface OpenshelfClient {
  products: ProductsModule;
  collections: CollectionsModule;
  currentCart: CurrentCartModule;
  checkout: CheckoutModule;
  orders: OrdersModule;
  subscriptions: SubscriptionsModule;
  paymentMethods: PaymentMethodsModule;
  plans: PlansModule;
  preferences: PreferencesModule;
  redirects: RedirectsModule;
  auth: AuthModule;
  members: MembersModule;
  /** The request core, for calls the modules do not cover. */
  transport: Transport;
}

/**
 * Creates a client.
 *
 * @example
 * ```ts
 * // Browser: tokens shared with the server renderer through a cookie.
 * const client = createClient({ baseUrl: location.origin, clientId, storage: cookieStorage(documentCookie('os_tokens')) });
 * const { items } = await client.products.query().limit(12).find();
 * await client.currentCart.addToCart({ lineItems: [{ catalogReference: { catalogItemId: items[0].id }, quantity: 1 }] });
 * ```
 */
export function createClient(options: ClientOptions): OpenshelfClient {
  const storage = options.storage ?? memoryStorage();
  if (options.tokens) storage.set(options.tokens);
  const tokens = options.clientId
    ? createTokenManager({
        clientId: options.clientId,
        baseUrl: options.baseUrl,
        storage,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      })
    : undefined;
  const transport = createTransport({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    getAuthHeader: async ({ identity }) => {
      // Without a client id nothing can be minted or refreshed: send what was given, as it is. Calls that
      // work anonymously (catalog reads) do not mint a visitor either, so crawlers and first page views
      // create no session; once tokens exist they are sent (and refreshed) on every call.
      if (!tokens || (identity === 'optional' && !storage.get()))
        return storage.get()?.accessToken.value || undefined;
      return tokens.getAccessToken();
    },
  });
  const context: ClientContext = { transport, tokens, clientId: options.clientId, baseUrl: options.baseUrl };
  return {
    products: createProductsModule(context),
    collections: createCollectionsModule(context),
    currentCart: createCurrentCartModule(context),
    checkout: createCheckoutModule(context),
    orders: createOrdersModule(context),
    subscriptions: createSubscriptionsModule(context),
    paymentMethods: createPaymentMethodsModule(context),
    plans: createPlansModule(context),
    preferences: createPreferencesModule(context),
    redirects: createRedirectsModule(context),
    auth: createAuthModule(context, { redirectUri: options.redirectUri, fetch: options.fetch }),
    members: createMembersModule(context),
    transport,
  };
}
