// The server-rendered product page (`/products/{slug}`, storefront) on PostgreSQL and PGlite: React
// Router renders it in the API process, its loaders calling the API in-process. Skipped, saying so,
// while the storefront has no such route (it answers 404).
import { log } from '../lib/harness.mjs';
import { ENGINES, startShop } from '../lib/shop.mjs';
import { LIST_PATH } from './catalog.mjs';

export async function run({ measure }) {
  const rows = [];
  const notes = {};
  for (const engine of ENGINES) {
    const shop = await startShop(engine, 'ssr');
    try {
      const listed = await (await fetch(`${shop.url}${LIST_PATH}`)).json();
      const slug = listed.products?.[0]?.slug;
      const page = `/products/${slug}`;
      const probe = await fetch(`${shop.url}${page}`);
      const html = await probe.text();
      if (probe.status === 404) {
        const message = `SKIPPED: ${page} answers 404 — the storefront's product page route does not exist in this build yet`;
        log(`ssr (${engine}): ${message}`);
        notes[`${engine}: SSR product page`] = message;
        continue;
      }
      if (probe.status !== 200 || !html.includes('<html'))
        throw new Error(`${page} answered ${probe.status}: ${html.slice(0, 200)}`);
      rows.push(await measure(`${engine}: SSR product page`, `${shop.url}${page}`, { serverPid: shop.pid }));
    } finally {
      await shop.stop();
    }
  }
  return { rows, notes };
}
