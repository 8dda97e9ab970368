import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './config.js';
import { createDb, redactUrl } from './db/client.js';
import { startFromDemoStore } from './demo-store.js';
import { installProcessGuards } from './process-guards.js';

/**
 * Everything but the database is loaded while the embedded database starts: PGlite compiles its
 * WebAssembly off the main thread, the modules load on it, and the two overlap (ADR 038).
 */
async function loadServerModules() {
  const [app, access, catalog, identity, media, storeSetup, health, banner] = await Promise.all([
    import('./app.js'),
    import('./domains/access/index.js'),
    import('./domains/catalog/index.js'),
    import('./domains/identity/index.js'),
    import('./domains/media/index.js'),
    import('./domains/store-setup/index.js'),
    import('./http/health.routes.js'),
    import('./start-banner.js'),
  ]);
  return {
    buildApp: app.buildApp,
    ensureOwnerKey: access.ensureOwnerKey,
    seedDemoCatalog: catalog.seedDemoCatalog,
    ensureBundledStorefrontClient: identity.ensureBundledStorefrontClient,
    ensureOwnerStaff: identity.ensureOwnerStaff,
    ownerLoginFileIn: identity.ownerLoginFileIn,
    mediaStorageFor: media.mediaStorageFor,
    ensureDemoStoreSetup: storeSetup.ensureDemoStoreSetup,
    Readiness: health.Readiness,
    startBanner: banner.startBanner,
  };
}

/** Whether a failed start prints the error's stack (LOG_LEVEL debug or trace), known once config is read. */
let printStack = false;

/** The process: config → database → app → listen, and an orderly close on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  printStack = config.logLevel === 'debug' || config.logLevel === 'trace';
  // The process keeps its files here (the storefront's client id, media; PGlite's directory under it), on
  // PostgreSQL too, where no embedded database would create it.
  try {
    mkdirSync(config.dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError([
      `DATA_DIR: ${config.dataDir} cannot be created (${(error as Error).message}); point it at a writable directory`,
    ]);
  }
  // PGlite's WebAssembly is compiled by Liftoff only: TurboFan's second compile of the hot functions held
  // ~65 MB more of the idle process and cost start-up CPU (ADR 038). Set before PGlite compiles it.
  if (config.database.kind === 'pglite') setFlagsFromString('--liftoff-only');
  // A fresh embedded store with the demo catalog starts as a copy of the demo store the build seeded.
  const demoStore =
    config.database.kind === 'pglite' && config.demoCatalog
      ? startFromDemoStore({
          pgliteDir: config.database.dataDir,
          mediaDir: config.mediaDir,
          currency: config.storeCurrency,
        })
      : undefined;
  const [database, modules] = await Promise.all([
    createDb(
      config.database.kind === 'postgres'
        ? config.database
        : {
            kind: 'pglite',
            dataDir: config.database.dataDir,
            templateDir: demoStore?.pgliteDir,
            onLockWait: (message) => console.warn(message),
          },
    ),
    loadServerModules(),
  ]);
  const {
    buildApp,
    ensureOwnerKey,
    seedDemoCatalog,
    ensureBundledStorefrontClient,
    ensureOwnerStaff,
    ownerLoginFileIn,
    mediaStorageFor,
    ensureDemoStoreSetup,
    Readiness,
    startBanner,
  } = modules;
  const readiness = new Readiness();
  const app = await buildApp({ config, database, readiness });
  let ownerLoginFile: string | undefined;

  if (database.kind === 'pglite') {
    const created = await ensureOwnerKey(database.db, config.dataDir);
    if (created) {
      app.log.info(`Created the owner API key (shown once): ${created.secret}`);
      app.log.info(
        `It is also saved in ${created.file}. Create more with \`npm run cli -- apikeys create\`.`,
      );
    }
    const owner = await ensureOwnerStaff(database.db, config.dataDir);
    ownerLoginFile = owner?.file ?? ownerLoginFileIn(config.dataDir);
    if (owner) {
      app.log.info(`Created the owner's admin login (shown once): ${owner.email} / ${owner.password}`);
      app.log.info(`It is also saved in ${owner.file}. Add staff with \`npm run cli -- staff create\`.`);
    }
    if (demoStore) {
      const { products, collections } = demoStore.manifest;
      app.log.info(
        `Started from the demo catalog the build seeded: ${products} products in ${collections} collections (DEMO_CATALOG=false starts empty)`,
      );
    }
    if (config.demoCatalog) {
      const demo = await ensureDemoStoreSetup(database.db, config.storeCurrency);
      if (demo) {
        app.log.info(
          `Set up the demo store: US and EU shipping, store pickup, tax, coupons SAVE10 and FREESHIP, and a demo gift card worth 50.00 ${config.storeCurrency} (shown once): ${demo.giftCardCode}`,
        );
      }
    }
  }
  const storefront = await ensureBundledStorefrontClient(database.db, config.publicUrl, config.dataDir);
  if (storefront.created) {
    app.log.info(
      `Created the OAuth client of the bundled storefront: ${storefront.client.id} (saved in ${storefront.file})`,
    );
  }

  let closing = false;
  const close = async (reason: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info(`${reason}: finishing in-flight requests and delivering due events, then closing`);
    const timer = setTimeout(() => {
      app.log.error(`Still busy after ${config.shutdownTimeoutMs} ms; exiting anyway`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(exitCode);
    } catch (error) {
      app.log.error({ err: error }, 'error while closing');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void close('SIGINT received'));
  process.once('SIGTERM', () => void close('SIGTERM received'));
  installProcessGuards(process, app.log, (reason, exitCode) => void close(reason, exitCode));

  await app.listen({ port: config.port, host: config.host }).catch((error: NodeJS.ErrnoException) => {
    throw listenProblem(error, config) ?? error;
  });
  if (config.eventsDispatch) app.dispatcher.start();
  if (config.scheduledJobs) for (const job of Object.values(app.jobs)) job.start();
  const where =
    database.kind === 'postgres' && config.database.kind === 'postgres'
      ? `PostgreSQL ${redactUrl(config.database.url)}`
      : `embedded PGlite in ${config.dataDir}`;
  app.log.info(
    `Openshelf ready in ${Math.round(performance.now() - startedAt)} ms on ${config.publicUrl} ` +
      `(database: ${where})`,
  );
  for (const line of startBanner(config, { databaseKind: database.kind, ownerLoginFile }))
    app.log[line.level](line.message);

  // The embedded store starts with a demo catalog. When it did not start as a copy of the built demo store
  // (another currency, an old build), the catalog is seeded after listen, so /healthz answers at once;
  // /readyz reports "starting" until the seed has committed. A copied store finds its products and is done.
  if (database.kind === 'pglite' && config.demoCatalog) {
    const finished = readiness.begin('demo catalog');
    seedDemoCatalog(database.db, mediaStorageFor(config), { currency: config.storeCurrency })
      .then((result) => {
        if (result.seeded)
          app.log.info(
            `Seeded the demo catalog: ${result.products} products in ${result.collections} collections (DEMO_CATALOG=false turns this off)`,
          );
      })
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'Seeding the demo catalog failed; the store starts empty'),
      )
      .finally(finished);
  }
}

/** A port or address the process cannot listen on, said as the setting to change (else undefined). */
function listenProblem(
  error: NodeJS.ErrnoException,
  config: { port: number; host: string },
): ConfigError | undefined {
  const where = `${config.host}:${config.port}`;
  if (error.code === 'EADDRINUSE')
    return new ConfigError([
      `PORT: ${where} is already in use by another program (another Openshelf?); stop it, or set PORT to a free port`,
    ]);
  if (error.code === 'EACCES')
    return new ConfigError([
      `PORT: ${config.port} needs privileges this process does not have; use a port above 1023 (e.g. PORT=3000) behind a proxy`,
    ]);
  if (error.code === 'EADDRNOTAVAIL')
    return new ConfigError([
      `HOST: ${config.host} is not an address of this machine; set one of its addresses, or 0.0.0.0 for all`,
    ]);
  return undefined;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  console.error('Openshelf failed to start:', error instanceof Error ? error.message : error);
  // The message says what went wrong and what to do; the stack is for whoever debugs the server itself.
  if (error instanceof Error && error.stack && printStack) console.error(error.stack);
  else console.error('(LOG_LEVEL=debug prints where it happened.)');
  process.exit(1);
});
