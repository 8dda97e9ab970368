import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, NavLink, Outlet, useFetchers, useLocation, useRouteLoaderData } from 'react-router';
import { CartUi } from '../../components/cart-ui';
import { useHydrated } from '../../components/hydrated';
import { SearchBox } from '../../components/SearchBox';
import { getSession, sessionMiddleware } from '../../lib/session.server';
import { isSharedPageRequest } from '../../lib/shared-page';
import { useShopperState } from '../../lib/shopper-state';
import { shopperStateOf } from '../../lib/shopper-state.server';
import type { loader as rootLoader } from '../../root';
import cartStyles from '../../styles/cart.css?url';
import catalogStyles from '../../styles/catalog.css?url';
import productStyles from '../../styles/product.css?url';
import shopStyles from '../../styles/shop.css?url';
import type { Route } from './+types/layout';

// The drawer's code loads on the first open, keeping it out of every page's first download.
const CartDrawer = lazy(() => import('../../components/CartDrawer').then((m) => ({ default: m.CartDrawer })));

// Every shop and account page gets the shopper's session; changed tokens go back as a cookie.
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

// Small files, all cached for a year: every shop page may show cards, the cart drawer and option rows.
export const links: Route.LinksFunction = () =>
  [shopStyles, catalogStyles, productStyles, cartStyles].map((href) => ({ rel: 'stylesheet', href }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  // A page shared by every shopper reads nothing of the session: its header learns the cart count and
  // sign-in state from /shopper-state once it runs (lib/shopper-state.ts).
  const [collections, shopper] = await Promise.all([
    session.collections(),
    isSharedPageRequest(request) ? null : shopperStateOf(session),
  ]);
  return { nav: collections.map(({ name, slug }) => ({ name, slug })), shopper };
}

/** The shop's chrome: skip link, header with navigation, search and cart, footer. */
export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const storeName = root?.storeName ?? 'Store';
  const [cartOpen, setCartOpen] = useState(false);
  // Once opened, the drawer stays mounted (closed) so that it keeps its cart data and focus return.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (cartOpen && !drawerUsed) setDrawerUsed(true);
  const openCart = useCallback(() => setCartOpen(true), []);
  const ui = useMemo(() => ({ openCart }), [openCart]);
  const hydrated = useHydrated();
  const shopper = useShopperState(loaderData.shopper);
  const count = shopper.cartCount + pendingAdds(useFetchers());
  const location = useLocation();
  // Any navigation (e.g. "Check out" from the drawer) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the page changes
  useEffect(() => setCartOpen(false), [location.pathname]);
  const query = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  // Paying is a focused task: the checkout pages keep only the shop's name (no menus, search or cart).
  if (/^\/(checkout|plan-checkout)\//.test(location.pathname))
    return <FocusedLayout storeName={storeName} logoUrl={root?.storeLogo?.url} />;

  return (
    <CartUi.Provider value={ui}>
      <SkipLink />
      <header className="site-header">
        <div className="container header-row">
          <details className="menu" key={location.pathname}>
            <summary aria-label="Menu">
              <span className="menu-icon" aria-hidden="true" />
            </summary>
            <nav aria-label="Collections (menu)" className="menu-panel">
              <ul>
                {loaderData.nav.map((c) => (
                  <li key={c.slug}>
                    <Link to={`/collections/${c.slug}`}>{c.name}</Link>
                  </li>
                ))}
                <li>
                  <Link to="/search">All products</Link>
                </li>
              </ul>
            </nav>
          </details>
          <BrandLink storeName={storeName} logoUrl={root?.storeLogo?.url} />
          <SearchBox key={query} query={query} />
          <div className="header-actions">
            <Link to={shopper.signedIn ? '/account' : '/login'} className="header-link">
              {shopper.signedIn ? 'Account' : 'Sign in'}
            </Link>
            {/* A link without JavaScript (the cart page); the drawer with it. */}
            <Link
              to="/cart"
              className="cart-button"
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setCartOpen(true);
              }}
              aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="M6 7h12l-1 13H7L6 7Zm3 0V5a3 3 0 0 1 6 0v2"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
              </svg>
              {count > 0 ? (
                <span className="cart-count" aria-hidden="true">
                  {count}
                </span>
              ) : null}
            </Link>
          </div>
        </div>
        <nav aria-label="Collections" className="container collection-nav">
          <ul>
            {loaderData.nav.map((c) => (
              <li key={c.slug}>
                <NavLink to={`/collections/${c.slug}`}>{c.name}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container footer-grid">
          <div>
            <p className="brand footer-brand">{storeName}</p>
            <p>Thoughtfully made goods, shipped with care.</p>
          </div>
          <nav aria-label="Shop">
            <h2>Shop</h2>
            <ul>
              {loaderData.nav.slice(0, 4).map((c) => (
                <li key={c.slug}>
                  <Link to={`/collections/${c.slug}`}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Help">
            <h2>Help</h2>
            <ul>
              <li>
                <Link to="/cart">Cart</Link>
              </li>
              <li>
                <Link to={shopper.signedIn ? '/account' : '/login'}>Your account</Link>
              </li>
              <li>
                <Link to="/plans">Membership plans</Link>
              </li>
              <li>
                <Link to="/preferences">Communication preferences</Link>
              </li>
              <li>
                <a href="/docs">API reference</a>
              </li>
            </ul>
          </nav>
        </div>
        <div className="container footer-row">
          <Credit storeName={storeName} />
        </div>
      </footer>
      {hydrated && (cartOpen || drawerUsed) ? (
        <Suspense fallback={null}>
          <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} />
        </Suspense>
      ) : null}
    </CartUi.Provider>
  );
}

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to content
    </a>
  );
}

function BrandLink({ storeName, logoUrl }: { storeName: string; logoUrl?: string | undefined }) {
  return (
    <Link to="/" className="brand" aria-label={`${storeName} home`}>
      {logoUrl ? (
        <img className="brand-logo" src={`${logoUrl}?w=96`} alt="" height={32} />
      ) : (
        <span className="brand-mark" aria-hidden="true">
          ◆
        </span>
      )}
      {storeName}
    </Link>
  );
}

function Credit({ storeName }: { storeName: string }) {
  return (
    <p>
      © {new Date().getFullYear()} {storeName} · Powered by Openshelf
    </p>
  );
}

function FocusedLayout({ storeName, logoUrl }: { storeName: string; logoUrl?: string | undefined }) {
  return (
    <>
      <SkipLink />
      <header className="site-header site-header-focused">
        <div className="container header-row">
          <BrandLink storeName={storeName} logoUrl={logoUrl} />
          <p className="secure-note">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                d="M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
            Secure checkout
          </p>
        </div>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="site-footer site-footer-focused">
        <div className="container footer-row">
          <Credit storeName={storeName} />
        </div>
      </footer>
    </>
  );
}

/** Quantities being added right now, so the cart badge counts them before the server answers. */
function pendingAdds(fetchers: ReturnType<typeof useFetchers>): number {
  let sum = 0;
  for (const fetcher of fetchers) {
    if (fetcher.formData?.get('intent') === 'add' && fetcher.state === 'submitting') {
      sum += Number(fetcher.formData.get('quantity') ?? 1) || 0;
    }
  }
  return sum;
}
