import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isApiRequest } from './api-request.js';

const PAGE_LOAD = { accept: 'text/html,application/xhtml+xml', 'user-agent': 'Mozilla/5.0' };

describe('isApiRequest', () => {
  it('claims the API prefixes, served or not', () => {
    for (const path of [
      '/ecom/v1/nothing-here',
      '/stores/v3/products',
      '/stores-reader/v1/anything',
      '/v1/recommendations/get',
      '/v2/collections/query',
      '/_api/anything',
      '/oauth2/nope',
      '/admin-api/v9/x',
      '/docs/nope',
      '/media/x.jpg',
    ]) {
      expect(isApiRequest(path, PAGE_LOAD), path).toBe(true);
    }
  });

  it('claims the platform REST shape: a version as first or second segment, with more path after it', () => {
    for (const path of [
      '/v3/anything',
      '/wix-data/v2/items/query',
      '/members/v1/members/my',
      '/blog/v3/posts',
      '/pricing-plans/v2/plans',
      '/billing/v1/tax-regions/query',
      '/products/v2/more',
    ]) {
      expect(isApiRequest(path, PAGE_LOAD), path).toBe(true);
    }
  });

  it('leaves pages to the storefront, including slugs that look like versions', () => {
    for (const path of [
      '/',
      '/no-such-page',
      '/products/v2',
      '/products/v2/',
      '/products/v2.data',
      '/collections/v1',
      '/collections/v1/',
      '/a/b/v1/c', // a version only counts as the first or second segment
      '/version/1/x',
      '/v1', // nothing after the version
      '/shop/vintage/x',
      '/account/orders/v1',
    ]) {
      expect(isApiRequest(path, PAGE_LOAD), path).toBe(false);
    }
  });

  it('claims any path called with headers no page load sends: Authorization (even empty), x-wix-bi-gateway', () => {
    expect(isApiRequest('/currency_converter/anything', { authorization: '' })).toBe(true);
    expect(isApiRequest('/no-such-page', { authorization: 'some-token' })).toBe(true);
    expect(
      isApiRequest('/tips/preview', {
        'x-wix-bi-gateway': 'environment=js-sdk,package-name=@wix/auto_sdk_ecom_tips',
      }),
    ).toBe(true);
    expect(isApiRequest('/no-such-page', { cookie: 'session=1', accept: 'text/html' })).toBe(false);
  });

  it("never claims a path of one of the storefront's own pages, whatever a slug or id is", async () => {
    // The storefront's route config itself, so a page added later is checked too.
    const config = path.resolve(import.meta.dirname, '../../../../apps/storefront/app/routes.ts');
    const routes = ((await import(pathToFileURL(config).href)) as { default: RouteEntry[] }).default;
    const pages = pagePaths(routes);
    expect(pages).toEqual(expect.arrayContaining(['/', '/products/v2', '/account/orders/v2']));
    for (const page of pages) {
      // A slug or id of "v2" is the worst case; `.data` is how React Router fetches a page's data.
      for (const path of [page, `${page === '/' ? '/_root' : page}.data`]) {
        expect(isApiRequest(path, PAGE_LOAD), path).toBe(false);
        expect(isApiRequest(path, {}), path).toBe(false);
      }
    }
  });
});

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every page path of a React Router route config, each parameter set to "v2"; splat routes left out. */
function pagePaths(routes: RouteEntry[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path?.replace(/:[A-Za-z]+/g, 'v2');
    if (own?.includes('*')) return [];
    const full = own === undefined ? parent : `${parent}/${own}`;
    const here = route.index || (own !== undefined && !route.children) ? [full || '/'] : [];
    return [...here, ...pagePaths(route.children ?? [], full)];
  });
}
