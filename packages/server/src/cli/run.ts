import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { createDb, type Database } from '../db/client.js';
import { AppError, ValidationFailed } from '../lib/http/errors.js';
import { apiKeysCommands } from './apikeys.js';
import { catalogCommands } from './catalog.js';
import { type CommandGroup, type CommandOutput, DataError, UsageError } from './command.js';
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

/** What a run of the CLI reads and writes beyond its arguments. */
export interface CliIo {
  /** Its configuration, as the server reads it (DATABASE_URL, DATA_DIR, …). */
  env: Record<string, string | undefined>;
  out: CommandOutput;
  /** An open database to use (and leave open) instead of opening the configured one. */
  database?: Database;
}

/**
 * Runs one command line and resolves to its exit code: 0, 1 for a failure, 64 for a usage mistake, 65 for
 * bad data and 78 for a bad setting. Every problem is printed, with what to do next, on `out.error`; nothing is thrown.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    return await runCommand(argv, io);
  } catch (error) {
    const { out } = io;
    if (
      error instanceof UsageError ||
      (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      out.error(`${error.message}\n\n${USAGE}`);
      return 64;
    }
    if (error instanceof DataError) {
      out.error(error.message);
      return 65;
    }
    // The server's own code for a bad environment (EX_CONFIG): a script can tell "fix the settings" apart.
    if (error instanceof ConfigError) {
      out.error(error.message);
      return 78;
    }
    if (error instanceof ValidationFailed) out.error(error.message);
    else if (error instanceof AppError) out.error(`${error.message}: ${error.description}`);
    else out.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

async function runCommand(argv: string[], io: CliIo): Promise<number> {
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
    io.out.log(USAGE);
    return values.help ? 0 : 64;
  }
  const group = GROUPS.find((candidate) => candidate.name === groupName);
  if (!group) throw new UsageError(`Unknown command "${positionals.join(' ')}".`);
  const config = loadConfig(io.env);
  const database =
    io.database ??
    (await createDb(
      config.database.kind === 'pglite'
        ? { ...config.database, onLockWait: (message) => io.out.error(message) }
        : config.database,
    ));
  try {
    await group.run(command, { args, options: values, config, database, out: io.out });
    return 0;
  } finally {
    if (!io.database) await database.close();
  }
}
