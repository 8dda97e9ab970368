import { describe, expect, it } from 'vitest';
import { isSharedPageRequest } from './shared-page';

const get = (path: string, method = 'GET') => new Request(`http://shop.test${path}`, { method });

describe('isSharedPageRequest', () => {
  it('shares the home page, collections, product pages and search', () => {
    for (const path of ['/', '/collections/apparel?brand=Flaxhaus', '/products/linen-tee', '/search?q=mug']) {
      expect(isSharedPageRequest(get(path)), path).toBe(true);
    }
  });

  it('keeps personal: other pages, form posts, and pages opened from an app (session, flow)', () => {
    for (const path of ['/cart', '/account', '/checkout/abc', '/products/a/b', '/shopper-state', '/admin']) {
      expect(isSharedPageRequest(get(path)), path).toBe(false);
    }
    expect(isSharedPageRequest(get('/products/linen-tee', 'POST'))).toBe(false);
    expect(isSharedPageRequest(get('/products/linen-tee?session=tok'))).toBe(false);
    expect(isSharedPageRequest(get('/products/linen-tee?flow=f1'))).toBe(false);
  });
});
