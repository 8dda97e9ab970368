import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  type PaymentProviderName,
  type PaymentRecordStatus,
  paymentProviderEvents,
  payments,
} from './payments.schema.js';

/**
 * Claims a gateway event for this transaction: true the first time, false when it was applied before.
 * A concurrent delivery of the same event waits on the primary key until this transaction ends, then
 * finds it (ADR 035), so an event changes things once however often Stripe sends it.
 */
export async function claimGatewayEvent(
  tx: Tx,
  event: { provider: PaymentProviderName; id: string; type: string; now: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentProviderEvents)
    .values({ provider: event.provider, eventId: event.id, type: event.type, receivedDate: event.now })
    .onConflictDoNothing()
    .returning({ id: paymentProviderEvents.eventId });
  return inserted.length > 0;
}

export interface GatewayPayment {
  id: string;
  orderId: string;
  status: PaymentRecordStatus;
  amountMinor: number;
}

/**
 * Our payment for a gateway reference (a Stripe PaymentIntent id), if an order has it; locked unless
 * `lock` is false (a caller that must lock the order first, as refunds do, reads it unlocked).
 */
export async function paymentByReference(
  db: DbOrTx,
  provider: PaymentProviderName,
  reference: string,
  lock = true,
): Promise<GatewayPayment | undefined> {
  const query = db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      status: payments.status,
      amountMinor: payments.amountMinor,
    })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Moves a payment from one status to another; false when it was not in `from` (applied already). */
export async function settleGatewayPayment(
  tx: Tx,
  id: string,
  from: PaymentRecordStatus,
  to: PaymentRecordStatus,
  now: Date,
): Promise<boolean> {
  const changed = await tx
    .update(payments)
    .set({ status: to, updatedDate: now })
    .where(and(eq(payments.id, id), eq(payments.status, from)))
    .returning({ id: payments.id });
  return changed.length > 0;
}
