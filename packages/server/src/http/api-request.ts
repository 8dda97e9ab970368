import type { IncomingHttpHeaders } from 'node:http';

/*
 * The storefront shares the API's port and answers every path no API route matched. A request meant for
 * the API that reaches it must still get a JSON 404 in the protocol's error form (wire-protocol.md §6.2,
 * §8.3): apps call modules a store may not offer (CMS data, members, blog, recommendations, …) and can
 * read a JSON 404, while an HTML page is an unparseable error to them.
 */

/** Paths owned by the API, served or not: a miss there is never a storefront page. */
const API_PREFIXES = [
  '/ecom/',
  '/stores/',
  '/stores-reader/',
  '/v1/',
  '/v2/',
  '/_api/',
  '/oauth2/',
  '/admin-api/',
  '/docs',
  '/media/',
];

/**
 * The platform's REST path shape: a version (`v1`, `v2`, `v3`, …) as the first or second segment, followed
 * by at least one more segment: `/v1/recommendations/get`, `/wix-data/v2/items/query`,
 * `/members/v1/members/my`, `/blog/v3/posts`. No storefront page has that shape (pages take one slug
 * after their first segment), so `/products/v2` and `/collections/v1/` — a product or collection slugged
 * "v2" — stay pages.
 */
const VERSIONED_API_PATH = /^\/(?:[^/]+\/)?v\d+\/[^/]/;

/**
 * Whether a request no route matched is an API call (answered with the protocol's JSON 404) rather than a
 * page for the storefront.
 *
 * @example
 * ```ts
 * isApiRequest('/wix-data/v2/items/query', {}); // true
 * isApiRequest('/products/v2', { accept: 'text/html' }); // false: a product page
 * ```
 */
export function isApiRequest(path: string, headers: IncomingHttpHeaders): boolean {
  if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) return true;
  if (VERSIONED_API_PATH.test(path)) return true;
  // Headers no page load or form post sends. The public SDK sends Authorization on every module call
  // (empty without a token) and its x-wix-bi-gateway tag on each; the storefront's pages never see a
  // token (its loaders call the API in-process). A header that is present but empty still counts.
  return headers.authorization !== undefined || headers['x-wix-bi-gateway'] !== undefined;
}
