import type { DbOrTx } from '../../db/client.js';
import type { StoredAddress } from './identity.schema.js';

/**
 * A "contact": what the store already knows about someone by their e-mail address without a member
 * account (a guest's checkout details). sign-on's `mergeExistingContact` (default true) links a new member
 * to it: the member inherits these details where the sign-on's profile says nothing. Other domains provide
 * them (the orders domain: the newest guest order's billing details), so identity does not read their tables.
 */
export interface ContactData {
  firstName?: string;
  lastName?: string;
  phone?: string;
  address?: StoredAddress;
}

export type ContactSource = (db: DbOrTx, email: string) => Promise<ContactData | undefined>;

const sources = new Set<ContactSource>();

/** Adds a source of contact data; returns the function that removes it (app close). */
export function registerContactSource(source: ContactSource): () => void {
  sources.add(source);
  return () => {
    sources.delete(source);
  };
}

/** The contact data known for a (lower-cased) e-mail address: the first source that knows any. */
export async function findContactData(db: DbOrTx, email: string): Promise<ContactData | undefined> {
  for (const source of sources) {
    const found = await source(db, email);
    if (found && Object.keys(found).length > 0) return found;
  }
  return undefined;
}
