import type { Database } from '../db/client.js';
import { MERCHANT_ROLES, type MerchantRole } from '../domains/access/access.schema.js';
import { createApiKey, listApiKeys, revokeApiKey } from '../domains/access/apikeys.service.js';

export const APIKEYS_USAGE = `  apikeys create --name NAME [--role owner|staff|app]   create a merchant API key (printed once)
  apikeys list                                          list keys (without secrets)
  apikeys revoke ID                                     revoke a key`;

export async function apikeysCommand(
  database: Database,
  command: string,
  args: string[],
  values: { name?: string; role?: string },
): Promise<void> {
  if (command === 'create') {
    if (!values.name) throw new Error('apikeys create needs --name NAME (e.g. --name "Mobile app")');
    const role = values.role ?? 'staff';
    if (!MERCHANT_ROLES.includes(role as MerchantRole))
      throw new Error(`--role must be one of ${MERCHANT_ROLES.join(', ')}`);
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
    const id = args[0];
    if (!id) throw new Error('apikeys revoke needs the key id (see `npm run cli -- apikeys list`)');
    const key = await revokeApiKey(database.db, id);
    console.log(`Revoked key ${key.id} ("${key.name}").`);
  }
}
