import { STAFF_ROLES, type StaffRole } from '../domains/identity/identity.schema.js';
import { pruneExpiredIdentityRows } from '../domains/identity/maintenance.service.js';
import { createOAuthClient, listOAuthClients } from '../domains/identity/oauth-clients.service.js';
import { createStaffUser, listStaffUsers } from '../domains/identity/staff.service.js';
import { type CommandGroup, UsageError } from './command.js';

const list = (value: string | boolean | string[] | undefined): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
const text = (value: string | boolean | string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

export const oauthClientsCommands: CommandGroup = {
  name: 'oauth-clients',
  usage: [
    'oauth-clients create --name NAME [--kind public|confidential] [--redirect-uri URI]… [--origin ORIGIN]…',
    '                                                     register an OAuth client (apps, storefronts)',
    'oauth-clients list                                   list OAuth clients',
  ],
  options: ['name', 'kind'],
  multiOptions: ['redirect-uri', 'origin'],
  async run(command, { options, database }) {
    if (command === 'create') {
      const name = text(options.name);
      if (!name) throw new UsageError('oauth-clients create needs --name NAME (e.g. --name "Mobile app")');
      const kind = text(options.kind) ?? 'public';
      if (kind !== 'public' && kind !== 'confidential')
        throw new UsageError('--kind must be public or confidential');
      const { client, secret } = await createOAuthClient(database.db, {
        name,
        kind,
        redirectUris: list(options['redirect-uri']),
        allowedOrigins: list(options.origin),
      });
      console.log(`Created ${client.kind} OAuth client "${client.name}". Client id:\n\n${client.id}\n`);
      if (secret) console.log(`Client secret (shown once; store it now):\n\n${secret}\n`);
    } else if (command === 'list') {
      const clients = await listOAuthClients(database.db);
      if (clients.length === 0)
        console.log('No OAuth clients yet. Create one with: npm run cli -- oauth-clients create --name NAME');
      for (const client of clients) {
        const state = client.disabledDate ? 'disabled' : 'enabled';
        console.log(
          `${client.id}  ${client.kind.padEnd(12)}  ${state}  ${client.name}  origins: ${client.allowedOrigins.join(' ') || '-'}  redirects: ${client.redirectUris.join(' ') || '-'}`,
        );
      }
    } else {
      throw new UsageError(`Unknown command "oauth-clients ${command ?? ''}".`);
    }
  },
};

export const staffCommands: CommandGroup = {
  name: 'staff',
  usage: [
    'staff create --email EMAIL [--role owner|staff] [--password PW]',
    '                                                     create an admin login (password generated if none)',
    'staff list                                           list staff accounts',
  ],
  options: ['email', 'role', 'password'],
  async run(command, { options, database }) {
    if (command === 'create') {
      const email = text(options.email);
      if (!email) throw new UsageError('staff create needs --email EMAIL');
      const role = (text(options.role) ?? 'staff') as StaffRole;
      if (!STAFF_ROLES.includes(role))
        throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}`);
      const password = text(options.password);
      const { staff, password: generated } = await createStaffUser(database.db, {
        email,
        role,
        ...(password ? { password } : {}),
      });
      console.log(`Created ${staff.role} login ${staff.email} (id ${staff.id}).`);
      if (!password) console.log(`Password (shown once; store it now):\n\n${generated}\n`);
    } else if (command === 'list') {
      for (const staff of await listStaffUsers(database.db)) {
        console.log(
          `${staff.id}  ${staff.role.padEnd(5)}  ${staff.disabledDate ? 'disabled' : 'active  '}  ${staff.email}`,
        );
      }
    } else {
      throw new UsageError(`Unknown command "staff ${command ?? ''}".`);
    }
  },
};

export const identityCommands: CommandGroup = {
  name: 'identity',
  usage: [
    'identity prune                                       delete expired tokens, codes and old sessions',
  ],
  async run(command, { database }) {
    if (command !== 'prune') throw new UsageError(`Unknown command "identity ${command ?? ''}".`);
    const removed = await pruneExpiredIdentityRows(database.db, new Date());
    console.log(`Deleted ${removed.tokens} tokens, ${removed.codes} codes and ${removed.sessions} sessions.`);
  },
};
