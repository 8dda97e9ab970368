import { redirect } from 'react-router';
import type { Route } from './+types/product-page-redirect';

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/products/${encodeURIComponent(params.slug)}`, { status: 301 });
}
