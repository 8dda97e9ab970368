import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import { type Caller, isShopper } from '../../access/index.js';
import type { OAuthClient } from '../identity.schema.js';
import { oauthClients } from '../identity.schema.js';
import { newOpaqueToken, safeEqual, sha256 } from '../secrets.rules.js';
import { findSession } from '../sessions/sessions.service.js';
import { notifyOAuthClientsChanged } from './app-origins.service.js';
import { originProblem, type RegistrationRules, redirectUriProblem } from './redirect-uris.rules.js';

export type ClientKind = 'public' | 'confidential';

export interface OAuthClientInput {
  name: string;
  kind: ClientKind;
  redirectUris: string[];
  allowedOrigins: string[];
  /** The weaker matching of login redirects (any path on an allowed origin); off unless asked for. */
  allowAnyRedirectPathOnAllowedOrigins?: boolean;
}

export const CLIENT_SECRET_PREFIX = 'ocs_';

/** Creates a client; a confidential one gets a secret, returned once. */
export async function createOAuthClient(
  db: DbOrTx,
  input: OAuthClientInput & { bundled?: boolean },
  rules: RegistrationRules,
): Promise<{ client: OAuthClient; secret?: string }> {
  const clean = validateClientInput(input, rules);
  const secret = input.kind === 'confidential' ? newOpaqueToken(CLIENT_SECRET_PREFIX) : undefined;
  const [row] = await db.transaction(async (tx) => {
    // Pages' CSP lists the apps' origins from memory: every process reads them again once this commits.
    await notifyOAuthClientsChanged(tx);
    return tx
      .insert(oauthClients)
      .values({
        name: input.name.trim(),
        kind: input.kind,
        redirectUris: clean.redirectUris ?? [],
        allowedOrigins: clean.allowedOrigins ?? [],
        allowAnyRedirectPathOnAllowedOrigins: input.allowAnyRedirectPathOnAllowedOrigins ?? false,
        bundled: input.bundled ?? false,
        secretHash: secret ? sha256(secret) : null,
      })
      .returning();
  });
  if (!row) throw new AppError('INTERNAL', 'OAuth client was not stored');
  return { client: withoutSecret(row), ...(secret ? { secret } : {}) };
}

export async function listOAuthClients(db: DbOrTx): Promise<OAuthClient[]> {
  const rows = await db.select().from(oauthClients).orderBy(asc(oauthClients.createdDate));
  return rows.map(withoutSecret);
}

/** An enabled client, or undefined. */
export async function findOAuthClient(db: DbOrTx, clientId: string): Promise<OAuthClient | undefined> {
  const [row] = await db
    .select()
    .from(oauthClients)
    .where(and(eq(oauthClients.id, clientId), isNull(oauthClients.disabledDate)));
  return row ? withoutSecret(row) : undefined;
}

/** The enabled OAuth client a visitor's or member's session was issued to; undefined for anyone else. */
export async function clientOfCaller(db: DbOrTx, caller: Caller): Promise<OAuthClient | undefined> {
  if (!isShopper(caller)) return undefined;
  const session = await findSession(db, caller.sessionId);
  return session?.clientId ? findOAuthClient(db, session.clientId) : undefined;
}

/** The bundled storefront's client (created on first start), if any. */
export async function findBundledClient(db: DbOrTx): Promise<OAuthClient | undefined> {
  const [row] = await db
    .select()
    .from(oauthClients)
    .where(and(eq(oauthClients.bundled, true), isNull(oauthClients.disabledDate)))
    .orderBy(asc(oauthClients.createdDate))
    .limit(1);
  return row ? withoutSecret(row) : undefined;
}

/**
 * Changes a client. The lists given replace the stored ones; entries new to a list are checked, entries
 * already registered (perhaps under older rules) are kept as they are until the owner removes them.
 */
export async function updateOAuthClient(
  db: DbOrTx,
  clientId: string,
  patch: Partial<Omit<OAuthClientInput, 'kind'>> & { disabled?: boolean },
  rules: RegistrationRules,
): Promise<OAuthClient> {
  const [current] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId));
  if (!current) throw clientNotFound(clientId);
  const clean = validateClientInput(patch, rules, current);
  const [row] = await db.transaction(async (tx) => {
    await notifyOAuthClientsChanged(tx);
    return tx
      .update(oauthClients)
      .set({
        ...clean,
        updatedDate: new Date(),
        ...(patch.allowAnyRedirectPathOnAllowedOrigins === undefined
          ? {}
          : { allowAnyRedirectPathOnAllowedOrigins: patch.allowAnyRedirectPathOnAllowedOrigins }),
        ...(patch.disabled === undefined ? {} : { disabledDate: patch.disabled ? new Date() : null }),
      })
      .where(eq(oauthClients.id, clientId))
      .returning();
  });
  return withoutSecret(row as typeof oauthClients.$inferSelect);
}

/** Checks a confidential client's secret in constant time. */
export async function verifyClientSecret(
  db: DbOrTx,
  clientId: string,
  secret: string | undefined,
): Promise<boolean> {
  if (!secret) return false;
  const [row] = await db
    .select({ secretHash: oauthClients.secretHash })
    .from(oauthClients)
    .where(eq(oauthClients.id, clientId));
  return Boolean(row?.secretHash && safeEqual(row.secretHash, sha256(secret)));
}

/** The origins a web_message reply may be posted to. */
export function messageOrigins(client: OAuthClient): string[] {
  const origins = new Set(client.allowedOrigins);
  for (const uri of client.redirectUris) {
    try {
      const { origin, protocol } = new URL(uri);
      if (protocol === 'https:' || protocol === 'http:') origins.add(origin);
    } catch {
      // registered URIs were validated; ignore anything unparsable
    }
  }
  return [...origins];
}

export function clientNotFound(clientId: string): AppError {
  return new AppError('OAUTH_CLIENT_NOT_FOUND', 'OAuth client not found', {
    status: 404,
    description: `No enabled OAuth client has id "${clientId}". List clients with \`npm run cli -- oauth-clients list\`.`,
    data: { clientId },
  });
}

/** The name and lists given, trimmed and de-duplicated; every problem found at once (400). */
function validateClientInput(
  input: Partial<OAuthClientInput>,
  rules: RegistrationRules,
  current?: Pick<OAuthClient, 'redirectUris' | 'allowedOrigins'>,
): { name?: string; redirectUris?: string[]; allowedOrigins?: string[] } {
  const violations = new Violations();
  const name = input.name?.trim();
  if (name !== undefined && (name.length === 0 || name.length > 100)) {
    violations.push({
      field: 'name',
      violatedRule: 'MAX_LENGTH',
      description: 'must be 1 to 100 characters',
    });
  }
  if (input.kind !== undefined && input.kind !== 'public' && input.kind !== 'confidential') {
    violations.push({
      field: 'kind',
      violatedRule: 'INVALID_ENUM_VALUE',
      description: 'must be one of: public, confidential',
    });
  }
  const redirectUris = input.redirectUris && [...new Set(input.redirectUris.map((uri) => uri.trim()))];
  redirectUris?.forEach((uri, index) => {
    const problem = current?.redirectUris.includes(uri) ? undefined : redirectUriProblem(uri, rules);
    if (problem)
      violations.push({ field: `redirectUris[${index}]`, violatedRule: 'FORMAT', description: problem });
  });
  const allowedOrigins = input.allowedOrigins && [
    ...new Set(input.allowedOrigins.map((origin) => origin.trim().replace(/\/$/, ''))),
  ];
  allowedOrigins?.forEach((origin, index) => {
    const problem = current?.allowedOrigins.includes(origin) ? undefined : originProblem(origin, rules);
    if (problem)
      violations.push({ field: `allowedOrigins[${index}]`, violatedRule: 'FORMAT', description: problem });
  });
  violations.throwIfAny();
  return {
    ...(name !== undefined ? { name } : {}),
    ...(redirectUris ? { redirectUris } : {}),
    ...(allowedOrigins ? { allowedOrigins } : {}),
  };
}

function withoutSecret(row: typeof oauthClients.$inferSelect): OAuthClient {
  const { secretHash: _secret, ...client } = row;
  return client;
}
