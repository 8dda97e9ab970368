import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError, type FieldViolation, ValidationFailed } from '../../http/errors.js';
import { oauthClients } from './identity.schema.js';
import { newOpaqueToken, safeEqual, sha256 } from './secrets.js';

export type OAuthClient = Omit<typeof oauthClients.$inferSelect, 'secretHash'>;
export type ClientKind = 'public' | 'confidential';

export interface OAuthClientInput {
  name: string;
  kind: ClientKind;
  redirectUris: string[];
  allowedOrigins: string[];
}

export const CLIENT_SECRET_PREFIX = 'ocs_';

/** Creates a client; a confidential one gets a secret, returned once. */
export async function createOAuthClient(
  db: DbOrTx,
  input: OAuthClientInput & { bundled?: boolean },
): Promise<{ client: OAuthClient; secret?: string }> {
  const clean = validateClientInput(input);
  const secret = clean.kind === 'confidential' ? newOpaqueToken(CLIENT_SECRET_PREFIX) : undefined;
  const [row] = await db
    .insert(oauthClients)
    .values({ ...clean, bundled: input.bundled ?? false, secretHash: secret ? sha256(secret) : null })
    .returning();
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

export async function updateOAuthClient(
  db: DbOrTx,
  clientId: string,
  patch: Partial<OAuthClientInput> & { disabled?: boolean },
): Promise<OAuthClient> {
  const [current] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId));
  if (!current) throw clientNotFound(clientId);
  const clean = validateClientInput({
    name: patch.name ?? current.name,
    kind: current.kind,
    redirectUris: patch.redirectUris ?? current.redirectUris,
    allowedOrigins: patch.allowedOrigins ?? current.allowedOrigins,
  });
  const [row] = await db
    .update(oauthClients)
    .set({
      name: clean.name,
      redirectUris: clean.redirectUris,
      allowedOrigins: clean.allowedOrigins,
      ...(patch.disabled === undefined ? {} : { disabledDate: patch.disabled ? new Date() : null }),
    })
    .where(eq(oauthClients.id, clientId))
    .returning();
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

/**
 * Open-redirect protection: a URL a client asks us to send a browser to (redirect_uri, postFlowUrl,
 * postLogoutRedirectUri, recovery redirects) must be one of its registered redirect URIs exactly, or an
 * http(s) URL on one of its allowed origins.
 */
export function isAllowedRedirect(client: OAuthClient, url: string): boolean {
  if (client.redirectUris.includes(url)) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password) return false;
  return client.allowedOrigins.includes(parsed.origin);
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

function validateClientInput(input: OAuthClientInput): OAuthClientInput {
  const violations: FieldViolation[] = [];
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) {
    violations.push({
      field: 'name',
      violatedRule: 'MAX_LENGTH',
      description: 'must be 1 to 100 characters',
    });
  }
  if (input.kind !== 'public' && input.kind !== 'confidential') {
    violations.push({
      field: 'kind',
      violatedRule: 'INVALID_ENUM_VALUE',
      description: 'must be one of: public, confidential',
    });
  }
  const redirectUris = [...new Set(input.redirectUris.map((uri) => uri.trim()))];
  redirectUris.forEach((uri, index) => {
    const problem = redirectUriProblem(uri);
    if (problem)
      violations.push({ field: `redirectUris[${index}]`, violatedRule: 'FORMAT', description: problem });
  });
  const allowedOrigins = [...new Set(input.allowedOrigins.map((origin) => origin.trim().replace(/\/$/, '')))];
  allowedOrigins.forEach((origin, index) => {
    if (!isOrigin(origin)) {
      violations.push({
        field: `allowedOrigins[${index}]`,
        violatedRule: 'FORMAT',
        description: 'must be an origin such as https://shop.example (scheme, host and optional port only)',
      });
    }
  });
  if (violations.length > 0) throw new ValidationFailed(violations);
  return { name, kind: input.kind, redirectUris, allowedOrigins };
}

function redirectUriProblem(uri: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return 'must be an absolute URL such as https://shop.example/callback or myapp://callback';
  }
  if (parsed.hash) return 'must not contain a fragment (#…)';
  if (['javascript:', 'data:', 'file:', 'vbscript:'].includes(parsed.protocol))
    return 'uses a scheme that is not allowed';
  return undefined;
}

function isOrigin(origin: string): boolean {
  try {
    const parsed = new URL(origin);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.origin === origin;
  } catch {
    return false;
  }
}

function withoutSecret(row: typeof oauthClients.$inferSelect): OAuthClient {
  const { secretHash: _secret, ...client } = row;
  return client;
}
