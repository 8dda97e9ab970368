import { createTransport, type FetchLike, type Transport } from '../transport.js';
import { apiKeysModule, authModule, mediaModule, webhooksModule } from './access.js';
import { collectionsModule, productsModule } from './catalog.js';
import { couponsModule, giftCardsModule, ordersModule, storeSetupModules } from './commerce.js';
import { customersModule } from './customers.js';
import { dashboardModule } from './dashboard.js';
import { emailsModule } from './emails.js';
import { mailboxModule } from './mailbox.js';
import { storeCommerceModules } from './store-commerce.js';

/**
 * How the admin client authenticates. Give one: a staff token from `auth.login`, a merchant API key, or
 * your own `getAuthHeader` (e.g. reading a rotating token). With none, only `auth.login` works.
 */
export interface AdminCredentials {
  staffToken?: string | undefined;
  apiKey?: string | undefined;
  getAuthHeader?: (() => Promise<string | undefined>) | undefined;
}

export type AdminClientOptions = {
  /** Server origin, e.g. `https://shop.example`. */
  baseUrl: string;
  fetch?: FetchLike;
  headers?: Readonly<Record<string, string>>;
} & AdminCredentials;

/**
 * The merchant client: every call the admin UI makes, typed, with the same transport and error mapping
 * as the shopper SDK (validation failures are `ValidationError` with `violations` per field).
 *
 * @example
 * ```ts
 * const anonymous = createAdminClient({ baseUrl });
 * const { accessToken } = await anonymous.auth.login('owner@shop.example', password);
 * const admin = createAdminClient({ baseUrl, staffToken: accessToken });
 * const { orders } = await admin.orders.list({ search: 'ann@example.com' });
 * ```
 */
export function createAdminClient(options: AdminClientOptions) {
  const credentials = [options.apiKey, options.staffToken, options.getAuthHeader].filter(
    (c) => c !== undefined,
  );
  if (credentials.length > 1) {
    throw new TypeError('createAdminClient: give one of staffToken, apiKey or getAuthHeader, not several.');
  }
  const fixed = options.apiKey ?? options.staffToken;
  const getAuthHeader = options.getAuthHeader ?? (fixed ? async () => fixed : undefined);
  const transport: Transport = createTransport({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(getAuthHeader ? { getAuthHeader } : {}),
  });
  const setup = storeSetupModules(transport);
  const storeCommerce = storeCommerceModules(transport);
  const orders = ordersModule(transport);
  const products = productsModule(transport);
  return {
    auth: authModule(transport),
    products,
    collections: collectionsModule(transport),
    media: mediaModule(transport),
    orders,
    coupons: couponsModule(transport),
    giftCards: giftCardsModule(transport),
    customers: customersModule(transport),
    shippingRegions: setup.shippingRegions,
    pickupLocations: setup.pickupLocations,
    taxRegions: setup.taxRegions,
    membershipPlans: setup.membershipPlans,
    memberships: setup.memberships,
    settings: setup.settings,
    storeCurrency: storeCommerce.storeCurrency,
    paymentProviders: storeCommerce.paymentProviders,
    webhooks: webhooksModule(transport),
    apiKeys: apiKeysModule(transport),
    mailbox: mailboxModule(transport),
    emails: emailsModule(transport),
    dashboard: dashboardModule(orders, products),
    /** The underlying request core, for calls this client does not wrap yet. */
    transport,
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;
