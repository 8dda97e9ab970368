import type { Db } from '../db/client.js';
import { STAFF_ROLES, type StaffRole } from '../domains/identity/identity.schema.js';
import { pruneExpiredIdentityRows } from '../domains/identity/maintenance.service.js';
import { createOAuthClient, listOAuthClients } from '../domains/identity/oauth-clients.service.js';
import { createStaffUser, listStaffUsers } from '../domains/identity/staff.service.js';

export const IDENTITY_USAGE = `  oauth-clients create --name NAME [--kind public|confidential] [--redirect-uri URI]… [--origin ORIGIN]…
                                                        register an OAuth client (apps, storefronts)
  oauth-clients list                                    list OAuth clients
  staff create --email EMAIL [--role owner|staff] [--password PW]
                                                        create an admin login (password generated if none)
  staff list                                            list staff accounts
  identity prune                                        delete expired tokens, codes and old sessions`;

export interface IdentityCliValues {
  name?: string;
  kind?: string;
  role?: string;
  email?: string;
  password?: string;
  'redirect-uri'?: string[];
  origin?: string[];
}

/** `oauth-clients …` and `staff …`; returns false for commands it does not know. */
export async function runIdentityCommand(
  db: Db,
  group: string,
  command: string,
  values: IdentityCliValues,
): Promise<boolean> {
  if (group === 'oauth-clients' && command === 'create') {
    if (!values.name) throw new Error('oauth-clients create needs --name NAME (e.g. --name "Mobile app")');
    const kind = values.kind ?? 'public';
    if (kind !== 'public' && kind !== 'confidential')
      throw new Error('--kind must be public or confidential');
    const { client, secret } = await createOAuthClient(db, {
      name: values.name,
      kind,
      redirectUris: values['redirect-uri'] ?? [],
      allowedOrigins: values.origin ?? [],
    });
    console.log(`Created ${client.kind} OAuth client "${client.name}". Client id:\n\n${client.id}\n`);
    if (secret) console.log(`Client secret (shown once; store it now):\n\n${secret}\n`);
    return true;
  }
  if (group === 'oauth-clients' && command === 'list') {
    const clients = await listOAuthClients(db);
    if (clients.length === 0)
      console.log('No OAuth clients yet. Create one with: npm run cli -- oauth-clients create --name NAME');
    for (const client of clients) {
      const state = client.disabledDate ? 'disabled' : 'enabled';
      console.log(
        `${client.id}  ${client.kind.padEnd(12)}  ${state}  ${client.name}  origins: ${client.allowedOrigins.join(' ') || '-'}  redirects: ${client.redirectUris.join(' ') || '-'}`,
      );
    }
    return true;
  }
  if (group === 'staff' && command === 'create') {
    if (!values.email) throw new Error('staff create needs --email EMAIL');
    const role = (values.role ?? 'staff') as StaffRole;
    if (!STAFF_ROLES.includes(role)) throw new Error(`--role must be one of ${STAFF_ROLES.join(', ')}`);
    const { staff, password } = await createStaffUser(db, {
      email: values.email,
      role,
      ...(values.password ? { password: values.password } : {}),
    });
    console.log(`Created ${staff.role} login ${staff.email} (id ${staff.id}).`);
    if (!values.password) console.log(`Password (shown once; store it now):\n\n${password}\n`);
    return true;
  }
  if (group === 'staff' && command === 'list') {
    for (const staff of await listStaffUsers(db)) {
      console.log(
        `${staff.id}  ${staff.role.padEnd(5)}  ${staff.disabledDate ? 'disabled' : 'active  '}  ${staff.email}`,
      );
    }
    return true;
  }
  if (group === 'identity' && command === 'prune') {
    const removed = await pruneExpiredIdentityRows(db, new Date());
    console.log(`Deleted ${removed.tokens} tokens, ${removed.codes} codes and ${removed.sessions} sessions.`);
    return true;
  }
  return false;
}
