import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from 'react-router';
import type { Route } from './+types/root';
import { storefrontContext, useNonce, useUnavailable } from './lib/context';
import { isHostedLinkProblem } from './lib/hosted-link';
import stylesHref from './styles.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { storeName, storeLogo } = context.get(storefrontContext);
  return { storeName, storeLogo };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const unavailable = useUnavailable();
  return (
    <html lang="en" {...(unavailable ? { 'data-unavailable': 'true' } : {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f2a44" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const unavailable = useUnavailable();
  const location = useLocation();
  if (isRouteErrorResponse(error) && isHostedLinkProblem(error.data)) {
    const { title, message, backUrl } = error.data.hostedLink;
    return (
      <section id="main" className="container error-page">
        <h1>{title}</h1>
        <p>{message} Go back to the shop you came from and start again from there.</p>
        <p>
          {backUrl ? (
            <a href={backUrl} className="button">
              Back to the shop
            </a>
          ) : (
            <Link to="/" className="button">
              Go to the home page
            </Link>
          )}
        </p>
      </section>
    );
  }
  if (unavailable) {
    return (
      <section id="main" className="container error-page">
        <h1>The shop is briefly unavailable</h1>
        <p>We could not reach everything this page needs just now. Please try again in a few seconds.</p>
        <p>
          <a href={`${location.pathname}${location.search}`} className="button">
            Try again
          </a>
        </p>
      </section>
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section id="main" className="container error-page">
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
