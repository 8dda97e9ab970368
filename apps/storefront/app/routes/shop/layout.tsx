import { Link, Outlet, useRouteLoaderData } from 'react-router';
import { sessionMiddleware } from '../../lib/session.server';
import type { loader as rootLoader } from '../../root';
import type { Route } from './+types/layout';

// Every shop and account page gets the shopper's session; changed tokens go back as a cookie.
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

/** The shop's chrome: skip link, header, footer. Shop and account pages render inside it. */
export default function ShopLayout() {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  const storeName = data?.storeName ?? 'Store';
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container header-row">
          <Link to="/" className="brand" aria-label={`${storeName} home`}>
            <span className="brand-mark" aria-hidden="true">
              ◆
            </span>
            {storeName}
          </Link>
        </div>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container footer-row">
          <p>
            © {new Date().getFullYear()} {storeName}
          </p>
          <p>
            Powered by Openshelf · <a href="/docs">API reference</a>
          </p>
        </div>
      </footer>
    </>
  );
}
