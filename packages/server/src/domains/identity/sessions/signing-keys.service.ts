import { randomUUID } from 'node:crypto';
import { desc, gt, isNull, or, sql } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Db, DbOrTx } from '../../../db/client.js';
import { signingKeys } from '../identity.schema.js';

export const SIGNING_ALGORITHM = 'ES256';
const KEY_LOCK = 73_640_101; // advisory lock: one key generated even when several processes start at once
const RELOAD_INTERVAL_MS = 5_000;

interface LoadedKey {
  kid: string;
  publicJwk: JWK;
  verifyKey: CryptoKey;
  signKey?: CryptoKey;
  retired: boolean;
}

/**
 * The access-token signing keys, cached in memory (ADR 005). Keys are ES256 pairs generated on first use
 * and kept in the database, so every API process signs and verifies with the same set. A token with an
 * unknown `kid` makes the ring reload (at most every few seconds), which is how other processes learn
 * of a rotation.
 */
export class KeyRing {
  private keys = new Map<string, LoadedKey>();
  private signing: LoadedKey | undefined;
  private loading: Promise<void> | undefined;
  private loadedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  /** The key new tokens are signed with (generated on first use). */
  async signer(): Promise<{ kid: string; key: CryptoKey }> {
    if (!this.signing) await this.reload(true);
    const signing = this.signing as LoadedKey;
    return { kid: signing.kid, key: signing.signKey as CryptoKey };
  }

  /** The public key for a `kid`, or undefined when no current key has it. */
  async verificationKey(kid: string): Promise<CryptoKey | undefined> {
    const known = this.keys.get(kid);
    if (known) return known.verifyKey;
    if (Date.now() - this.loadedAt < RELOAD_INTERVAL_MS) return undefined;
    await this.reload(false);
    return this.keys.get(kid)?.verifyKey;
  }

  /** The published key set (RFC 7517), for /oauth2/jwks. */
  async jwks(): Promise<{ keys: JWK[] }> {
    if (!this.signing) await this.reload(true);
    return { keys: [...this.keys.values()].map((key) => key.publicJwk) };
  }

  /**
   * Starts signing with a new key. The old one stays published and valid until every token it signed
   * has expired (`graceSeconds`, the longest token lifetime).
   */
  async rotate(graceSeconds: number): Promise<{ kid: string }> {
    const now = this.clock();
    const kid = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_LOCK})`);
      await tx
        .update(signingKeys)
        .set({ retiredDate: now, expiresDate: new Date(now.getTime() + graceSeconds * 1000) })
        .where(isNull(signingKeys.retiredDate));
      return insertNewKey(tx);
    });
    await this.reload(false);
    return { kid };
  }

  /** Forgets the cache (tests, or after an operator edited keys by hand). */
  async refresh(): Promise<void> {
    await this.reload(false);
  }

  private reload(createIfMissing: boolean): Promise<void> {
    this.loading ??= this.load(createIfMissing).finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load(createIfMissing: boolean): Promise<void> {
    let rows = await currentKeys(this.db, this.clock());
    if (createIfMissing && !rows.some((row) => !row.retiredDate)) {
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${KEY_LOCK})`);
        const again = await tx
          .select({ kid: signingKeys.kid })
          .from(signingKeys)
          .where(isNull(signingKeys.retiredDate));
        if (again.length === 0) await insertNewKey(tx);
      });
      rows = await currentKeys(this.db, this.clock());
    }
    const keys = new Map<string, LoadedKey>();
    let signing: LoadedKey | undefined;
    for (const row of rows) {
      const publicJwk = row.publicJwk as JWK;
      const loaded: LoadedKey = {
        kid: row.kid,
        publicJwk,
        verifyKey: (await importJWK(publicJwk, SIGNING_ALGORITHM)) as CryptoKey,
        retired: row.retiredDate !== null,
      };
      // Rows come newest first: the first active key signs.
      if (!loaded.retired && !signing) {
        loaded.signKey = (await importJWK(row.privateJwk as JWK, SIGNING_ALGORITHM)) as CryptoKey;
        signing = loaded;
      }
      keys.set(row.kid, loaded);
    }
    this.keys = keys;
    if (signing) this.signing = signing;
    this.loadedAt = Date.now();
  }
}

function currentKeys(db: DbOrTx, now: Date) {
  return db
    .select()
    .from(signingKeys)
    .where(or(isNull(signingKeys.expiresDate), gt(signingKeys.expiresDate, now)))
    .orderBy(desc(signingKeys.createdDate), desc(signingKeys.kid));
}

async function insertNewKey(db: DbOrTx): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM };
  await db.insert(signingKeys).values({ kid, algorithm: SIGNING_ALGORITHM, privateJwk, publicJwk });
  return kid;
}

/** Keys listed for the admin API (never the private part). */
export async function listSigningKeys(db: DbOrTx, now: Date) {
  return db
    .select({
      kid: signingKeys.kid,
      algorithm: signingKeys.algorithm,
      createdDate: signingKeys.createdDate,
      retiredDate: signingKeys.retiredDate,
      expiresDate: signingKeys.expiresDate,
    })
    .from(signingKeys)
    .where(or(isNull(signingKeys.expiresDate), gt(signingKeys.expiresDate, now)))
    .orderBy(desc(signingKeys.createdDate));
}
