import { index, layout, prefix, type RouteConfigEntry, route } from '@react-router/dev/routes';

/** Hosted identity pages (login, sign-up, recovery, OAuth consent) and the member account. */
export const accountRoutes: RouteConfigEntry[] = [
  route('login', 'routes/account/login.tsx'),
  route('signup', 'routes/account/signup.tsx'),
  route('verify-email', 'routes/account/verify-email.tsx'),
  route('verify-login', 'routes/account/verify-login.tsx'),
  route('forgot-password', 'routes/account/forgot-password.tsx'),
  route('reset-password', 'routes/account/reset-password.tsx'),
  route('logout', 'routes/account/logout.tsx'),
  ...prefix('account', [
    layout('routes/account/account-layout.tsx', [
      index('routes/account/profile.tsx'),
      route('orders', 'routes/account/orders.tsx'),
      route('orders/:orderId', 'routes/account/order.tsx'),
      route('subscriptions', 'routes/account/subscriptions.tsx'),
      route('addresses', 'routes/account/addresses.tsx'),
      route('password', 'routes/account/password.tsx'),
      route('security', 'routes/account/security.tsx'),
    ]),
  ]),
];
