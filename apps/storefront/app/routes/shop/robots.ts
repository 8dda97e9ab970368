import { storefrontContext } from '../../lib/context';
import type { Route } from './+types/robots';

// Private pages (cart, checkout, orders, account, admin) are never worth indexing.
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(storefrontContext);
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /cart',
    'Disallow: /checkout/',
    'Disallow: /thank-you/',
    'Disallow: /account',
    'Disallow: /admin',
    `Sitemap: ${publicUrl.replace(/\/$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
