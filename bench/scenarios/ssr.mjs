// The server-rendered product page (`/products/{slug}`, storefront) on PostgreSQL and PGlite: React
// Router renders it in the API process, its loaders calling the API in-process. Two rows per engine:
// the page as anonymous shoppers get it, from the page cache (ADR 037; rendered once, then served from
// memory), and the render itself on a store started with PAGE_CACHE=off (every request renders; its
// `cpu ms/req` is the server's CPU per render).
import { log } from '../lib/harness.mjs';
import { ENGINES, startShop } from '../lib/shop.mjs';
import { LIST_PATH } from './catalog.mjs';

const VARIANTS = [
  { label: 'SSR product page, from the page cache', env: {}, expect: 'hit' },
  { label: 'SSR product page, rendered (PAGE_CACHE=off)', env: { PAGE_CACHE: 'off' }, expect: 'off' },
];

export async function run({ measure }) {
  const rows = [];
  const notes = {};
  for (const engine of ENGINES) {
    for (const variant of VARIANTS) {
      const shop = await startShop(engine, `ssr-${variant.expect}`, variant.env);
      try {
        const listed = await (await fetch(`${shop.url}${LIST_PATH}`)).json();
        const slug = listed.products?.[0]?.slug;
        const page = `/products/${slug}`;
        let probe = await fetch(`${shop.url}${page}`);
        let html = await probe.text();
        if (probe.status === 404) {
          const message = `SKIPPED: ${page} answers 404 — the storefront's product page route does not exist in this build yet`;
          log(`ssr (${engine}): ${message}`);
          notes[`${engine}: ${variant.label}`] = message;
          continue;
        }
        if (probe.status !== 200 || !html.includes('<html'))
          throw new Error(`${page} answered ${probe.status}: ${html.slice(0, 200)}`);
        // The row measures what it says: kept pages are hits, PAGE_CACHE=off renders every time.
        probe = await fetch(`${shop.url}${page}`);
        html = await probe.text();
        const state = probe.headers.get('x-page-cache');
        if (state !== variant.expect)
          throw new Error(`${page} answered x-page-cache: ${state}, expected ${variant.expect}`);
        rows.push(
          await measure(`${engine}: ${variant.label}`, `${shop.url}${page}`, { serverPid: shop.pid }),
        );
        if (variant.expect === 'off') rows.push(await measureFloor(measure, shop, engine));
      } finally {
        await shop.stop();
      }
    }
  }
  return { rows, notes };
}

/**
 * The least a rendered shop page costs: the not-found page, which calls no API (its loader only sets the
 * status) but renders inside the shop's layout — header with the collections, footer — through the same
 * React Router request handler, React render and Fastify reply as a product page. The product page's
 * row minus this one is what its own data and markup cost.
 */
async function measureFloor(measure, shop, engine) {
  const path = '/bench-floor/no-such-page';
  const probe = await fetch(`${shop.url}${path}`);
  const html = await probe.text();
  if (probe.status !== 404 || !html.includes('Page not found'))
    throw new Error(`${path} answered ${probe.status}: ${html.slice(0, 200)}`);
  return measure(`${engine}: ${FLOOR_LABEL}`, `${shop.url}${path}`, {
    serverPid: shop.pid,
    expectStatus: 404,
  });
}

const FLOOR_LABEL = 'SSR not-found page in the shop layout, no API call, rendered (PAGE_CACHE=off)';
