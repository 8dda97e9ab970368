import { layout, type RouteConfigEntry, route } from '@react-router/dev/routes';

const page = (path: string, file: string, id?: string) =>
  id ? route(`admin${path}`, `routes/admin/${file}`, { id }) : route(`admin${path}`, `routes/admin/${file}`);

/** The merchant admin at /admin, behind staff login, with its own layout. */
export const adminRoutes: RouteConfigEntry[] = [
  page('/login', 'login.tsx'),
  page('/logout', 'logout.tsx'),
  // The staff cookie is scoped to /admin, which the data request of /admin itself (/admin.data) is not
  // inside: so /admin only redirects, and every page that needs the session lives below /admin/.
  page('', 'index-redirect.tsx'),
  layout('routes/admin/layout.tsx', [
    page('/dashboard', 'dashboard.tsx'),
    page('/products', 'products.tsx'),
    page('/products/new', 'product-edit.tsx', 'admin-product-new'),
    page('/products/:id', 'product-edit.tsx', 'admin-product-edit'),
    page('/collections', 'collections.tsx'),
    page('/collections/:id', 'collection-edit.tsx'),
    page('/orders', 'orders.tsx'),
    page('/orders/:id', 'order.tsx'),
    page('/customers', 'customers.tsx'),
    page('/customers/:email', 'customer.tsx'),
    page('/coupons', 'coupons.tsx'),
    page('/gift-cards', 'gift-cards.tsx'),
    page('/plans', 'plans.tsx'),
    page('/shipping', 'shipping.tsx'),
    page('/tax', 'tax.tsx'),
    page('/settings', 'settings.tsx'),
    page('/settings/emails', 'emails.tsx'),
    page('/payments', 'payment-settings.tsx'),
    page('/webhooks', 'webhooks.tsx'),
    page('/webhooks/:id', 'webhook.tsx'),
    page('/api-keys', 'api-keys.tsx'),
    page('/mailbox', 'mailbox.tsx'),
    page('/mailbox/:id', 'mailbox-message.tsx'),
  ]),
];
