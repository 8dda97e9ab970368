import { index, type RouteConfigEntry } from '@react-router/dev/routes';

/** Shop pages: home, collections, search, product, cart, hosted checkout, thank-you, SEO files. */
export const shopRoutes: RouteConfigEntry[] = [index('routes/shop/home.tsx')];
