import { data, Link } from 'react-router';
import { seo } from '../../lib/seo';
import type { Route } from './+types/not-found';

export function meta() {
  return seo({ title: 'Page not found', noindex: true });
}

// A real 404 status, rendered inside the shop's chrome so the visitor can carry on shopping.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound(_: Route.ComponentProps) {
  return <NotFoundContent />;
}

export function NotFoundContent({ what = 'page' }: { what?: string }) {
  return (
    <section className="container error-page">
      <p className="eyebrow">Error 404</p>
      <h1>Page not found</h1>
      <p className="lead">
        We could not find the {what} you asked for. It may have moved, or the link may be mistyped.
      </p>
      <p className="actions">
        <Link to="/" className="button">
          Back to the home page
        </Link>{' '}
        <Link to="/search" className="button button-secondary">
          Browse all products
        </Link>
      </p>
    </section>
  );
}
