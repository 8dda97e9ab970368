// Large generated catalogs for the query scenarios, kept between runs because generating 1M products
// takes minutes: on PostgreSQL a database named after the size (`openshelf_bench_catalog_<N>`), on PGlite
// a data directory under bench/.cache/. Delete either to regenerate; BENCH_FRESH=1 ignores them.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { log, root, runCli } from './harness.mjs';

const adminUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const fresh = () => process.env.BENCH_FRESH === '1';

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The environment of a PostgreSQL database holding `products` generated products (made if missing). */
export async function postgresCatalog(products) {
  const name = `openshelf_bench_catalog_${products}`;
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const dataDir = path.join(root, 'bench/.cache', `postgres-${products}`);
  mkdirSync(dataDir, { recursive: true });
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
  const exists = await withClient(adminUrl(), async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount && fresh()) await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
    return Boolean(found.rowCount) && !fresh();
  });
  if (exists) {
    const count = await withClient(env.DATABASE_URL, async (client) => {
      const marker = await client.query("SELECT to_regclass('public.bench_generated') AS t");
      if (!marker.rows[0].t) return 0;
      return Number((await client.query('SELECT products FROM bench_generated')).rows[0]?.products ?? 0);
    });
    if (count === products) {
      log(`PostgreSQL: reusing the generated ${products}-product catalog in ${name}`);
      return env;
    }
    log(`PostgreSQL: ${name} is incomplete (an interrupted run?); generating it again`);
    await withClient(adminUrl(), (client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`));
  }
  await withClient(adminUrl(), (client) => client.query(`CREATE DATABASE ${name}`));
  log(`PostgreSQL: generating ${products} products into ${name} (kept for later runs)`);
  runCli(['catalog', 'generate', '--products', String(products)], env);
  await withClient(env.DATABASE_URL, async (client) => {
    await client.query('VACUUM ANALYZE');
    await client.query('CREATE TABLE bench_generated (products integer NOT NULL)');
    await client.query('INSERT INTO bench_generated VALUES ($1)', [products]);
  });
  return env;
}

/** The environment of a PGlite data directory holding `products` generated products (made if missing). */
export function pgliteCatalog(products) {
  const dataDir = path.join(root, 'bench/.cache', `pglite-${products}`);
  const marker = path.join(dataDir, 'bench-generated.txt');
  const env = { DATA_DIR: dataDir, DEMO_CATALOG: 'false' };
  if (existsSync(marker) && !fresh()) {
    log(`PGlite: reusing the generated ${products}-product catalog in ${dataDir}`);
    return env;
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  log(`PGlite: generating ${products} products into ${dataDir} (kept for later runs)`);
  runCli(['catalog', 'generate', '--products', String(products)], env);
  writeFileSync(marker, `${products}\n`);
  return env;
}
