import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { createDb } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { APIKEYS_USAGE, apikeysCommand } from './apikeys.js';
import { CATALOG_USAGE, catalogCommand } from './catalog.js';

const USAGE = `Usage: npm run cli -- <command>

Commands:
${APIKEYS_USAGE}
${CATALOG_USAGE}

The CLI uses the same configuration as the server (DATABASE_URL, DATA_DIR, STORE_CURRENCY, …).`;

const COMMANDS: Record<string, string[]> = {
  apikeys: ['create', 'list', 'revoke'],
  catalog: ['seed', 'import', 'export', 'generate'],
};

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      role: { type: 'string' },
      products: { type: 'string' },
      seed: { type: 'string' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const [group, command, ...rest] = positionals;
  if (values.help || !group) {
    console.log(USAGE);
    return values.help ? 0 : 64;
  }
  if (!command || !COMMANDS[group]?.includes(command)) {
    console.error(`Unknown command "${positionals.join(' ')}".\n\n${USAGE}`);
    return 64;
  }
  const config = loadConfig();
  const database = await createDb(config.database);
  try {
    if (group === 'apikeys') await apikeysCommand(database, command, rest, values);
    else await catalogCommand(config, database, command, rest, values);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else if (error instanceof AppError) console.error(`${error.message}: ${error.description}`);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
