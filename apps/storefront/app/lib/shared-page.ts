// Pages whose HTML is the same for every shopper (ADR 037): the home page, collections, product pages and
// search. They are rendered without the session (the header's cart count and sign-in link come from
// /shopper-state once the page runs), without a CSP nonce (the server allows their inline scripts by
// hash), and marked `Cache-Control: public`, which tells the server to keep them and a CDN that it may.
// Every other page (cart, checkout, account, admin) is personal: `private, no-store`.

const SHARED_PATHS = [/^\/$/, /^\/collections\/[^/]+$/, /^\/products\/[^/]+$/, /^\/search$/];

/**
 * Query parameters that make a page personal: an app's redirect session (`session`, spent on first use)
 * and the hosted flow it became (`flow`, whose way back only that shopper may read).
 */
const PERSONAL_PARAMS = ['session', 'flow'];

/** Whether this request's page is shared by every shopper (GET only: form posts are always personal). */
export function isSharedPageRequest(request: Request): boolean {
  if (request.method !== 'GET') return false;
  // Loaders of a client navigation see the page's URL too (React Router strips its `.data` suffix).
  const url = new URL(request.url);
  if (!SHARED_PATHS.some((path) => path.test(url.pathname))) return false;
  return !PERSONAL_PARAMS.some((name) => url.searchParams.has(name));
}

/** Cache-Control of a personal page: never kept by the browser's back-forward store of others or a CDN. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';
