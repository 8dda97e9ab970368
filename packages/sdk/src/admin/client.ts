import { createTransport, type FetchLike, type Transport } from '../transport.js';
import { apiKeysModule, authModule, mediaModule, webhooksModule } from './access.js';
import { collectionsModule, productsModule } from './catalog.js';
import { couponsModule, giftCardsModule, ordersModule, storeSetupModules } from './commerce.js';
import { dashboardModule } from './dashboard.js';

/** How the admin client authenticates: exactly one of these, or none for `auth.login` only. */
export type AdminCredentials =
  | { apiKey: string; staffToken?: never; getAuthHeader?: never }
  | { staffToken: string; apiKey?: never; getAuthHeader?: never }
  | { getAuthHeader: () => Promise<string | undefined>; apiKey?: never; staffToken?: never }
  | { apiKey?: never; staffToken?: never; getAuthHeader?: never };

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
  const fixed = options.apiKey ?? options.staffToken;
  const getAuthHeader = options.getAuthHeader ?? (fixed ? async () => fixed : undefined);
  const transport: Transport = createTransport({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(getAuthHeader ? { getAuthHeader } : {}),
  });
  const setup = storeSetupModules(transport);
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
    shippingRegions: setup.shippingRegions,
    pickupLocations: setup.pickupLocations,
    taxRegions: setup.taxRegions,
    membershipPlans: setup.membershipPlans,
    memberships: setup.memberships,
    settings: setup.settings,
    webhooks: webhooksModule(transport),
    apiKeys: apiKeysModule(transport),
    dashboard: dashboardModule(orders, products),
    /** The underlying request core, for calls this client does not wrap yet. */
    transport,
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;
