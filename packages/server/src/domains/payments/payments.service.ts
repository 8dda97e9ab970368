import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { invalidField } from '../../lib/http/errors.js';
import type { PaymentStatus } from './payments.schema.js';
import {
  type PaymentProviderName,
  type PaymentRecordStatus,
  payments,
  savedPaymentMethods,
} from './payments.schema.js';
import type { ChargeRequest, ChargeResult, PaymentMethodInput } from './providers/payment-provider.types.js';
import {
  assertMethodFits,
  gatewayCustomerFor,
  type PaymentProviders,
  requireCardProvider,
} from './providers/payment-providers.service.js';

/** A key that is the same for a retry of the same charge and different for anything else. */
function chargeKey(input: TakePaymentInput, source: string): string {
  const digest = createHash('sha256')
    .update(
      [source, input.amountMinor, input.currency, input.delayCapture, input.savePaymentMethod].join('|'),
    )
    .digest('base64url')
    .slice(0, 32);
  return `openshelf:checkout:${input.checkoutId}:charge:${digest}`;
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
  orderId: string;
  /** Idempotency keys and the gateway's metadata are derived from it (stable across retries). */
  checkoutId: string;
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

export interface TakenPayment {
  paymentStatus: PaymentStatus;
  reference?: string;
  /** The saved method this payment used or created (subscription renewals charge it again). */
  savedPaymentMethodId?: string;
  /** Undoes the charge when the order's transaction fails after it (void or refund). */
  compensate?: () => Promise<void>;
}

/**
 * Takes the payment of a new order inside its transaction (ADR 011). Nothing due → PAID at once;
 * OFFLINE → NOT_PAID (the merchant marks it paid); a card → the provider charges (or authorizes with
 * delayCapture) and a payment record is written. A decline throws, so the order rolls back whole.
 */
export async function takePayment(
  tx: Tx,
  providers: PaymentProviders,
  input: TakePaymentInput,
): Promise<TakenPayment> {
  // A PaymentIntent the buyer already paid is checked even when nothing is due any more (a gift card
  // applied meanwhile): its amount no longer fits, so it is given back instead of kept unrecorded.
  if (input.amountMinor === 0 && input.method.type !== 'PAYMENT_INTENT')
    return { paymentStatus: input.payLaterMinor > 0 ? 'NOT_PAID' : 'PAID' };
  if (input.method.type === 'OFFLINE') return { paymentStatus: 'NOT_PAID' };
  const provider = requireCardProvider(providers);
  assertMethodFits(input.method, provider);
  const savePaymentMethod = input.savePaymentMethod && input.ownerKey !== undefined;
  let savedMethodId: string | undefined;
  let result: ChargeResult;
  if (input.method.type === 'PAYMENT_INTENT') {
    if (!provider.confirmedIntent)
      throw invalidField('paymentMethod.type', 'VALIDATION', `is not supported by ${provider.name}`);
    result = await provider.confirmedIntent({
      paymentIntentId: input.method.paymentIntentId,
      checkoutId: input.checkoutId,
      amountMinor: input.amountMinor,
      currency: input.currency,
    });
  } else {
    const request: ChargeRequest = {
      amountMinor: input.amountMinor,
      currency: input.currency,
      orderId: input.orderId,
      checkoutId: input.checkoutId,
      idempotencyKey: '',
      delayCapture: input.delayCapture,
      savePaymentMethod,
    };
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
      request.token = saved.token;
      request.savePaymentMethod = false;
      savedMethodId = saved.id;
    } else if (input.method.type === 'CARD_TOKEN' || input.method.type === 'GATEWAY_METHOD') {
      request.token = input.method.token;
    } else {
      request.card = input.method.card;
    }
    // Saving a card, or paying with a saved one, needs the gateway's customer (a member's own).
    const needsCustomer = request.savePaymentMethod || input.method.type === 'SAVED_METHOD';
    const customer =
      needsCustomer && input.ownerKey ? await gatewayCustomerFor(tx, provider, input.ownerKey) : undefined;
    if (customer) request.customer = customer;
    request.idempotencyKey = chargeKey(input, request.token ?? input.orderId);
    const charged = await provider.charge(request);
    // A card tokenized at selection: the gateway already holds it, so its token is what gets saved.
    result =
      input.method.type === 'CARD_TOKEN'
        ? {
            ...charged,
            card: charged.card ?? input.method.card,
            ...(request.savePaymentMethod ? { token: charged.token ?? input.method.token } : {}),
          }
        : charged;
  }
  const reference = result.reference;
  const compensate = async () => {
    const options = { idempotencyKey: `openshelf:charge:${reference}:compensate` };
    if (result.status === 'AUTHORIZED') await provider.void(reference, options);
    else await provider.refund(reference, input.amountMinor, options);
  };
  if (result.token && result.card && input.ownerKey) {
    const [saved] = await tx
      .insert(savedPaymentMethods)
      .values({
        ownerKey: input.ownerKey,
        provider: provider.name,
        token: result.token,
        brand: result.card.brand,
        last4: result.card.last4,
        expMonth: result.card.expMonth,
        expYear: result.card.expYear,
      })
      .returning({ id: savedPaymentMethods.id });
    savedMethodId = saved?.id;
  }
  await tx.insert(payments).values({
    orderId: input.orderId,
    provider: provider.name,
    status: result.status,
    amountMinor: input.amountMinor,
    currency: input.currency,
    providerReference: result.reference,
    cardBrand: result.card?.brand ?? null,
    cardLast4: result.card?.last4 ?? null,
    savedPaymentMethodId: savedMethodId ?? null,
  });
  const paymentStatus: PaymentStatus =
    result.status === 'AUTHORIZED' ? 'AUTHORIZED' : input.payLaterMinor > 0 ? 'PARTIALLY_PAID' : 'PAID';
  return {
    paymentStatus,
    reference: result.reference,
    compensate,
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
