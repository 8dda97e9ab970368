import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Caller } from '../access/index.js';
import type { IdentityHooks } from '../identity/index.js';
import { shopperPreferences } from './preferences.schema.js';

/** A shopper's communication preferences; every choice is off until the shopper turns it on. */
export interface Preferences {
  marketingEmails: boolean;
  analyticsCookies: boolean;
  marketingCookies: boolean;
  /** When the shopper last saved them; absent: never (the defaults). */
  updatedDate?: Date;
}

export type PreferencesPatch = Partial<Omit<Preferences, 'updatedDate'>>;

const DEFAULTS: Preferences = { marketingEmails: false, analyticsCookies: false, marketingCookies: false };

/** Whose preferences a shopper's calls read and write: the member's, else the visitor's. */
export function ownerKeyOf(caller: Extract<Caller, { kind: 'visitor' | 'member' }>): string {
  return caller.kind === 'member' ? `member:${caller.memberId}` : `visitor:${caller.visitorId}`;
}

export async function getPreferences(db: DbOrTx, ownerKey: string): Promise<Preferences> {
  const [row] = await db.select().from(shopperPreferences).where(eq(shopperPreferences.ownerKey, ownerKey));
  return row ? preferencesOf(row) : DEFAULTS;
}

/** Saves the choices given (the others stay as they were): one upsert, so parallel saves cannot clash. */
export async function updatePreferences(
  db: DbOrTx,
  ownerKey: string,
  patch: PreferencesPatch,
  now: Date,
): Promise<Preferences> {
  const [row] = await db
    .insert(shopperPreferences)
    .values({ ...DEFAULTS, ...patch, ownerKey, createdDate: now, updatedDate: now })
    .onConflictDoUpdate({ target: shopperPreferences.ownerKey, set: { ...patch, updatedDate: now } })
    .returning();
  if (!row) throw new Error('preferences upsert returned no row');
  return preferencesOf(row);
}

/**
 * A visitor who logs in or signs up keeps the choices they just made: the visitor's row replaces the
 * member's when it is newer (it is the latest explicit choice), and is removed. In the login's transaction.
 */
export async function movePreferencesToMember(
  tx: Tx,
  input: { visitorId: string; memberId: string },
): Promise<void> {
  const [visitor] = await tx
    .delete(shopperPreferences)
    .where(eq(shopperPreferences.ownerKey, `visitor:${input.visitorId}`))
    .returning();
  if (!visitor) return;
  const memberKey = `member:${input.memberId}`;
  const [member] = await tx
    .select()
    .from(shopperPreferences)
    .where(eq(shopperPreferences.ownerKey, memberKey));
  if (member && member.updatedDate >= visitor.updatedDate) return;
  const choices = {
    marketingEmails: visitor.marketingEmails,
    analyticsCookies: visitor.analyticsCookies,
    marketingCookies: visitor.marketingCookies,
    updatedDate: visitor.updatedDate,
  };
  await tx
    .insert(shopperPreferences)
    .values({ ...choices, ownerKey: memberKey, createdDate: visitor.createdDate })
    .onConflictDoUpdate({ target: shopperPreferences.ownerKey, set: choices });
}

/** Wires {@link movePreferencesToMember} to the identity domain's visitor → member moment. */
export function movePreferencesOnLogin({ identityHooks }: { identityHooks: IdentityHooks }): () => void {
  return identityHooks.onVisitorBecameMember(({ tx, visitorId, memberId }) =>
    movePreferencesToMember(tx, { visitorId, memberId }),
  );
}

function preferencesOf(row: typeof shopperPreferences.$inferSelect): Preferences {
  return {
    marketingEmails: row.marketingEmails,
    analyticsCookies: row.analyticsCookies,
    marketingCookies: row.marketingCookies,
    updatedDate: row.updatedDate,
  };
}
