import { listCollections } from '../../lib/catalog.server';
import { storefrontContext } from '../../lib/context';
import { getSession } from '../../lib/session.server';
import type { Route } from './+types/sitemap';

const MAX_URLS = 50_000; // the sitemap protocol's limit per file

export async function loader({ request, context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(storefrontContext);
  const { catalog } = await getSession(request, context);
  const base = publicUrl.replace(/\/$/, '');
  const urls: { loc: string; lastmod?: string }[] = [{ loc: `${base}/` }];
  for (const c of await listCollections(catalog)) urls.push({ loc: `${base}/collections/${c.slug}` });
  // Page through every visible product (100 per call, the API's maximum).
  let page = await catalog.products.query({ includeVariants: false }).limit(100).find();
  for (;;) {
    for (const p of page.items) {
      urls.push({ loc: `${base}/products/${p.slug}`, lastmod: p.lastUpdated.toISOString() });
    }
    if (!page.hasNext() || urls.length >= MAX_URLS) break;
    page = await page.next();
  }
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls
      .slice(0, MAX_URLS)
      .map(
        (u) =>
          `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
      ),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
