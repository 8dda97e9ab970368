import { useEffect, useState } from 'react';
import {
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import { FieldLook } from '../../components/Field';
import { useHydrated } from '../../components/hydrated';
import { requireStaff } from '../../lib/admin/session.server';
import { storefrontContext, useUnavailable } from '../../lib/context';
import type { loader as rootLoader } from '../../root';
import adminStylesHref from '../../styles/admin.css?url';
import adminDataStylesHref from '../../styles/admin-data.css?url';
import adminFormStylesHref from '../../styles/admin-forms.css?url';
import type { Route } from './+types/layout';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: adminStylesHref },
  { rel: 'stylesheet', href: adminDataStylesHref },
  { rel: 'stylesheet', href: adminFormStylesHref },
];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const me = await run((client) => client.auth.me());
  return {
    email: me.staff?.email ?? 'API key',
    role: me.role,
    storeName: args.context.get(storefrontContext).storeName,
  };
}

const NAV: { to: string; label: string; ownerOnly?: boolean }[] = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/collections', label: 'Collections' },
  { to: '/admin/coupons', label: 'Coupons' },
  { to: '/admin/plans', label: 'Plans' },
  { to: '/admin/gift-cards', label: 'Gift cards' },
  { to: '/admin/shipping', label: 'Shipping & pickup' },
  { to: '/admin/tax', label: 'Tax' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/payments', label: 'Currency & payments' },
  { to: '/admin/webhooks', label: 'Webhooks' },
  { to: '/admin/api-keys', label: 'API keys', ownerOnly: true },
  { to: '/admin/mailbox', label: 'Mailbox', ownerOnly: true },
];

/**
 * The admin chrome: side navigation, the signed-in person, sign out. On a phone the navigation folds
 * behind a Menu button once JavaScript runs; without JavaScript it stays open as a wrapped list of links.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const hydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // Following a link closes the menu: the page it opens is what the merchant wants to see.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation, by design
  useEffect(() => setMenuOpen(false), [pathname]);
  const menu = hydrated ? (menuOpen ? 'open' : 'closed') : 'static';
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <aside className="admin-sidebar" data-menu={menu}>
        <div className="admin-sidebar-top">
          <p className="admin-brand">
            <span aria-hidden="true">◆</span> {root?.storeName ?? loaderData.storeName}
            <small>Admin</small>
          </p>
          {hydrated ? (
            <button
              type="button"
              className="admin-menu-button"
              aria-expanded={menuOpen}
              aria-controls="admin-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              Menu
            </button>
          ) : null}
        </div>
        <div id="admin-menu" className="admin-menu">
          <nav aria-label="Admin">
            <ul>
              {NAV.filter((item) => !item.ownerOnly || loaderData.role === 'owner').map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} prefetch="intent">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="admin-account">
            <span title={loaderData.email}>{loaderData.email}</span>
            <a href="/" className="admin-muted-link">
              View shop
            </a>
            <Form method="post" action="/admin/logout">
              <button type="submit" className="admin-link-button">
                Sign out
              </button>
            </Form>
          </div>
        </div>
      </aside>
      <main id="admin-main" className="admin-main">
        <FieldLook.Provider value="admin">
          <Outlet />
        </FieldLook.Provider>
      </main>
    </div>
  );
}

/** Errors inside the admin keep the admin's look and say where to go next. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const unavailable = useUnavailable();
  return (
    <main className="admin admin-login">
      <div className="admin-login-card">
        <h1>
          {notFound
            ? 'Not found'
            : forbidden
              ? 'Not allowed'
              : unavailable
                ? 'The store is briefly unavailable'
                : 'Something went wrong'}
        </h1>
        <p>
          {notFound
            ? 'This item does not exist, or it was deleted. Go back to the list it came from.'
            : forbidden
              ? 'Your staff role cannot open this page, or the form came from another site. Reload and try again, or ask the store owner.'
              : unavailable
                ? 'The store could not reach its database just now. Reload in a few seconds; /readyz says when it is back (docs/operations.md).'
                : 'The admin could not load this page. Try again in a moment; if it keeps happening, check the server log.'}
        </p>
        <p>
          <Link to="/admin/dashboard" className="admin-button admin-button-primary">
            Back to the dashboard
          </Link>
        </p>
      </div>
    </main>
  );
}
