import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/http/errors.js';
import { type PaymentProviderName, payments } from './payments.schema.js';
import type { PaymentProviders } from './providers/payment-providers.service.js';

/** The part of one refund that one payment gives back. */
export interface PaymentRefundPart {
  paymentId: string;
  provider: PaymentProviderName;
  amountMinor: number;
  /** The gateway's id of this refund (Stripe's `re_…`), which its webhooks name. */
  providerRefundId?: string;
}

/**
 * What the order's captured payments can still give back, with the rows locked: the caller (the
 * order's refund, which holds the order row too) decides how much to take before anything changes.
 */
export async function lockRefundablePayments(tx: Tx, orderId: string) {
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'CAPTURED')))
    .orderBy(asc(payments.createdDate), asc(payments.id))
    .for('update');
  return rows
    .map((row) => ({ row, refundable: row.amountMinor - row.refundedMinor }))
    .filter((entry) => entry.refundable > 0);
}

/**
 * Gives `amountMinor` back from the order's captured payments, oldest first, calling each payment's
 * gateway with a key derived from the refund, so a retried call refunds once. The caller's transaction
 * must already hold the payments (lockRefundablePayments) and have checked the amount fits: a gateway
 * failure throws, and the transaction then records nothing. Offline payments are given back by the
 * merchant outside the system; they are only recorded.
 */
export async function refundCapturedPayments(
  tx: Tx,
  providers: PaymentProviders,
  input: { orderId: string; refundId: string; amountMinor: number },
): Promise<PaymentRefundPart[]> {
  const parts: PaymentRefundPart[] = [];
  let left = input.amountMinor;
  for (const { row, refundable } of await lockRefundablePayments(tx, input.orderId)) {
    if (left <= 0) break;
    const amountMinor = Math.min(left, refundable);
    const provider = providers[row.provider];
    let providerRefundId: string | undefined;
    if (provider && row.providerReference) {
      try {
        ({ reference: providerRefundId } = await provider.refund(row.providerReference, amountMinor, {
          idempotencyKey: `refund:${input.refundId}:${row.id}`,
        }));
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('PAYMENT_PROVIDER_ERROR', 'The payment gateway did not refund', {
          status: 502,
          description:
            'The payment gateway did not confirm the refund, so nothing was refunded or recorded. Try again in a moment.',
          cause: error,
        });
      }
    }
    await tx
      .update(payments)
      .set({ refundedMinor: row.refundedMinor + amountMinor })
      .where(eq(payments.id, row.id));
    parts.push({
      paymentId: row.id,
      provider: row.provider,
      amountMinor,
      ...(providerRefundId ? { providerRefundId } : {}),
    });
    left -= amountMinor;
  }
  return parts;
}

/**
 * Records money a gateway gave back without our asking (a refund made in Stripe's dashboard) against a
 * captured payment, locked; answers how much of it the payment could still give back (the part recorded).
 */
export async function recordGatewayRefund(tx: Tx, paymentId: string, amountMinor: number): Promise<number> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (row?.status !== 'CAPTURED') return 0;
  const applied = Math.min(amountMinor, row.amountMinor - row.refundedMinor);
  if (applied <= 0) return 0;
  await tx
    .update(payments)
    .set({ refundedMinor: row.refundedMinor + applied })
    .where(eq(payments.id, paymentId));
  return applied;
}
