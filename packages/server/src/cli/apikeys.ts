import {
  createApiKey,
  listApiKeys,
  MERCHANT_ROLES,
  type MerchantRole,
  revokeApiKey,
} from '../domains/access/index.js';
import { type CommandGroup, UsageError } from './command.js';

export const apiKeysCommands: CommandGroup = {
  name: 'apikeys',
  usage: [
    'apikeys create --name NAME [--role owner|staff|app]   create a merchant API key (printed once)',
    'apikeys list                                          list keys (without secrets)',
    'apikeys revoke ID                                     revoke a key',
  ],
  options: ['name', 'role'],
  async run(command, { args, options, database, out }) {
    const db = database.db;
    if (command === 'create') {
      const name = options.name;
      const role = (options.role ?? 'staff') as MerchantRole;
      if (typeof name !== 'string')
        throw new UsageError('apikeys create needs --name NAME (e.g. --name "Mobile app")');
      if (!MERCHANT_ROLES.includes(role))
        throw new UsageError(`--role must be one of ${MERCHANT_ROLES.join(', ')}`);
      const key = await createApiKey(db, { name, role });
      out.log(`Created ${key.role} key "${key.name}" (id ${key.id}). Store it now; it is not shown again:\n`);
      out.log(key.secret);
    } else if (command === 'list') {
      const keys = await listApiKeys(db);
      if (keys.length === 0)
        out.log('No API keys yet. Create one with: npm run cli -- apikeys create --name NAME');
      for (const key of keys) {
        const state = key.revokedDate ? `revoked ${key.revokedDate.toISOString()}` : 'active';
        out.log(`${key.id}  ${key.role.padEnd(5)}  ${key.hint}  ${state}  ${key.name}`);
      }
    } else if (command === 'revoke') {
      const id = args[0];
      if (!id) throw new UsageError('apikeys revoke needs the key id (see `npm run cli -- apikeys list`)');
      const key = await revokeApiKey(db, id);
      out.log(`Revoked key ${key.id} ("${key.name}").`);
    } else {
      throw new UsageError(`Unknown command "apikeys ${command ?? ''}".`);
    }
  },
};
