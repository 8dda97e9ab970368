import { layout, type RouteConfig, route } from '@react-router/dev/routes';
import { accountRoutes } from './routes/account/routes';
import { adminRoutes } from './routes/admin/routes';
import { shopRoutes } from './routes/shop/routes';

// Each area keeps its own route list, so shop, account and admin pages grow without touching this file.
// Shop and account pages share the shop's chrome (header, cart, footer); the admin has its own.
export default [
  layout('routes/shop/layout.tsx', [...shopRoutes, ...accountRoutes]),
  ...adminRoutes,
  route('favicon.ico', 'routes/favicon.ts'),
] satisfies RouteConfig;
