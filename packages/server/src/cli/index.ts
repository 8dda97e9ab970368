import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { createDb } from '../db/client.js';
import { MERCHANT_ROLES, type MerchantRole } from '../domains/access/access.schema.js';
import { createApiKey, listApiKeys, revokeApiKey } from '../domains/access/apikeys.service.js';
import { AppError } from '../http/errors.js';
import { IDENTITY_USAGE, runIdentityCommand } from './identity.js';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  apikeys create --name NAME [--role owner|staff|app]   create a merchant API key (printed once)
  apikeys list                                          list keys (without secrets)
  apikeys revoke ID                                     revoke a key
${IDENTITY_USAGE}

The CLI uses the same configuration as the server (DATABASE_URL, DATA_DIR, …).`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      role: { type: 'string' },
      kind: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      origin: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
  const [group, command, ...rest] = positionals;
  if (values.help || !group) {
    console.log(USAGE);
    return values.help ? 0 : 64;
  }
  const known = ['apikeys', 'oauth-clients', 'staff', 'identity'].includes(group);
  if (!known || !command || !['create', 'list', 'revoke', 'prune'].includes(command)) {
    console.error(`Unknown command "${positionals.join(' ')}".\n\n${USAGE}`);
    return 64;
  }
  const config = loadConfig();
  const database = await createDb(config.database);
  try {
    if (group !== 'apikeys') {
      if (await runIdentityCommand(database.db, group, command, values)) return 0;
      console.error(`Unknown command "${positionals.join(' ')}".\n\n${USAGE}`);
      return 64;
    }
    if (command === 'create') {
      if (!values.name) throw new Error('apikeys create needs --name NAME (e.g. --name "Mobile app")');
      const role = values.role ?? 'staff';
      if (!MERCHANT_ROLES.includes(role as MerchantRole)) {
        throw new Error(`--role must be one of ${MERCHANT_ROLES.join(', ')}`);
      }
      const key = await createApiKey(database.db, { name: values.name, role: role as MerchantRole });
      console.log(
        `Created ${key.role} key "${key.name}" (id ${key.id}). Store it now; it is not shown again:\n`,
      );
      console.log(key.secret);
    } else if (command === 'list') {
      const keys = await listApiKeys(database.db);
      if (keys.length === 0)
        console.log('No API keys yet. Create one with: npm run cli -- apikeys create --name NAME');
      for (const key of keys) {
        const state = key.revokedDate ? `revoked ${key.revokedDate.toISOString()}` : 'active';
        console.log(`${key.id}  ${key.role.padEnd(5)}  ${key.hint}  ${state}  ${key.name}`);
      }
    } else {
      const id = rest[0];
      if (!id) throw new Error('apikeys revoke needs the key id (see `npm run cli -- apikeys list`)');
      const key = await revokeApiKey(database.db, id);
      console.log(`Revoked key ${key.id} ("${key.name}").`);
    }
    return 0;
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
