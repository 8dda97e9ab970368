import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import {
  countProducts,
  exportCollections,
  exportProducts,
  generateCatalog,
  ImportFailed,
  importCatalog,
  seedDemoCatalog,
} from '../domains/catalog/index.js';
import { mediaStorageFor } from '../domains/media/index.js';
import { getStoreCommerce } from '../domains/store-setup/index.js';
import { type CommandGroup, type CommandOutput, DataError, UsageError } from './command.js';
import { readCatalogFile, writeCatalogFile } from './files.js';
import { progressBar } from './progress.js';

export const CATALOG_USAGE = `  catalog seed                                          seed the demo catalog (only into an empty catalog)
  catalog import FILE [--dry-run]                       import products/collections from .json, .yaml or .csv
  catalog export FILE                                   export the catalog to .json, .yaml or .csv
  catalog generate --products N [--seed S]              add N synthetic products (benchmarks)`;

const CLI_ACTOR = { identityType: 'WIX_USER' as const, id: 'cli' };

export async function catalogCommand(
  config: Config,
  database: Database,
  command: string,
  args: string[],
  values: { products?: string; seed?: string; 'dry-run'?: boolean },
  out: CommandOutput,
): Promise<void> {
  // The currency the owner set in the admin (STORE_CURRENCY until then): imports and exports use it.
  const { currency } = await getStoreCommerce(database.db, config.storeCurrency);
  const ctx = { actor: CLI_ACTOR, currency };
  switch (command) {
    case 'seed': {
      const bar = progressBar('Seeding', out.progress);
      const result = await seedDemoCatalog(database.db, mediaStorageFor(config), {
        currency,
        onProgress: bar.update,
      });
      bar.stop();
      out.log(
        result.seeded
          ? `Seeded the demo catalog: ${result.products} products in ${result.collections} collections.`
          : 'The catalog already has products; nothing was seeded.',
      );
      return;
    }
    case 'import': {
      const file = args[0];
      if (!file) throw new Error('catalog import needs a file: npm run cli -- catalog import products.csv');
      const rows = readCatalogFile(file);
      const bar = progressBar(values['dry-run'] ? 'Checking' : 'Importing', out.progress);
      try {
        const result = await importCatalog(database.db, rows, ctx, {
          dryRun: values['dry-run'] === true,
          onProgress: bar.update,
        });
        bar.stop();
        const verb = result.dryRun ? 'Would import' : 'Imported';
        out.log(
          `${verb} ${result.products.created} new and ${result.products.updated} updated products, ` +
            `${result.collections.created} new and ${result.collections.updated} updated collections from ${file}.`,
        );
      } catch (error) {
        bar.stop();
        if (!(error instanceof ImportFailed)) throw error;
        const problems = error.problems
          .slice(0, 200)
          .map((problem) => `  ${problem.position}: "${problem.field}" ${problem.description}`);
        if (error.problems.length > 200) problems.push(`  … and ${error.problems.length - 200} more`);
        throw new DataError([`${error.message}:`, ...problems].join('\n'));
      }
      return;
    }
    case 'export': {
      const file = args[0];
      if (!file) throw new Error('catalog export needs a file: npm run cli -- catalog export catalog.json');
      const total = (await countProducts(database.db, currency)) ?? 0;
      const bar = progressBar('Exporting', out.progress);
      const collections = await exportCollections(database.db, config.publicUrl);
      const count = await writeCatalogFile(
        file,
        collections,
        exportProducts(database.db, { publicUrl: config.publicUrl, currency }),
        (done) => bar.update(done, Math.max(total, done)),
      );
      bar.stop();
      out.log(`Exported ${count} products and ${collections.length} collections to ${file}.`);
      return;
    }
    case 'generate': {
      const count = Number(values.products);
      if (!Number.isSafeInteger(count) || count < 1 || count > 10_000_000) {
        throw new Error('catalog generate needs --products N (1 to 10000000), e.g. --products 100000');
      }
      const bar = progressBar('Generating', out.progress);
      const started = performance.now();
      const result = await generateCatalog(
        database.db,
        { products: count, seed: values.seed ? Number(values.seed) : undefined },
        ctx,
        bar.update,
      );
      bar.stop();
      out.log(
        `Generated ${result.products} products (${result.variants} variants) in ${result.collections} collections ` +
          `in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      );
      return;
    }
  }
}

export const catalogCommands: CommandGroup = {
  name: 'catalog',
  usage: CATALOG_USAGE.split('\n').map((line) => line.replace(/^ {2}/, '')),
  options: ['products', 'seed'],
  flags: ['dry-run'],
  run: (command, { config, database, args, options, out }) => {
    if (!command || !['seed', 'import', 'export', 'generate'].includes(command)) {
      throw new UsageError(
        `Unknown command "catalog ${command ?? ''}": use seed, import, export or generate.`,
      );
    }
    return catalogCommand(
      config,
      database,
      command,
      args,
      options as { products?: string; seed?: string; 'dry-run'?: boolean },
      out,
    );
  },
};
