// The ecom path prefixes on their own (no imports), so that other domains serving a path under them (the
// redirects domain's checkout-url) need not import the ecom HTTP helpers and what those import.

/** Cart paths: the protocol clients' `/ecom/v1/…` and the spec's bare `/v1/…` (aliases, hidden in docs). */
export const CART_PREFIXES = ['/ecom/v1/carts/current', '/v1/carts/current'] as const;
export const CHECKOUT_PREFIXES = ['/ecom/v1/checkouts', '/v1/checkouts'] as const;
