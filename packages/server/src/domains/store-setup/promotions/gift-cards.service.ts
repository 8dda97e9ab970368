import { createHash } from 'node:crypto';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { readTogether } from '../../../db/read-together.js';
import { AppError, invalidField, notFound } from '../../../lib/http/errors.js';
import { randomToken, uuidv7 } from '../../../lib/ids.js';
import type { Paging } from '../../../lib/paging.js';
import { giftCards, giftCardTransactions } from '../store-setup.schema.js';

/*
 * Gift cards (ADR 009). A code is a bearer secret: it is shown once when issued (to the merchant, or
 * e-mailed to the recipient of a bought card) and stored only as a SHA-256 for lookup plus its last four
 * characters for display. Balances are integer minor units and never go negative (guarded UPDATE).
 */

// No 0/O, 1/I: codes are read aloud and typed from paper.
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface GiftCard {
  id: string;
  last4: string;
  currency: string;
  initialBalanceMinor: number;
  balanceMinor: number;
  expiresAt?: Date;
  disabledAt?: Date;
  recipientEmail?: string;
  sourceOrderId?: string;
  createdDate: Date;
  updatedDate: Date;
}

export interface GiftCardTransaction {
  id: string;
  kind: (typeof giftCardTransactions.$inferSelect)['kind'];
  amountMinor: number;
  balanceAfterMinor: number;
  orderId?: string;
  createdDate: Date;
}

type Row = typeof giftCards.$inferSelect;

export function giftCardFromRow(row: Row): GiftCard {
  return {
    id: row.id,
    last4: row.last4,
    currency: row.currency,
    initialBalanceMinor: row.initialBalanceMinor,
    balanceMinor: row.balanceMinor,
    ...(row.expiresAt ? { expiresAt: row.expiresAt } : {}),
    ...(row.disabledAt ? { disabledAt: row.disabledAt } : {}),
    ...(row.recipientEmail ? { recipientEmail: row.recipientEmail } : {}),
    ...(row.sourceOrderId ? { sourceOrderId: row.sourceOrderId } : {}),
    createdDate: row.createdDate,
    updatedDate: row.updatedDate,
  };
}

/** Upper case, no spaces or dashes: "abcd-efgh …" and "ABCDEFGH…" are the same code. */
export function normalizeGiftCardCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function hashCode(code: string): string {
  return createHash('sha256').update(normalizeGiftCardCode(code)).digest('hex');
}

/** "XXXX-XXXX-XXXX-XXXX": 16 characters of a 32-letter alphabet, 80 random bits. */
export function generateGiftCardCode(): string {
  return randomToken(16, CODE_ALPHABET).match(/.{4}/g)?.join('-') ?? '';
}

/** How a gift card is shown to shoppers: never more than its last four characters. */
export function obfuscatedCode(last4: string): string {
  return `••••${last4}`;
}

export interface IssueGiftCardInput {
  initialBalanceMinor: number;
  currency: string;
  expiresAt?: Date;
  recipientEmail?: string;
  /** A code chosen by the merchant; a random one otherwise. */
  code?: string;
  sourceOrderId?: string;
  sourceLineItemId?: string;
}

/** Issues a card and records the ISSUE ledger entry. Returns the full code: the only time it exists. */
export async function issueGiftCard(
  tx: Tx,
  input: IssueGiftCardInput,
): Promise<{ giftCard: GiftCard; code: string }> {
  if (!Number.isSafeInteger(input.initialBalanceMinor) || input.initialBalanceMinor <= 0)
    throw invalidField('giftCard.initialBalance', 'MIN', 'must be more than 0');
  const code = input.code ? input.code.trim() : generateGiftCardCode();
  if (normalizeGiftCardCode(code).length < 8)
    throw invalidField('giftCard.code', 'MIN_LENGTH', 'must have at least 8 letters or digits');
  const normalized = normalizeGiftCardCode(code);
  const id = uuidv7();
  const [row] = await tx
    .insert(giftCards)
    .values({
      id,
      codeHash: hashCode(code),
      last4: normalized.slice(-4),
      currency: input.currency,
      initialBalanceMinor: input.initialBalanceMinor,
      balanceMinor: input.initialBalanceMinor,
      expiresAt: input.expiresAt ?? null,
      recipientEmail: input.recipientEmail ?? null,
      sourceOrderId: input.sourceOrderId ?? null,
      sourceLineItemId: input.sourceLineItemId ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw new AppError('GIFT_CARD_ALREADY_EXISTS', 'Gift card code already exists', {
      status: 409,
      description: 'Another gift card uses this code. Choose another code, or leave it out for a random one.',
    });
  }
  await tx.insert(giftCardTransactions).values({
    giftCardId: id,
    kind: 'ISSUE',
    amountMinor: input.initialBalanceMinor,
    balanceAfterMinor: input.initialBalanceMinor,
    orderId: input.sourceOrderId ?? null,
  });
  return { giftCard: giftCardFromRow(row), code };
}

export async function getGiftCard(db: DbOrTx, id: string): Promise<GiftCard> {
  const [row] = await db.select().from(giftCards).where(eq(giftCards.id, id));
  if (!row) throw notFound('GiftCard', id);
  return giftCardFromRow(row);
}

export async function listGiftCards(
  db: DbOrTx,
  paging: Paging,
): Promise<{ giftCards: GiftCard[]; total: number }> {
  const [rows, [total]] = await readTogether(
    db,
    () =>
      db
        .select()
        .from(giftCards)
        .orderBy(desc(giftCards.createdDate), asc(giftCards.id))
        .limit(paging.limit)
        .offset(paging.offset),
    () => db.select({ value: count() }).from(giftCards),
  );
  return { giftCards: rows.map(giftCardFromRow), total: total?.value ?? 0 };
}

export async function listGiftCardTransactions(
  db: DbOrTx,
  giftCardId: string,
): Promise<GiftCardTransaction[]> {
  await getGiftCard(db, giftCardId);
  const rows = await db
    .select()
    .from(giftCardTransactions)
    .where(eq(giftCardTransactions.giftCardId, giftCardId))
    .orderBy(asc(giftCardTransactions.createdDate), asc(giftCardTransactions.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    amountMinor: row.amountMinor,
    balanceAfterMinor: row.balanceAfterMinor,
    ...(row.orderId ? { orderId: row.orderId } : {}),
    createdDate: row.createdDate,
  }));
}

export async function disableGiftCard(db: DbOrTx, id: string, now: Date): Promise<GiftCard> {
  const [row] = await db
    .update(giftCards)
    .set({ disabledAt: sql`coalesce(${giftCards.disabledAt}, ${now})` })
    .where(eq(giftCards.id, id))
    .returning();
  if (!row) throw notFound('GiftCard', id);
  return giftCardFromRow(row);
}

/** Why a card cannot pay now, or undefined. */
export function giftCardProblem(card: GiftCard, now: Date): { code: string; message: string } | undefined {
  const name = obfuscatedCode(card.last4);
  if (card.disabledAt) return { code: 'GIFT_CARD_DISABLED', message: `Gift card ${name} has been disabled.` };
  if (card.expiresAt && card.expiresAt <= now)
    return {
      code: 'GIFT_CARD_EXPIRED',
      message: `Gift card ${name} expired on ${card.expiresAt.toISOString()}.`,
    };
  if (card.balanceMinor <= 0)
    return { code: 'GIFT_CARD_EMPTY', message: `Gift card ${name} has no balance left.` };
  return undefined;
}

/** The card a shopper typed, checked for use now; a clear application error otherwise. */
export async function findUsableGiftCard(db: DbOrTx, code: string, now: Date): Promise<GiftCard> {
  const [row] =
    normalizeGiftCardCode(code).length === 0
      ? []
      : await db
          .select()
          .from(giftCards)
          .where(eq(giftCards.codeHash, hashCode(code)));
  if (!row) {
    throw new AppError('GIFT_CARD_NOT_FOUND', 'Gift card not found', {
      status: 404,
      description: 'No gift card has this code. Check the code (letters and digits) and try again.',
    });
  }
  const card = giftCardFromRow(row);
  const problem = giftCardProblem(card, now);
  if (problem) {
    throw new AppError(problem.code, 'Gift card cannot be used', {
      status: 400,
      description: `${problem.message} Remove it or use another card.`,
      data: { obfuscatedCode: obfuscatedCode(card.last4) },
    });
  }
  return card;
}

/** Gives an amount back to a card (a cancelled order), with its ledger entry. */
export async function refundGiftCard(
  tx: Tx,
  input: { giftCardId: string; amountMinor: number; orderId: string; now: Date },
): Promise<void> {
  await tx.execute(sql`
    WITH card AS (
      UPDATE gift_cards SET balance_minor = balance_minor + ${input.amountMinor}, updated_date = ${input.now}
      WHERE id = ${input.giftCardId} RETURNING id, balance_minor)
    INSERT INTO gift_card_transactions (id, gift_card_id, kind, amount_minor, balance_after_minor, order_id)
    SELECT ${uuidv7()}, card.id, 'REFUND', ${input.amountMinor}, card.balance_minor, ${input.orderId} FROM card`);
}
