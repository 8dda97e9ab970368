import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { AppError } from '../../lib/http/errors.js';
import {
  type AttemptRequest,
  type PaymentAttemptStatus,
  type PaymentProviderName,
  paymentAttempts,
} from './payments.schema.js';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './providers/payment-provider.types.js';
import { gatewayCustomerFor } from './providers/payment-providers.service.js';

/*
 * Payment attempts (ADR 046): a payment is asked of a gateway in three steps, none of them inside an open
 * transaction while the gateway is called:
 *   1. `openAttempt`, in the transaction that checks what is paid for: the attempt (its key, amount and
 *      request) is committed before the gateway hears of it — or the open attempt of a retry is found;
 *   2. `chargeAttempt`, with no transaction open: the gateway makes the payment unconfirmed, its reference
 *      is recorded, then it takes the money (each call idempotent under the attempt's key);
 *   3. `settleAttempt`, in the transaction that writes the order.
 * A crash or a lost reply anywhere leaves the attempt open; a retry asks the gateway again with the same
 * key and parameters and gets the same payment, and the reconciliation job finds what nobody retried.
 */

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

const OPEN: PaymentAttemptStatus[] = ['STARTED', 'CONFIRMING'];

/** The id the gateway's payment carries for what it pays: a checkout's own id, else the subject. */
export function gatewaySubjectOf(subject: string): string {
  return subject.startsWith('checkout:') ? subject.slice('checkout:'.length) : subject;
}

/**
 * The open attempt of this purchase (a retry), or a new one: the next generation when the last one ended
 * (declined, given back, abandoned), so a second try after a decline is a new request to the gateway.
 */
export async function openAttempt(
  tx: Tx,
  input: {
    baseKey: string;
    subject: string;
    provider: PaymentProviderName;
    amountMinor: number;
    currency: string;
    request: AttemptRequest;
    now: Date;
  },
): Promise<PaymentAttempt> {
  const [latest] = await tx
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.baseKey, input.baseKey))
    .orderBy(desc(paymentAttempts.generation))
    .limit(1);
  if (latest?.status === 'SETTLED') return latest;
  if (latest && OPEN.includes(latest.status)) {
    // A retry is at work on it: the reconciliation job leaves it alone for its quiet time from now.
    await tx
      .update(paymentAttempts)
      .set({ updatedDate: input.now })
      .where(eq(paymentAttempts.key, latest.key));
    return latest;
  }
  const generation = (latest?.generation ?? 0) + 1;
  const key = generation === 1 ? input.baseKey : `${input.baseKey}:${generation}`;
  const [created] = await tx
    .insert(paymentAttempts)
    .values({
      key,
      baseKey: input.baseKey,
      generation,
      subject: input.subject,
      provider: input.provider,
      amountMinor: input.amountMinor,
      currency: input.currency,
      request: input.request,
      status: 'STARTED',
      nextCheckDate: input.now,
      createdDate: input.now,
      updatedDate: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.key, key));
  if (!existing) throw new Error(`payment attempt ${key} vanished`);
  return existing;
}

/** What the gateway is asked under the attempt: always the same for the same attempt. */
export async function chargeRequestOf(db: DbOrTx, provider: PaymentProvider, attempt: PaymentAttempt) {
  const { request } = attempt;
  if (!request.token) throw new Error(`payment attempt ${attempt.key} has no token to charge`);
  // The member's gateway customer is created once (its own idempotency key), so it is the same on every try.
  const needsCustomer = request.savePaymentMethod || request.savedPaymentMethodId !== undefined;
  const customer =
    needsCustomer && request.ownerKey ? await gatewayCustomerFor(db, provider, request.ownerKey) : undefined;
  const charge: ChargeRequest = {
    amountMinor: attempt.amountMinor,
    currency: attempt.currency,
    checkoutId: gatewaySubjectOf(attempt.subject),
    idempotencyKey: attempt.key,
    token: request.token,
    delayCapture: request.delayCapture,
    savePaymentMethod: request.savePaymentMethod,
    ...(request.reusing ? { reusing: true } : {}),
    ...(request.card ? { card: request.card } : {}),
    ...(customer ? { customer } : {}),
  };
  return charge;
}

/**
 * Step 2: the payment made (once; its reference recorded before the money moves) and confirmed. A decline
 * ends the attempt; anything else that fails (the gateway unreachable, a crash) leaves it open for a retry
 * or the reconciliation job.
 */
export async function chargeAttempt(
  db: DbOrTx,
  provider: PaymentProvider,
  attempt: PaymentAttempt,
  now: Date,
): Promise<ChargeResult> {
  const request = await chargeRequestOf(db, provider, attempt);
  let reference = attempt.reference;
  if (!reference) {
    reference = (await provider.startCharge(request)).reference;
    await db
      .update(paymentAttempts)
      .set({ reference, status: 'CONFIRMING', updatedDate: now })
      .where(and(eq(paymentAttempts.key, attempt.key), eq(paymentAttempts.status, 'STARTED')));
  }
  try {
    return await provider.confirmCharge(reference, request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYMENT_DECLINED')
      await endAttempt(db, attempt.key, 'FAILED', now, error.description);
    throw error;
  }
}

/** Step 3, in the order's transaction: the order holds the gateway's payment. */
export async function settleAttempt(
  tx: Tx,
  provider: PaymentProviderName,
  reference: string,
  orderId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(paymentAttempts)
    .set({ status: 'SETTLED', orderId, updatedDate: now })
    .where(
      and(
        eq(paymentAttempts.provider, provider),
        eq(paymentAttempts.reference, reference),
        inArray(paymentAttempts.status, OPEN),
      ),
    );
}

/** An open attempt whose payment an order holds, found so afterwards. */
export async function settleAttemptFor(db: DbOrTx, key: string, orderId: string, now: Date): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status: 'SETTLED', orderId, updatedDate: now })
    .where(and(eq(paymentAttempts.key, key), inArray(paymentAttempts.status, OPEN)));
}

/** Ends an open attempt (declined, given back, abandoned); an attempt that ended already stays as it is. */
export async function endAttempt(
  db: DbOrTx,
  key: string,
  status: Exclude<PaymentAttemptStatus, 'STARTED' | 'CONFIRMING' | 'SETTLED'>,
  now: Date,
  error?: string,
): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status, updatedDate: now, ...(error ? { lastError: error.slice(0, 500) } : {}) })
    .where(and(eq(paymentAttempts.key, key), inArray(paymentAttempts.status, OPEN)));
}

/**
 * Gives back a payment the gateway made that can not become its order, once (the release's key), and ends
 * its attempt as REVERSED.
 */
export async function giveBackPayment(
  db: DbOrTx,
  provider: PaymentProvider,
  payment: { reference: string; subject: string },
  now: Date,
): Promise<void> {
  await provider.releaseIntent(
    { paymentIntentId: payment.reference, checkoutId: gatewaySubjectOf(payment.subject) },
    { idempotencyKey: `openshelf:payment:${payment.reference}:return` },
  );
  const [attempt] = await db
    .select({ key: paymentAttempts.key })
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.provider, provider.name), eq(paymentAttempts.reference, payment.reference)),
    );
  if (attempt) await endAttempt(db, attempt.key, 'REVERSED', now);
}

/**
 * Open attempts the reconciliation job may look at now: untouched for `quietMs` (a request still working
 * on one is left alone) and due. Claimed by moving their next look `leaseMs` on, so several processes
 * running the job take different ones.
 */
export async function claimOpenAttempts(
  db: Db,
  now: Date,
  options: { quietMs: number; leaseMs: number; limit: number },
): Promise<PaymentAttempt[]> {
  const quietSince = new Date(now.getTime() - options.quietMs);
  return db
    .update(paymentAttempts)
    .set({
      nextCheckDate: new Date(now.getTime() + options.leaseMs),
      checks: sql`${paymentAttempts.checks} + 1`,
    })
    .where(
      inArray(
        paymentAttempts.key,
        db
          .select({ key: paymentAttempts.key })
          .from(paymentAttempts)
          .where(
            and(
              inArray(paymentAttempts.status, OPEN),
              lte(paymentAttempts.nextCheckDate, now),
              lte(paymentAttempts.updatedDate, quietSince),
            ),
          )
          .orderBy(paymentAttempts.nextCheckDate)
          .limit(options.limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

/** When the job looks at an attempt it left open next (after its `checks`-th look). */
export async function recheckAttemptAt(db: Db, key: string, at: Date): Promise<void> {
  await db.update(paymentAttempts).set({ nextCheckDate: at }).where(eq(paymentAttempts.key, key));
}

/** Records a payment the buyer's browser confirms (Stripe's Payment Element) as an open attempt. */
export async function recordBrowserPayment(
  db: DbOrTx,
  input: {
    key: string;
    subject: string;
    provider: PaymentProviderName;
    reference: string;
    amountMinor: number;
    currency: string;
    delayCapture: boolean;
    now: Date;
  },
): Promise<void> {
  await db
    .insert(paymentAttempts)
    .values({
      key: input.key,
      baseKey: input.key,
      generation: 1,
      subject: input.subject,
      provider: input.provider,
      amountMinor: input.amountMinor,
      currency: input.currency,
      request: { kind: 'intent', delayCapture: input.delayCapture, savePaymentMethod: false },
      reference: input.reference,
      status: 'CONFIRMING',
      nextCheckDate: input.now,
      createdDate: input.now,
      updatedDate: input.now,
    })
    .onConflictDoNothing();
}

/** Payments asked of a gateway that no order holds yet and that did not end (for /metrics). */
export async function openAttemptCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(paymentAttempts)
    .where(inArray(paymentAttempts.status, OPEN));
  return Number(row?.count ?? 0);
}
