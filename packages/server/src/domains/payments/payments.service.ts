import { createHash } from 'node:crypto';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { invalidField } from '../../lib/http/errors.js';
import {
  chargeAttempt,
  gatewaySubjectOf,
  openAttempt,
  type PaymentAttempt,
  settleAttempt,
} from './payment-attempts.service.js';
import type { AttemptRequest, PaymentStatus } from './payments.schema.js';
import {
  type PaymentProviderName,
  type PaymentRecordStatus,
  payments,
  savedPaymentMethods,
} from './payments.schema.js';
import type {
  ChargeResult,
  PaymentMethodInput,
  PaymentProvider,
} from './providers/payment-provider.types.js';
import {
  assertMethodFits,
  type PaymentProviders,
  requireCardProvider,
} from './providers/payment-providers.service.js';

/**
 * The attempt's key: the same for a retry of the same payment (what is paid, by what, how much, how),
 * different for anything else — never anything that changes from one try to the next.
 */
function chargeKey(input: TakePaymentInput, source: string): string {
  const digest = createHash('sha256')
    .update(
      [source, input.amountMinor, input.currency, input.delayCapture, input.savePaymentMethod].join('|'),
    )
    .digest('base64url')
    .slice(0, 32);
  return `openshelf:${input.subject}:charge:${digest}`;
}

export interface PaymentRecord {
  id: string;
  provider: PaymentProviderName;
  status: PaymentRecordStatus;
  amountMinor: number;
  currency: string;
  providerReference?: string;
  cardBrand?: string;
  cardLast4?: string;
  refundedMinor: number;
  createdDate: Date;
}

export interface TakePaymentInput {
  /**
   * What is paid for: `checkout:<id>`, `subscription:<id>:<cycle>`, `plan:<purchase key>`. Idempotency
   * keys and the gateway's metadata are derived from it (stable across retries).
   */
  subject: string;
  /** What is due now (pay-now after gift card). */
  amountMinor: number;
  /** What is due later (offline lines): a fully paid online part still leaves the order partly unpaid. */
  payLaterMinor: number;
  currency: string;
  method: PaymentMethodInput;
  delayCapture: boolean;
  savePaymentMethod: boolean;
  /** `member:<id>` / `visitor:<id>`: who may reuse a saved method. */
  ownerKey?: string;
}

/** What step 1 decided: nothing to ask a gateway, a charge the server makes, or a payment the browser made. */
export type PreparedPayment =
  | { kind: 'none'; paymentStatus: PaymentStatus }
  | { kind: 'charge'; provider: PaymentProvider; attempt: PaymentAttempt }
  | { kind: 'intent'; provider: PaymentProvider; paymentIntentId: string };

export interface TakenPayment {
  paymentStatus: PaymentStatus;
  reference?: string;
  /** The saved method this payment used or created (subscription renewals charge it again). */
  savedPaymentMethodId?: string;
}

/**
 * Step 1 of taking a payment (ADR 046), inside the transaction that checks what is paid for: nothing due →
 * PAID; OFFLINE → NOT_PAID (the merchant marks it paid); a card → its attempt, committed with the
 * transaction before the gateway is called (the open attempt when this is a retry); a payment the
 * buyer's browser confirmed → read from the gateway in step 2. Bad card data or a method the store
 * cannot take: 400 here, before anything is asked of anyone.
 */
export async function preparePayment(
  tx: Tx,
  providers: PaymentProviders,
  input: TakePaymentInput,
  now: Date,
): Promise<PreparedPayment> {
  // A PaymentIntent the buyer already paid is checked even when nothing is due any more (a gift card
  // applied meanwhile): its amount no longer fits, so it is given back instead of kept unrecorded.
  const paidAlready = input.method.type === 'PAYMENT_INTENT' || input.method.type === 'GATEWAY_PAYMENT';
  if (input.amountMinor === 0 && !paidAlready)
    return { kind: 'none', paymentStatus: input.payLaterMinor > 0 ? 'NOT_PAID' : 'PAID' };
  if (input.method.type === 'OFFLINE') return { kind: 'none', paymentStatus: 'NOT_PAID' };
  const provider = requireCardProvider(providers);
  if (input.method.type === 'GATEWAY_PAYMENT') {
    if (!provider.confirmedIntent) throw new Error(`${provider.name} cannot read back a payment it made`);
    return { kind: 'intent', provider, paymentIntentId: input.method.reference };
  }
  assertMethodFits(input.method, provider);
  if (input.method.type === 'PAYMENT_INTENT') {
    if (!provider.confirmedIntent)
      throw invalidField('paymentMethod.type', 'VALIDATION', `is not supported by ${provider.name}`);
    return { kind: 'intent', provider, paymentIntentId: input.method.paymentIntentId };
  }
  const savePaymentMethod = input.savePaymentMethod && input.ownerKey !== undefined;
  const request: AttemptRequest = { kind: 'charge', delayCapture: input.delayCapture, savePaymentMethod };
  if (input.ownerKey) request.ownerKey = input.ownerKey;
  let source: string;
  if (input.method.type === 'SAVED_METHOD') {
    const [saved] = input.ownerKey
      ? await tx
          .select()
          .from(savedPaymentMethods)
          .where(
            and(
              eq(savedPaymentMethods.id, input.method.savedPaymentMethodId),
              eq(savedPaymentMethods.ownerKey, input.ownerKey),
            ),
          )
      : [];
    if (!saved || saved.provider !== provider.name)
      throw invalidField(
        'paymentMethod.savedPaymentMethodId',
        'VALIDATION',
        'is not a saved payment method of this buyer',
      );
    Object.assign(request, {
      token: saved.token,
      card: { brand: saved.brand, last4: saved.last4, expMonth: saved.expMonth, expYear: saved.expYear },
      savedPaymentMethodId: saved.id,
      savePaymentMethod: false,
      reusing: true,
    });
    source = saved.token;
  } else if (input.method.type === 'CARD_TOKEN') {
    Object.assign(request, { token: input.method.token, card: input.method.card });
    source = input.method.token;
  } else if (input.method.type === 'GATEWAY_METHOD') {
    request.token = input.method.token;
    source = input.method.token;
  } else {
    // A card number (the sandbox): tokenized here, without any I/O; the key names the card by what may
    // be shown of it, so sending the same card again is the same payment.
    const tokenized = await provider.tokenize(input.method.card);
    Object.assign(request, { token: tokenized.token, card: tokenized.card });
    source = `card:${tokenized.card.last4}:${tokenized.card.expMonth}/${tokenized.card.expYear}`;
  }
  const attempt = await openAttempt(tx, {
    baseKey: chargeKey(input, source),
    subject: input.subject,
    provider: provider.name,
    amountMinor: input.amountMinor,
    currency: input.currency,
    request,
    now,
  });
  return { kind: 'charge', provider, attempt };
}

/**
 * Step 2, with no transaction open: the charge made and confirmed, or the browser's payment read and
 * matched to what is due (a mismatch is given back by the gateway's provider: 409). Undefined when there
 * is nothing to ask.
 */
export async function executePayment(
  db: DbOrTx,
  prepared: PreparedPayment,
  input: Pick<TakePaymentInput, 'subject' | 'amountMinor' | 'currency'>,
  now: Date,
): Promise<ChargeResult | undefined> {
  if (prepared.kind === 'none') return undefined;
  if (prepared.kind === 'charge') return chargeAttempt(db, prepared.provider, prepared.attempt, now);
  return (prepared.provider.confirmedIntent as NonNullable<PaymentProvider['confirmedIntent']>)({
    paymentIntentId: prepared.paymentIntentId,
    checkoutId: gatewaySubjectOf(input.subject),
    amountMinor: input.amountMinor,
    currency: input.currency,
  });
}

/**
 * Step 3, in the transaction that writes the order: the payment row (and a card the buyer asked to keep),
 * the attempt settled, and the order's payment status.
 */
export async function recordPayment(
  tx: Tx,
  prepared: PreparedPayment,
  charged: ChargeResult | undefined,
  input: Pick<TakePaymentInput, 'amountMinor' | 'payLaterMinor' | 'currency' | 'ownerKey'> & {
    orderId: string;
    now: Date;
  },
): Promise<TakenPayment> {
  if (prepared.kind === 'none' || !charged) {
    return { paymentStatus: prepared.kind === 'none' ? prepared.paymentStatus : 'NOT_PAID' };
  }
  const { provider } = prepared;
  const request = prepared.kind === 'charge' ? prepared.attempt.request : undefined;
  const card = charged.card ?? request?.card;
  let savedMethodId = request?.savedPaymentMethodId;
  // A card tokenized at selection: the gateway already holds it, so its token is what gets saved.
  const token = request?.savePaymentMethod ? (charged.token ?? request.token) : charged.token;
  if (token && card && input.ownerKey && (request?.savePaymentMethod ?? true) && !savedMethodId) {
    const [saved] = await tx
      .insert(savedPaymentMethods)
      .values({
        ownerKey: input.ownerKey,
        provider: provider.name,
        token,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      })
      .returning({ id: savedPaymentMethods.id });
    savedMethodId = saved?.id;
  }
  await tx.insert(payments).values({
    orderId: input.orderId,
    provider: provider.name,
    status: charged.status,
    amountMinor: input.amountMinor,
    currency: input.currency,
    providerReference: charged.reference,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    savedPaymentMethodId: savedMethodId ?? null,
  });
  await settleAttempt(tx, provider.name, charged.reference, input.orderId, input.now);
  const paymentStatus: PaymentStatus =
    charged.status === 'AUTHORIZED' ? 'AUTHORIZED' : input.payLaterMinor > 0 ? 'PARTIALLY_PAID' : 'PAID';
  return {
    paymentStatus,
    reference: charged.reference,
    ...(savedMethodId ? { savedPaymentMethodId: savedMethodId } : {}),
  };
}

const recordOf = (row: typeof payments.$inferSelect): PaymentRecord => ({
  id: row.id,
  provider: row.provider,
  status: row.status,
  amountMinor: row.amountMinor,
  currency: row.currency,
  ...(row.providerReference ? { providerReference: row.providerReference } : {}),
  ...(row.cardBrand ? { cardBrand: row.cardBrand } : {}),
  ...(row.cardLast4 ? { cardLast4: row.cardLast4 } : {}),
  refundedMinor: row.refundedMinor,
  createdDate: row.createdDate,
});

export async function listPayments(db: DbOrTx, orderId: string): Promise<PaymentRecord[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdDate));
  return rows.map(recordOf);
}

/**
 * What was captured for the order whose id is in `orderId` (a column of the caller's query), as a
 * correlated subquery: customer totals sum it over a buyer's orders in the same query.
 */
export function capturedMinorSql(orderId: AnyColumn): SQL<number> {
  return sql<number>`(select coalesce(sum(${payments.amountMinor}), 0) from ${payments} where ${payments.orderId} = ${orderId} and ${payments.status} = 'CAPTURED')`;
}

/** The payments of several orders, oldest first per order: one query (order lists show their figures). */
export async function paymentsByOrder(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, PaymentRecord[]>> {
  const byOrder = new Map<string, PaymentRecord[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.orderId, [...orderIds]))
    .orderBy(asc(payments.createdDate), asc(payments.id));
  for (const row of rows) byOrder.get(row.orderId)?.push(recordOf(row));
  return byOrder;
}

/**
 * Money taken per order: its captured payments (cards charged or captured, money marked as received).
 * Authorizations not captured, voided and refunded payments are not money the store has. One query.
 */
export async function capturedByOrder(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: payments.orderId, total: sql<string>`sum(${payments.amountMinor})` })
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), eq(payments.status, 'CAPTURED')))
    .groupBy(payments.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.total)]));
}

/** Captures the order's authorized card payments (delayCapture). Returns how much was captured. */
export async function capturePayments(tx: Tx, providers: PaymentProviders, orderId: string): Promise<number> {
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'AUTHORIZED')))
    .for('update');
  let captured = 0;
  for (const row of rows) {
    const provider = providers[row.provider];
    if (provider && row.providerReference)
      await provider.capture(row.providerReference, row.amountMinor, {
        idempotencyKey: `openshelf:payment:${row.id}:capture`,
      });
    await tx.update(payments).set({ status: 'CAPTURED' }).where(eq(payments.id, row.id));
    captured += row.amountMinor;
  }
  return captured;
}

/** The merchant received the money outside the system (cash, bank transfer). */
export async function recordManualPayment(
  tx: Tx,
  input: { orderId: string; amountMinor: number; currency: string },
): Promise<void> {
  if (input.amountMinor <= 0) return;
  await tx.insert(payments).values({ ...input, provider: 'OFFLINE', status: 'CAPTURED' });
}

/**
 * Releases the order's card authorizations at their gateway (Stripe: the PaymentIntent is cancelled) and
 * marks them VOIDED; the key is the one cancelling uses, so a void and a cancel never release twice.
 * Returns how many were voided. Rows are locked: a capture racing it waits and then finds none.
 */
export async function voidAuthorizations(
  tx: Tx,
  providers: PaymentProviders,
  orderId: string,
): Promise<number> {
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'AUTHORIZED')))
    .for('update');
  for (const row of rows) await voidOne(tx, providers, row);
  return rows.length;
}

async function voidOne(tx: Tx, providers: PaymentProviders, row: typeof payments.$inferSelect) {
  const provider = providers[row.provider];
  if (provider && row.providerReference)
    await provider.void(row.providerReference, { idempotencyKey: `openshelf:payment:${row.id}:void` });
  await tx.update(payments).set({ status: 'VOIDED' }).where(eq(payments.id, row.id));
}

/** A cancelled order: authorizations are voided, captured card payments refunded. */
export async function reversePayments(
  tx: Tx,
  providers: PaymentProviders,
  orderId: string,
): Promise<PaymentStatus | undefined> {
  const rows = await tx.select().from(payments).where(eq(payments.orderId, orderId)).for('update');
  let outcome: PaymentStatus | undefined;
  for (const row of rows) {
    const provider = providers[row.provider];
    if (row.status === 'AUTHORIZED') {
      await voidOne(tx, providers, row);
      outcome ??= 'VOIDED';
    } else if (row.status === 'CAPTURED') {
      // Only what earlier partial refunds have not already given back.
      const remaining = row.amountMinor - row.refundedMinor;
      if (provider && row.providerReference && remaining > 0)
        await provider.refund(row.providerReference, remaining, {
          idempotencyKey: `openshelf:payment:${row.id}:refund`,
        });
      await tx
        .update(payments)
        .set({ status: 'REFUNDED', refundedMinor: row.amountMinor })
        .where(eq(payments.id, row.id));
      outcome = 'REFUNDED';
    }
  }
  return outcome;
}
