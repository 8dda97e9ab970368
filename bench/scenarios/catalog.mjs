// Catalog load scenarios (issue #3): the storefront's product list (10 products with variants) and a
// filtered + sorted query on a large generated catalog, on PostgreSQL and on embedded PGlite. Every
// server runs as its own process in production mode (NODE_ENV=production, LOG_LEVEL=warn).
import { createDatabase, log, runCli, serverEntry, startProcess, tempDir } from '../lib/harness.mjs';

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

/**
 * One engine: the product list on the demo store and the filtered query on the big catalog, each with
 * the public read cache on (the default) and off (every request reaches the database).
 */
async function engine(name, demoEnv, bigEnv, products, measure, rows, notes) {
  for (const cache of ['on', 'off']) {
    const env = cache === 'on' ? {} : { CATALOG_CACHE_SECONDS: '0' };
    const label = cache === 'on' ? '' : ', uncached';
    const demo = await startProcess(`api (${name}, demo${label})`, [serverEntry], { ...demoEnv, ...env });
    notes[`${name}: product list response`] = await check(demo.url, LIST_PATH, 10);
    rows.push(await measure(`${name}: product list (10 with variants${label})`, `${demo.url}${LIST_PATH}`));
    await demo.stop();
    const big = await startProcess(`api (${name}, ${products}${label})`, [serverEntry], {
      ...bigEnv,
      ...env,
    });
    const filtered = filteredPath(await collectionId(big.url, 'kitchen'));
    notes[`${name}: filtered query response`] = await check(big.url, filtered, 20);
    rows.push(
      await measure(`${name}: filtered+sorted query (${products / 1000}k${label})`, `${big.url}${filtered}`),
    );
    await big.stop();
  }
}

export async function run({ measure }) {
  const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const rows = [];
  const notes = {};

  log('PostgreSQL: creating two fresh databases');
  const demoDb = await createDatabase(adminUrl, 'demo');
  const bigDb = await createDatabase(adminUrl, 'big');
  try {
    const demoDir = tempDir('pg-demo');
    log('PostgreSQL: seeding the demo catalog');
    runCli(['catalog', 'seed'], { DATABASE_URL: demoDb.url, DATA_DIR: demoDir });
    log(`PostgreSQL: generating ${products} products`);
    const bigDir = tempDir('pg-big');
    runCli(['catalog', 'generate', '--products', String(products)], {
      DATABASE_URL: bigDb.url,
      DATA_DIR: bigDir,
    });
    await engine(
      'postgres',
      { DATABASE_URL: demoDb.url, DATA_DIR: demoDir },
      { DATABASE_URL: bigDb.url, DATA_DIR: bigDir },
      products,
      measure,
      rows,
      notes,
    );
  } finally {
    await demoDb.drop();
    await bigDb.drop();
  }

  const pgliteDemo = tempDir('pglite-demo');
  const pgliteBig = tempDir('pglite-big');
  log(`PGlite: generating ${products} products (embedded, one query at a time)`);
  runCli(['catalog', 'generate', '--products', String(products)], { DATA_DIR: pgliteBig });
  await engine(
    'pglite',
    { DATA_DIR: pgliteDemo },
    { DATA_DIR: pgliteBig, DEMO_CATALOG: 'false' },
    products,
    measure,
    rows,
    notes,
  );
  return { rows, notes };
}
