import { index, type RouteConfigEntry, route } from '@react-router/dev/routes';

/** Shop pages: home, collections, search, product, cart, hosted checkout, thank-you, plans, preferences, SEO files. */
export const shopRoutes: RouteConfigEntry[] = [
  index('routes/shop/home.tsx'),
  route('collections/:slug', 'routes/shop/collection.tsx'),
  route('search', 'routes/shop/search.tsx'),
  // The header search's suggestions as one types (JSON, cacheable).
  route('search-suggestions', 'routes/shop/search-suggestions.ts'),
  route('products/:slug', 'routes/shop/product.tsx'),
  // The catalog's productPageUrl and cart line links use this older path.
  route('product-page/:slug', 'routes/shop/product-page-redirect.ts'),
  route('cart', 'routes/shop/cart.tsx'),
  route('checkout/:checkoutId', 'routes/shop/checkout.tsx'),
  route('thank-you/:orderId', 'routes/shop/thank-you.tsx'),
  // An order e-mail's link: the order, opened by its access key without signing in (ADR 042).
  route('orders/:orderId', 'routes/shop/order-link.tsx'),
  route('plans', 'routes/shop/plans.tsx'),
  route('plan-checkout/:planId', 'routes/shop/plan-checkout.tsx'),
  route('preferences', 'routes/shop/preferences.tsx'),
  // The header's cart count and sign-in state for pages rendered once for every shopper (ADR 037).
  route('shopper-state', 'routes/shop/shopper-state.ts'),
  // Files for crawlers (resource routes: no chrome is rendered for them).
  route('sitemap.xml', 'routes/shop/sitemap.ts'),
  route('robots.txt', 'routes/shop/robots.ts'),
  route('*', 'routes/shop/not-found.tsx'),
];
