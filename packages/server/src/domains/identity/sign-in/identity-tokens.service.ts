import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { identityTokens, type TokenPurpose } from '../identity.schema.js';
import { newOpaqueToken, sha256 } from '../secrets.rules.js';

export type IdentityToken = typeof identityTokens.$inferSelect;

/** How long each kind of single-use token lives. */
export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  session: 5 * 60,
  email_verification: 15 * 60,
  recovery: 60 * 60,
  activation: 7 * 24 * 60 * 60,
  // Long enough for an e-mailed code to arrive and be typed; each new code starts it again.
  mfa: 10 * 60,
  logout: 30 * 60,
  factor_code: 10 * 60,
  consent: 10 * 60,
};

const PREFIX: Record<TokenPurpose, string> = {
  session: 'oss_',
  email_verification: 'ost_',
  recovery: 'osp_',
  activation: 'osa_',
  mfa: 'osm_',
  logout: 'osl_',
  factor_code: 'osf_',
  consent: 'osn_',
};

export async function createIdentityToken(
  db: DbOrTx,
  input: {
    purpose: TokenPurpose;
    identityId: string;
    visitorId?: string | null;
    clientId?: string | null;
    data?: Record<string, unknown>;
    now: Date;
  },
): Promise<string> {
  const token = newOpaqueToken(PREFIX[input.purpose]);
  await db.insert(identityTokens).values({
    tokenHash: sha256(token),
    purpose: input.purpose,
    identityId: input.identityId,
    visitorId: input.visitorId ?? null,
    clientId: input.clientId ?? null,
    data: input.data ?? {},
    createdDate: input.now,
    expiresDate: new Date(input.now.getTime() + TOKEN_TTL_SECONDS[input.purpose] * 1000),
  });
  return token;
}

/**
 * A token of this purpose that is neither expired nor consumed. `forUpdate` locks the row so that
 * concurrent uses of one token are serialised (attempt counters, single use).
 */
export async function findLiveToken(
  db: DbOrTx,
  purpose: TokenPurpose,
  token: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<IdentityToken | undefined> {
  if (!token.startsWith(PREFIX[purpose])) return undefined;
  const query = db
    .select()
    .from(identityTokens)
    .where(
      and(
        eq(identityTokens.tokenHash, sha256(token)),
        eq(identityTokens.purpose, purpose),
        isNull(identityTokens.consumedDate),
        gt(identityTokens.expiresDate, now),
      ),
    );
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** Marks a token used; false when it already was (another request won the race). */
export async function consumeToken(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(identityTokens)
    .set({ consumedDate: now })
    .where(and(eq(identityTokens.tokenHash, tokenHash), isNull(identityTokens.consumedDate)))
    .returning({ tokenHash: identityTokens.tokenHash });
  return rows.length === 1;
}

export async function countAttempt(db: DbOrTx, tokenHash: string): Promise<number> {
  const [row] = await db
    .update(identityTokens)
    .set({ attempts: sql`${identityTokens.attempts} + 1` })
    .where(eq(identityTokens.tokenHash, tokenHash))
    .returning({ attempts: identityTokens.attempts });
  return row?.attempts ?? 0;
}

/** Ends every unused token of a purpose for an identity (a new code replaces the old one). */
export async function consumeAllTokens(
  db: DbOrTx,
  identityId: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(identityTokens)
    .set({ consumedDate: now })
    .where(
      and(
        eq(identityTokens.identityId, identityId),
        eq(identityTokens.purpose, purpose),
        isNull(identityTokens.consumedDate),
      ),
    );
}

/** The newest live token of a purpose for an identity (tokens the client never holds: factor codes). */
export async function findLiveTokenOf(
  db: DbOrTx,
  identityId: string,
  purpose: TokenPurpose,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<IdentityToken | undefined> {
  const query = db
    .select()
    .from(identityTokens)
    .where(
      and(
        eq(identityTokens.identityId, identityId),
        eq(identityTokens.purpose, purpose),
        isNull(identityTokens.consumedDate),
        gt(identityTokens.expiresDate, now),
      ),
    )
    .orderBy(desc(identityTokens.createdDate))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function updateTokenData(
  db: DbOrTx,
  tokenHash: string,
  changes: { data?: Record<string, unknown>; attempts?: number; expiresDate?: Date },
): Promise<void> {
  await db.update(identityTokens).set(changes).where(eq(identityTokens.tokenHash, tokenHash));
}
