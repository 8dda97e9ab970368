import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { createDb } from '../db/client.js';
import { AppError, ValidationFailed } from '../lib/http/errors.js';
import { apiKeysCommands } from './apikeys.js';
import { catalogCommands } from './catalog.js';
import { type CommandGroup, UsageError } from './command.js';
import { identityCommands, oauthClientsCommands, staffCommands } from './identity.js';
import { webhooksCommands } from './webhooks.js';

/** Every command group; add new ones here. */
const GROUPS: CommandGroup[] = [
  apiKeysCommands,
  catalogCommands,
  oauthClientsCommands,
  staffCommands,
  identityCommands,
  webhooksCommands,
];

const USAGE = `Usage: npm run cli -- <command>

Commands:
${GROUPS.flatMap((group) => group.usage.map((line) => `  ${line}`)).join('\n')}

The CLI uses the same configuration as the server (DATABASE_URL, DATA_DIR, …).`;

async function main(argv: string[]): Promise<number> {
  const options = Object.fromEntries([
    ['help', { type: 'boolean' as const }],
    ...GROUPS.flatMap((group) => (group.options ?? []).map((name) => [name, { type: 'string' as const }])),
    ...GROUPS.flatMap((group) =>
      (group.multiOptions ?? []).map((name) => [name, { type: 'string' as const, multiple: true }]),
    ),
    ...GROUPS.flatMap((group) => (group.flags ?? []).map((name) => [name, { type: 'boolean' as const }])),
  ]);
  const parsed = parseArgs({ args: argv, allowPositionals: true, options });
  const positionals = parsed.positionals;
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const [groupName, command, ...args] = positionals;
  if (values.help || !groupName) {
    console.log(USAGE);
    return values.help ? 0 : 64;
  }
  const group = GROUPS.find((candidate) => candidate.name === groupName);
  if (!group) throw new UsageError(`Unknown command "${positionals.join(' ')}".`);
  const config = loadConfig();
  const database = await createDb(config.database);
  try {
    await group.run(command, { args, options: values, config, database });
    // Commands that report partial failure (e.g. an import with bad rows) set process.exitCode.
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof UsageError ||
      (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(64);
    }
    if (error instanceof ConfigError) console.error(error.message);
    else if (error instanceof ValidationFailed) console.error(error.message);
    else if (error instanceof AppError) console.error(`${error.message}: ${error.description}`);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
