import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { escapeLike } from '../../../lib/query-values.js';
import { type IdentityStatus, identities, type StoredAddress } from '../identity.schema.js';

/** What other domains (customers, checkout) may know of a member: contact details, never secrets. */
export interface MemberContact {
  id: string;
  email: string;
  emailVerified: boolean;
  status: IdentityStatus;
  firstName?: string;
  lastName?: string;
  phone?: string;
  /** The member's saved addresses, the one tagged SHIPPING first. */
  addresses: StoredAddress[];
  createdDate: Date;
}

type IdentityRow = typeof identities.$inferSelect;

function contactOf(row: IdentityRow): MemberContact {
  const { firstName, lastName, phones, addresses = [] } = row.profile;
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    status: row.status,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(phones?.[0] ? { phone: phones[0] } : {}),
    addresses: [...addresses].sort((a, b) => Number(b.tag === 'SHIPPING') - Number(a.tag === 'SHIPPING')),
    createdDate: row.createdDate,
  };
}

/** Members whose e-mail or name holds `search` (all when absent), newest first, at most `limit`. */
export async function searchMemberContacts(
  db: DbOrTx,
  options: { search?: string; limit: number },
): Promise<MemberContact[]> {
  const text = options.search?.trim();
  const pattern = text ? `%${escapeLike(text)}%` : undefined;
  const rows = await db
    .select()
    .from(identities)
    .where(
      and(
        sql`${identities.status} <> 'DELETED'`,
        pattern
          ? or(
              ilike(identities.email, pattern),
              ilike(sql`${identities.profile}->>'firstName'`, pattern),
              ilike(sql`${identities.profile}->>'lastName'`, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(desc(identities.createdDate))
    .limit(options.limit);
  return rows.map(contactOf);
}

/** The members with these (lower-cased) e-mail addresses. */
export async function memberContactsByEmail(db: DbOrTx, emails: readonly string[]): Promise<MemberContact[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select()
    .from(identities)
    .where(inArray(identities.email, [...emails]));
  return rows.map(contactOf);
}

export async function memberContact(db: DbOrTx, memberId: string): Promise<MemberContact | undefined> {
  const [row] = await db.select().from(identities).where(eq(identities.id, memberId));
  return row ? contactOf(row) : undefined;
}
