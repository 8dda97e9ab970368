import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { MerchantRole } from '../domains/access/access.schema.js';
import { createApiKey } from '../domains/access/apikeys.service.js';
import type { TokenResolver } from '../domains/access/auth.plugin.js';
import type { IdentityHooks } from '../domains/identity/index.js';
import { mediaStorageFor } from '../domains/media/index.js';
import type { EcomMailer } from '../domains/orders/emails/order-mail.service.js';
import type { PaymentProviders } from '../domains/payments/index.js';
import type { TaxProvider } from '../domains/pricing/totals/totals.types.js';
import { validatorPool } from '../lib/http/lazy-schema-compilers.js';
import { createTestDatabase } from './database.js';
import { sharingRenditions } from './renditions.js';
import { testShopperResolver } from './shoppers.js';

export { createTestDatabase, type TestDatabase, testDatabaseKind } from './database.js';
export { withDemoCatalog } from './demo-catalog.js';
export { memberToken, testShopperResolver, visitorToken } from './shoppers.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: () => Date;
  random?: () => number;
  storefront?: boolean;
  taxProvider?: TaxProvider;
  mailer?: EcomMailer;
  /**
   * Payment gateways in place of the sandbox (e.g. one that records or fails refunds), or made from the
   * test's database (a sandbox with its ledger).
   */
  paymentProviders?: PaymentProviders | ((db: Db) => PaymentProviders);
  /** Register extra routes before the app is readied (for testing shared HTTP machinery). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Extra token resolvers, e.g. SHOPPER_TOKENS to call as a visitor or member. */
  tokenResolvers?: TokenResolver[];
  /** Identity's extension points, to listen in on logins (the app makes its own otherwise). */
  identityHooks?: IdentityHooks;
}

/** Test tokens for shopper callers (until the identity domain issues real ones): "visitor-token", "member-token". */
export const SHOPPER_TOKENS: TokenResolver = async (token) => {
  if (token === 'visitor-token') return { kind: 'visitor', visitorId: 'v-1', sessionId: 's-1' };
  if (token === 'member-token') return { kind: 'member', memberId: 'm-1', sessionId: 's-2' };
  return undefined;
};

/**
 * The request validators every test app of this process compiles, kept across apps: a worker runs many
 * files (vitest's `isolate: false`), and each built its app's validators again, ~0.13 s of CPU per file.
 * Fastify's pool keys its Ajv by the shared schemas and options, and Ajv keeps a compiled schema by the
 * schema object, so an app whose route schemas differ still gets its own.
 */
const sharedValidators = validatorPool();

/**
 * A real app on a fresh database, API only by default, with logs off. Tests read e-mailed codes from the
 * open development mailbox (the explicit `DEV_MAILBOX=open`; a started store keeps it for the owner).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'openshelf-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEV_MAILBOX: 'open',
    ...options.env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: false,
    storefront: options.storefront ?? false,
    // The browser suites' pages ask for the demo images' renditions: encoded once per run, not per file.
    ...(options.storefront
      ? { mediaStorage: sharingRenditions(mediaStorageFor(config), config.mediaDir) }
      : {}),
    extraTokenResolvers: [testShopperResolver, ...(options.tokenResolvers ?? [])],
    validators: sharedValidators,
    ...(options.taxProvider ? { taxProvider: options.taxProvider } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.paymentProviders
      ? {
          paymentProviders:
            typeof options.paymentProviders === 'function'
              ? options.paymentProviders(database.db)
              : options.paymentProviders,
        }
      : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.identityHooks ? { identityHooks: options.identityHooks } : {}),
    ...(options.random ? { random: options.random } : {}),
  });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A merchant key of the given role, returned as the Authorization header value. */
export async function merchantKey(database: Database, role: MerchantRole = 'owner'): Promise<string> {
  const key = await createApiKey(database.db, { name: `test ${role}`, role });
  return key.secret;
}
export { makeCollection, makeProduct, makeTee, TEST_WRITE, testDocumentContext } from './catalog.js';
export { httpHelpers } from './http.js';
export { pollUntil } from './poll.js';
