import {
  createOAuthClient,
  createStaffUser,
  listOAuthClients,
  listStaffUsers,
  type OAuthClient,
  pruneExpiredIdentityRows,
  STAFF_ROLES,
  type StaffRole,
  updateOAuthClient,
} from '../domains/identity/index.js';
import { type CommandGroup, UsageError } from './command.js';

const list = (value: string | boolean | string[] | undefined): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
const text = (value: string | boolean | string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** `--any-redirect-path on|off`: the weaker, origin-wide matching of login redirects (ADR 029). */
function anyRedirectPath(value: string | boolean | string[] | undefined): boolean | undefined {
  const word = text(value);
  if (word === undefined) return undefined;
  if (word === 'on' || word === 'off') return word === 'on';
  throw new UsageError('--any-redirect-path must be on or off');
}

function describeClient(client: OAuthClient): string {
  const state = client.disabledDate ? 'disabled' : 'enabled';
  const matching = client.allowAnyRedirectPathOnAllowedOrigins ? 'any path on the origins (weaker)' : 'exact';
  return [
    `${client.id}  ${client.kind.padEnd(12)}  ${state}  ${client.name}`,
    `    redirect URIs (${matching}): ${client.redirectUris.join(' ') || '-'}`,
    `    allowed origins: ${client.allowedOrigins.join(' ') || '-'}`,
  ].join('\n');
}

export const oauthClientsCommands: CommandGroup = {
  name: 'oauth-clients',
  usage: [
    'oauth-clients create --name NAME [--kind public|confidential] [--redirect-uri URI]… [--origin ORIGIN]…',
    '                     [--any-redirect-path on|off]    register an OAuth client (apps, storefronts)',
    'oauth-clients update ID [--name NAME] [--redirect-uri URI]… [--origin ORIGIN]… [--any-redirect-path on|off]',
    '                                                     change one: the lists given replace the registered ones',
    'oauth-clients list                                   list OAuth clients with their redirect URIs and origins',
  ],
  options: ['name', 'kind', 'any-redirect-path'],
  multiOptions: ['redirect-uri', 'origin'],
  async run(command, { args, options, config, database, out }) {
    const rules = { publicUrl: config.publicUrl };
    if (command === 'create') {
      const name = text(options.name);
      if (!name) throw new UsageError('oauth-clients create needs --name NAME (e.g. --name "Mobile app")');
      const kind = text(options.kind) ?? 'public';
      if (kind !== 'public' && kind !== 'confidential')
        throw new UsageError('--kind must be public or confidential');
      const { client, secret } = await createOAuthClient(
        database.db,
        {
          name,
          kind,
          redirectUris: list(options['redirect-uri']),
          allowedOrigins: list(options.origin),
          allowAnyRedirectPathOnAllowedOrigins: anyRedirectPath(options['any-redirect-path']) ?? false,
        },
        rules,
      );
      out.log(`Created ${client.kind} OAuth client "${client.name}". Client id:\n\n${client.id}\n`);
      if (secret) out.log(`Client secret (shown once; store it now):\n\n${secret}\n`);
      out.log(describeClient(client));
    } else if (command === 'update') {
      const id = args[0];
      if (!id) throw new UsageError('oauth-clients update needs the client id (see oauth-clients list)');
      const name = text(options.name);
      const matching = anyRedirectPath(options['any-redirect-path']);
      const client = await updateOAuthClient(
        database.db,
        id,
        {
          ...(name !== undefined ? { name } : {}),
          ...(options['redirect-uri'] !== undefined ? { redirectUris: list(options['redirect-uri']) } : {}),
          ...(options.origin !== undefined ? { allowedOrigins: list(options.origin) } : {}),
          ...(matching !== undefined ? { allowAnyRedirectPathOnAllowedOrigins: matching } : {}),
        },
        rules,
      );
      out.log(`Updated OAuth client "${client.name}".\n${describeClient(client)}`);
    } else if (command === 'list') {
      const clients = await listOAuthClients(database.db);
      if (clients.length === 0)
        out.log('No OAuth clients yet. Create one with: npm run cli -- oauth-clients create --name NAME');
      for (const client of clients) out.log(describeClient(client));
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
  async run(command, { options, database, out }) {
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
      out.log(`Created ${staff.role} login ${staff.email} (id ${staff.id}).`);
      if (!password) out.log(`Password (shown once; store it now):\n\n${generated}\n`);
    } else if (command === 'list') {
      for (const staff of await listStaffUsers(database.db)) {
        out.log(
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
  async run(command, { database, out }) {
    if (command !== 'prune') throw new UsageError(`Unknown command "identity ${command ?? ''}".`);
    const removed = await pruneExpiredIdentityRows(database.db, new Date());
    out.log(`Deleted ${removed.tokens} tokens, ${removed.codes} codes and ${removed.sessions} sessions.`);
  },
};
