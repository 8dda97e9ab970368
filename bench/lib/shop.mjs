// A running store for the shopper scenarios (cart, flow, ssr): the same set-up on PostgreSQL and PGlite,
// with an owner key, a pickup location (physical orders need a way to be received), the demo catalog
// and visitor tokens minted through the real OAuth endpoint.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  createDatabase,
  log,
  runCli,
  runCliCapture,
  serverEntry,
  startProcess,
  tempDir,
} from './harness.mjs';

/** BENCH_ENGINES=postgres (or pglite) measures one engine only; both by default. */
export const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name === 'postgres' || name === 'pglite');
const adminUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Starts a demo store on one engine; `stop()` ends the process and drops its database. */
export async function startShop(engine, label, extraEnv = {}, nodeArgs = []) {
  const dataDir = tempDir(`${engine}-${label}`);
  // Every simulated shopper comes from loopback: no per-IP visitor limit in the load scenarios.
  let env = { DATA_DIR: dataDir, VISITOR_TOKENS_PER_IP: '0', ...extraEnv };
  let database;
  if (engine === 'postgres') {
    database = await createDatabase(adminUrl(), label.replace(/[^a-z0-9]/g, '_'));
    env = { ...env, DATABASE_URL: database.url };
    log(`${engine}: seeding the demo catalog`);
    runCli(['catalog', 'seed'], env);
  }
  try {
    const server = await startProcess(`api (${engine}, ${label})`, [...nodeArgs, serverEntry], env);
    const ownerKey =
      engine === 'postgres'
        ? runCliCapture(['apikeys', 'create', '--name', 'bench', '--role', 'owner'], env).match(
            /osk_[A-Za-z0-9_]+/,
          )?.[0]
        : readFileSync(path.join(dataDir, 'owner-api-key.txt'), 'utf8').trim();
    if (!ownerKey) throw new Error(`no owner key for the ${engine} store`);
    const clientId = readFileSync(path.join(dataDir, 'storefront-client-id.txt'), 'utf8').trim();
    const shop = {
      engine,
      url: server.url,
      pid: server.pid,
      env,
      ownerKey,
      clientId,
      stop: async () => {
        await server.stop();
        await database?.drop();
      },
    };
    if (engine === 'postgres') await ensurePickup(shop);
    return shop;
  } catch (error) {
    await database?.drop();
    throw error;
  }
}

async function ensurePickup(shop) {
  const reply = await fetch(`${shop.url}/admin-api/v1/pickup-locations`, {
    method: 'POST',
    headers: { authorization: shop.ownerKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      pickupLocation: {
        code: 'bench-pickup',
        title: 'Bench pickup',
        method: 'STORE_PICKUP',
        address: { country: 'US', subdivision: 'US-NY', city: 'New York', addressLine: '1 Spring St' },
      },
    }),
  });
  if (!reply.ok) throw new Error(`creating a pickup location failed: ${reply.status} ${await reply.text()}`);
}

/** `count` anonymous visitor tokens from POST /oauth2/token (one per load-test connection). */
export async function visitorTokens(shop, count) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const reply = await call(shop, 'POST', '/oauth2/token', undefined, {
      clientId: shop.clientId,
      grantType: 'anonymous',
    });
    tokens.push(reply.access_token);
  }
  return tokens;
}

/** One JSON call; throws with the reply on anything but 200. */
export async function call(shop, method, urlPath, token, body) {
  const reply = await fetch(`${shop.url}${urlPath}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await reply.text();
  if (reply.status !== 200) throw new Error(`${method} ${urlPath} → ${reply.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A visible product without variant choices that any number of buyers can take (stock untracked). */
export async function benchProduct(shop) {
  const { product } = await call(shop, 'POST', '/stores/v1/products', shop.ownerKey, {
    product: {
      name: `Bench mug ${shop.engine}`,
      productType: 'physical',
      priceData: { price: 12.5 },
      visible: true,
    },
  });
  return product;
}

export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
export const lineItem = (productId, quantity = 1) => ({
  catalogReference: { appId: STORES_APP_ID, catalogItemId: productId },
  quantity,
});

/**
 * Hands out tokens round-robin. autocannon resets a connection's context at the start of each pass
 * through its request list, so each pass (one add, or one whole shopping flow) takes the next token;
 * with several times more tokens than connections, two in-flight passes rarely share a cart.
 */
export function rotate(tokens) {
  let next = 0;
  return () => tokens[next++ % tokens.length];
}
