// Catalog load scenarios (issues #3, #9): the storefront's product list (10 products with variants), the
// product page's data, and a filtered + sorted query on large generated catalogs (100k and 1M products by
// default, BENCH_PRODUCTS=100000,1000000), on PostgreSQL and on embedded PGlite (BENCH_ENGINES picks one). Every
// server runs as its own process in production mode (NODE_ENV=production, LOG_LEVEL=warn).
import { pgliteCatalog, postgresCatalog } from '../lib/catalogs.mjs';
import { createDatabase, log, ratioOf, runCli, serverEntry, startProcess, tempDir } from '../lib/harness.mjs';
import { ENGINES } from '../lib/shop.mjs';

const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The storefront's list call, as @wix/stores sends it: GET query-platformized with .r, 10 items. */
export const LIST_PATH = `/stores-reader/v1/products/query-platformized?.r=${encode({ query: { filter: {}, paging: { limit: 10, offset: 0 } } })}`;

/** A collection page with a price band, cheapest first: what a storefront filter UI sends. */
export function filteredPath(collectionId) {
  return `/stores-reader/v1/products/query-platformized?.r=${encode({
    query: {
      filter: {
        $and: [
          { collectionIds: { $hasSome: [collectionId] } },
          { price: { $gte: 20, $lt: 150 } },
          { inStock: true },
        ],
      },
      sort: [{ fieldName: 'price', order: 'ASC' }],
      paging: { limit: 20, offset: 40 },
    },
  })}`;
}

async function collectionId(baseUrl, slug) {
  const reply = await fetch(`${baseUrl}/v2/collections/slug/${slug}`);
  const body = await reply.json();
  if (!body.collection) throw new Error(`no collection ${slug}: ${JSON.stringify(body)}`);
  return body.collection.id;
}

async function check(baseUrl, path, expected) {
  const body = await (await fetch(`${baseUrl}${path}`)).json();
  const count = body.products?.length ?? 0;
  const variants = body.products?.reduce((sum, p) => sum + (p.variants?.length ?? 0), 0) ?? 0;
  if (count !== expected)
    throw new Error(`expected ${expected} products from ${path}, got ${JSON.stringify(body).slice(0, 300)}`);
  return {
    products: count,
    variants,
    total: body.metadata?.total,
    tooManyToCount: body.metadata?.tooManyToCount,
  };
}

const COMPRESSED_LIST = 'product list (10 with variants, Accept-Encoding as browsers send)';

const CACHE_MODES = [
  { label: '', env: {} },
  { label: ', uncached', env: { CATALOG_CACHE_SECONDS: '0' } },
];
// ADR 020: with the response cache off, a filter's total is still counted once and reused by later
// requests; this mode counts on every request too — the cost of the first view of a new filter.
const BIG_CATALOG_MODES = [
  ...CACHE_MODES,
  {
    label: ', uncached, counted every time',
    env: { CATALOG_CACHE_SECONDS: '0', CATALOG_COUNT_SECONDS: '0' },
  },
];

/** The demo store: product list and product page, with the public read cache on and off. */
async function demoStore(name, demoEnv, measure, rows, notes, baseline) {
  for (const cache of CACHE_MODES) {
    const demo = await startProcess(`api (${name}, demo${cache.label})`, [serverEntry], {
      ...demoEnv,
      ...cache.env,
    });
    try {
      notes[`${name}: product list response`] = await check(demo.url, LIST_PATH, 10);
      const list = await measure(
        `${name}: product list (10 with variants${cache.label})`,
        `${demo.url}${LIST_PATH}`,
        { serverPid: demo.pid },
      );
      rows.push(list);
      if (cache.label === '' && baseline) {
        // The same number of bytes from bare Fastify: how much of the gap to "hello" is the reply's size.
        const sameBytes = await measure(
          `baseline: fastify, a ${Math.round(list.bytesPerRequest / 1024)} KB reply (as ${name}'s list)`,
          `${baseline.url}/bytes/${list.bytesPerRequest}`,
          { serverPid: baseline.pid },
        );
        rows.push(sameBytes);
        notes[`${name}: cached product list vs bare Fastify sending as many bytes`] = Number(
          (list.requestsPerSecond / sameBytes.requestsPerSecond).toFixed(3),
        );
        // What browsers ask for: the cached list goes out Brotli-compressed (autocannon sends no
        // Accept-Encoding of its own, so the row above is the uncompressed reply).
        rows.push(
          await measure(`${name}: ${COMPRESSED_LIST}`, `${demo.url}${LIST_PATH}`, {
            serverPid: demo.pid,
            headers: { 'accept-encoding': 'gzip, deflate, br' },
          }),
        );
      }
      const listed = await (await fetch(`${demo.url}${LIST_PATH}`)).json();
      const withVariants = listed.products.find((p) => p.variants?.length > 1) ?? listed.products[0];
      const pagePath = `/stores-reader/v1/products/${withVariants.id}`;
      rows.push(
        await measure(
          `${name}: product page data (${withVariants.variants?.length ?? 1} variants${cache.label})`,
          `${demo.url}${pagePath}`,
        ),
      );
    } finally {
      await demo.stop();
    }
  }
}

/** A generated catalog: the collection + price band query sorted by price, cached and uncached. */
async function bigCatalog(name, env, products, measure, rows, notes) {
  for (const cache of BIG_CATALOG_MODES) {
    const big = await startProcess(`api (${name}, ${products}${cache.label})`, [serverEntry], {
      ...env,
      ...cache.env,
    });
    try {
      const filtered = filteredPath(await collectionId(big.url, 'kitchen'));
      notes[`${name}: filtered query response (${products}${cache.label})`] = await check(
        big.url,
        filtered,
        20,
      );
      rows.push(
        await measure(
          `${name}: filtered+sorted query (${sizeLabel(products)}${cache.label})`,
          `${big.url}${filtered}`,
        ),
      );
    } finally {
      await big.stop();
    }
  }
}

export const sizeLabel = (products) =>
  products >= 1_000_000 ? `${products / 1_000_000}M` : `${Math.round(products / 1000)}k`;

/** Catalog sizes: BENCH_PRODUCTS for both engines, BENCH_PGLITE_PRODUCTS to give PGlite its own. */
export function catalogSizes(engine = 'postgres') {
  const pgliteOwn = engine === 'pglite' ? process.env.BENCH_PGLITE_PRODUCTS : undefined;
  return String(pgliteOwn ?? process.env.BENCH_PRODUCTS ?? '100000,1000000')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

export async function run({ measure, baseline }) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const rows = [];
  const notes = {};

  if (ENGINES.includes('postgres')) {
    log('PostgreSQL: a fresh database for the demo catalog');
    const demoDb = await createDatabase(adminUrl, 'demo');
    try {
      const demoEnv = { DATABASE_URL: demoDb.url, DATA_DIR: tempDir('pg-demo') };
      runCli(['catalog', 'seed'], demoEnv);
      await demoStore('postgres', demoEnv, measure, rows, notes, baseline);
    } finally {
      await demoDb.drop();
    }
    for (const products of catalogSizes())
      await bigCatalog('postgres', await postgresCatalog(products), products, measure, rows, notes);
  }
  if (ENGINES.includes('pglite')) {
    await demoStore('pglite', { DATA_DIR: tempDir('pglite-demo') }, measure, rows, notes, baseline);
    for (const products of catalogSizes('pglite'))
      await bigCatalog('pglite', pgliteCatalog(products), products, measure, rows, notes);
  }
  const largest = (engine) => sizeLabel(Math.max(...catalogSizes(engine)));
  return {
    rows,
    notes,
    // The targets are for the server as it runs by default, with its public read cache on; the
    // rows with the cache off show what a miss costs and carry no target.
    targets: [
      ...(ENGINES.includes('postgres')
        ? [
            ...['product list (10 with variants)', COMPRESSED_LIST].map((list) => ({
              label: `postgres: ${list}`,
              target: '≥ 0.40 of bare Fastify (PostgreSQL)',
              met: (row) => ratioOf(row) >= 0.4,
            })),
          ]
        : []),
      ...ENGINES.map((engine) => ({
        label: `${engine}: filtered+sorted query (${largest(engine)})`,
        target: `p99 ≤ 20 ms on ${largest(engine)} products`,
        met: (row) => row.p99Ms <= 20,
      })),
    ],
  };
}
