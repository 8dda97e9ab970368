import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { readTogether } from '../../db/read-together.js';
import { AppError, notFound } from '../../lib/http/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { type MemberContact, memberContactsByEmail, searchMemberContacts } from '../identity/index.js';
import { type BuyerTotals, ordersOfBuyer, searchBuyers } from '../orders/index.js';
import { customerNotes } from './customers.schema.js';

/*
 * Customers are everyone the store knows by e-mail: members (with or without orders) and guest buyers.
 * Each comes from the domain that owns it (identity's members, orders' buyers), joined here by e-mail.
 * A search reads at most SEARCH_WINDOW of each, most recent first, then pages the merged list: enough for
 * a merchant looking someone up; a narrower search finds anyone beyond it.
 */
export const SEARCH_WINDOW = 1000;

export interface CustomerSummary {
  email: string;
  kind: 'MEMBER' | 'GUEST';
  member?: MemberContact;
  firstName?: string;
  lastName?: string;
  ordersCount: number;
  paidTotalMinor: number;
  refundedTotalMinor: number;
  currency?: string;
  lastOrderDate?: Date;
  /** The later of the last order and sign-up: the list's order. */
  lastActivity: Date;
}

function summaryOf(
  email: string,
  member: MemberContact | undefined,
  buyer: BuyerTotals | undefined,
): CustomerSummary {
  const firstName = member?.firstName ?? buyer?.firstName;
  const lastName = member?.lastName ?? buyer?.lastName;
  const dates = [member?.createdDate, buyer?.lastOrderDate].filter((date): date is Date => !!date);
  return {
    email,
    kind: member ? 'MEMBER' : 'GUEST',
    ...(member ? { member } : {}),
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ordersCount: buyer?.ordersCount ?? 0,
    paidTotalMinor: buyer?.paidTotalMinor ?? 0,
    refundedTotalMinor: buyer?.refundedTotalMinor ?? 0,
    ...(buyer ? { currency: buyer.currency, lastOrderDate: buyer.lastOrderDate } : {}),
    lastActivity: new Date(Math.max(...dates.map((date) => date.getTime()))),
  };
}

export async function listCustomers(
  db: DbOrTx,
  options: { search?: string; kind?: 'MEMBER' | 'GUEST'; limit: number; offset: number },
): Promise<{ customers: CustomerSummary[]; total: number; tooManyToCount: boolean }> {
  const [members, buyers] = await readTogether(
    db,
    () =>
      options.kind === 'GUEST'
        ? []
        : searchMemberContacts(db, { search: options.search, limit: SEARCH_WINDOW }),
    () => searchBuyers(db, { search: options.search, limit: SEARCH_WINDOW }),
  );
  const memberByEmail = new Map(members.map((member) => [member.email, member]));
  const buyerByEmail = new Map(buyers.map((buyer) => [buyer.email, buyer]));
  // Members found by order (a name on a guest order) and buyers found as members complete each other.
  const missingMembers = buyers.map((b) => b.email).filter((email) => !memberByEmail.has(email));
  for (const member of await memberContactsByEmail(db, missingMembers))
    memberByEmail.set(member.email, member);
  const missingBuyers = members.map((m) => m.email).filter((email) => !buyerByEmail.has(email));
  for (const buyer of await searchBuyers(db, { emails: missingBuyers, limit: missingBuyers.length }))
    buyerByEmail.set(buyer.email, buyer);

  const emails = new Set([...memberByEmail.keys(), ...buyerByEmail.keys()]);
  const all = [...emails]
    .map((email) => summaryOf(email, memberByEmail.get(email), buyerByEmail.get(email)))
    .filter((customer) => !options.kind || customer.kind === options.kind)
    .sort((a, b) => b.lastActivity.getTime() - a.lastActivity.getTime() || a.email.localeCompare(b.email));
  return {
    customers: all.slice(options.offset, options.offset + options.limit),
    total: all.length,
    tooManyToCount: members.length === SEARCH_WINDOW || buyers.length === SEARCH_WINDOW,
  };
}

export interface CustomerNote {
  id: string;
  body: string;
  authorId: string | null;
  createdDate: Date;
}

/** One customer by e-mail: who they are, their orders (newest 50), totals and the merchant's notes. */
export async function getCustomer(db: DbOrTx, rawEmail: string) {
  const email = rawEmail.trim().toLowerCase();
  const [[member], [buyer], notes] = await readTogether(
    db,
    () => memberContactsByEmail(db, [email]),
    () => searchBuyers(db, { emails: [email], limit: 1 }),
    () => listNotes(db, email),
  );
  if (!member && !buyer) throw notFound('Customer', email);
  const orders = await ordersOfBuyer(db, { email, ...(member ? { memberId: member.id } : {}) }, 50);
  return { customer: summaryOf(email, member, buyer), orders, notes };
}

function listNotes(db: DbOrTx, email: string): Promise<CustomerNote[]> {
  return db
    .select({
      id: customerNotes.id,
      body: customerNotes.body,
      authorId: customerNotes.authorId,
      createdDate: customerNotes.createdDate,
    })
    .from(customerNotes)
    .where(eq(customerNotes.email, email))
    .orderBy(asc(customerNotes.createdDate), asc(customerNotes.id));
}

/** At most this many notes per customer: a bound on what one merchant key can store per address. */
export const MAX_NOTES_PER_CUSTOMER = 500;

export async function addCustomerNote(
  db: DbOrTx,
  input: { email: string; body: string; authorId?: string; now: Date },
): Promise<CustomerNote> {
  const { customer, notes } = await getCustomer(db, input.email);
  if (notes.length >= MAX_NOTES_PER_CUSTOMER)
    throw new AppError('TOO_MANY_NOTES', `a customer keeps at most ${MAX_NOTES_PER_CUSTOMER} notes`, {
      status: 409,
      description: `This customer already has ${MAX_NOTES_PER_CUSTOMER} notes, the most a customer keeps.`,
    });
  const note = {
    id: uuidv7(input.now.getTime()),
    email: customer.email,
    body: input.body.trim(),
    authorId: input.authorId ?? null,
    createdDate: input.now,
  };
  await db.insert(customerNotes).values(note);
  return { id: note.id, body: note.body, authorId: note.authorId, createdDate: note.createdDate };
}
