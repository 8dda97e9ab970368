import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { identitySecrets } from '../identity.schema.js';

const SITE_ID = 'site-id';

/** The ids apps read from the platform's tokens: the site (`metaSiteId`), and an app's instance on it. */
export interface SiteIds {
  siteId: string;
  /** One per OAuth client on this store, the same for every token of that client. */
  instanceId: string;
}

/**
 * The store's site id: generated once per database (the first process to start wins the race, the others
 * read its value) and kept for the life of the store, so that apps which key their own data by
 * `metaSiteId` or `instanceId` see the same store every time. Read once per process.
 */
export class SiteIdentity {
  private siteId: Promise<string> | undefined;

  constructor(private readonly db: DbOrTx) {}

  async ids(clientId: string): Promise<SiteIds> {
    const siteId = await this.load();
    return { siteId, instanceId: instanceIdOf(siteId, clientId) };
  }

  private load(): Promise<string> {
    this.siteId ??= readOrCreate(this.db).catch((error: unknown) => {
      // A database that failed once (a restart) is asked again by the next token.
      this.siteId = undefined;
      throw error;
    });
    return this.siteId;
  }
}

async function readOrCreate(db: DbOrTx): Promise<string> {
  await db.insert(identitySecrets).values({ name: SITE_ID, value: randomUUID() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: identitySecrets.value })
    .from(identitySecrets)
    .where(eq(identitySecrets.name, SITE_ID));
  if (!row) throw new Error('the site id was written but cannot be read back');
  return row.value;
}

/**
 * A stable UUID-shaped id of (site, client): derived rather than stored, so that every process and every
 * token agree without a table of instances. Version nibble 8 (RFC 9562 "custom"), variant 10.
 */
function instanceIdOf(siteId: string, clientId: string): string {
  const hex = createHash('sha256').update(`${siteId}\u0000${clientId}`).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  const id = hex.join('');
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}
