import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { storefrontContext } from './lib/context';
import stylesHref from './styles.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { storeName } = context.get(storefrontContext);
  return { storeName };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const storeName = data?.storeName ?? 'Store';
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f2a44" />
        <Meta />
        <Links />
      </head>
      <body>
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
        <main id="main">{children}</main>
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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container error-page">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>
        {notFound
          ? 'The page you asked for does not exist. It may have moved, or the link may be mistyped.'
          : 'We could not show this page. Please try again in a moment.'}
      </p>
      <p>
        <Link to="/" className="button">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
