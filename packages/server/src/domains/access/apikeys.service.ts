import { createHash, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError, invalidField } from '../../lib/http/errors.js';
import { randomToken } from '../../lib/ids.js';
import { apiKeys, MERCHANT_ROLES, type MerchantRole } from './access.schema.js';
import type { Caller } from './caller.types.js';

/** Every merchant key starts with this, so a token can be routed to the right check without a query. */
export const API_KEY_PREFIX = 'osk_';
const KEY_SHAPE = /^osk_([A-Za-z0-9]{12})_([A-Za-z0-9]{40})$/;
// Writing last-used on every request would turn reads into writes; once a minute is enough to audit.
const LAST_USED_RESOLUTION_MS = 60_000;

export interface ApiKeySummary {
  id: string;
  name: string;
  role: MerchantRole;
  /** Shown to people so they can tell keys apart; not enough to use the key. */
  hint: string;
  createdDate: Date;
  lastUsedDate: Date | null;
  revokedDate: Date | null;
}

export interface CreatedApiKey extends ApiKeySummary {
  /** The full key. It is not stored and cannot be shown again. */
  secret: string;
}

export async function createApiKey(
  db: DbOrTx,
  input: { name: string; role: MerchantRole },
): Promise<CreatedApiKey> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) {
    throw invalidField(
      'name',
      name.length === 0 ? 'REQUIRED_FIELD' : 'MAX_LENGTH',
      'must be 1 to 100 characters',
    );
  }
  if (!MERCHANT_ROLES.includes(input.role)) {
    throw invalidField('role', 'INVALID_ENUM_VALUE', `must be one of: ${MERCHANT_ROLES.join(', ')}`);
  }
  const publicId = randomToken(12);
  const secretPart = randomToken(40);
  const [row] = await db
    .insert(apiKeys)
    .values({ publicId, name, role: input.role, secretHash: hashSecret(secretPart) })
    .returning();
  if (!row) throw new AppError('INTERNAL', 'API key was not stored');
  return { ...summarize(row), secret: `${API_KEY_PREFIX}${publicId}_${secretPart}` };
}

export async function listApiKeys(db: DbOrTx): Promise<ApiKeySummary[]> {
  const rows = await db.select().from(apiKeys).orderBy(asc(apiKeys.createdDate));
  return rows.map(summarize);
}

export async function countActiveOwnerKeys(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.role, 'owner'), isNull(apiKeys.revokedDate)));
  return rows.length;
}

export async function revokeApiKey(db: DbOrTx, id: string): Promise<ApiKeySummary> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedDate: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedDate)))
    .returning();
  if (row) return summarize(row);
  const [existing] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  if (!existing) {
    throw new AppError('API_KEY_NOT_FOUND', 'API key not found', {
      description: `No API key has id "${id}". List keys with \`npm run cli -- apikeys list\`.`,
      data: { apiKeyId: id },
    });
  }
  return summarize(existing);
}

/**
 * Resolves a merchant key to its caller, or undefined when the key is unknown, malformed or revoked.
 * The secret is compared in constant time against the stored hash.
 */
export async function authenticateApiKey(
  db: DbOrTx,
  key: string,
  now = new Date(),
): Promise<Caller | undefined> {
  const match = KEY_SHAPE.exec(key);
  if (!match) return undefined;
  const [, publicId, secretPart] = match as unknown as [string, string, string];
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.publicId, publicId));
  if (!row || row.revokedDate) return undefined;
  const expected = Buffer.from(row.secretHash, 'hex');
  const actual = Buffer.from(hashSecret(secretPart), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  if (!row.lastUsedDate || now.getTime() - row.lastUsedDate.getTime() > LAST_USED_RESOLUTION_MS) {
    const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    await db
      .update(apiKeys)
      .set({ lastUsedDate: now })
      .where(
        and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedDate), lt(apiKeys.lastUsedDate, staleBefore))),
      );
  }
  return row.role === 'app'
    ? { kind: 'app', apiKeyId: row.id }
    : { kind: 'staff', role: row.role, apiKeyId: row.id };
}

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function summarize(row: typeof apiKeys.$inferSelect): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    hint: `${API_KEY_PREFIX}${row.publicId}_…`,
    createdDate: row.createdDate,
    lastUsedDate: row.lastUsedDate,
    revokedDate: row.revokedDate,
  };
}
