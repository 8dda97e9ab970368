import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import { uuidv7 } from '../../../lib/ids.js';

export interface RedemptionInput {
  orderId: string;
  now: Date;
  coupon?: { couponId: string; customerKey: string };
  giftCard?: { giftCardId: string; amountMinor: number };
}

interface Outcome {
  coupon_counted: number | string;
  per_customer_limit: number | null;
  code: string | null;
  card_redeemed: number | string;
}

/**
 * Counts a coupon use and redeems a gift card for an order, in the order's transaction (ADR 009), in ONE
 * statement (two guarded UPDATEs and the gift-card ledger entry):
 * - coupon: `uses + 1` only while under `usage_limit` (and active, not expired). The UPDATE's row lock
 *   queues concurrent orders and PostgreSQL re-checks the guard on the row they then see, so a coupon
 *   limited to N is used N times, never more;
 * - gift card: `balance - amount` only if the balance covers it, so it never goes negative;
 * - a per-customer limit is checked by a second statement (only for coupons that have one): it runs
 *   after the coupon row lock is granted, so it sees every redemption committed before.
 * Throws (the order rolls back whole) when a guard fails.
 */
export async function redeemForOrder(tx: Tx, input: RedemptionInput): Promise<void> {
  if (!input.coupon && !input.giftCard) return;
  const card = input.giftCard;
  const [outcome] = await queryRows<Outcome>(
    tx,
    sql`WITH coupon AS (
        UPDATE coupons SET uses = uses + 1, updated_date = ${input.now}
        WHERE id = ${input.coupon?.couponId ?? null}::text AND active
          AND (usage_limit IS NULL OR uses < usage_limit)
          AND (expires_at IS NULL OR expires_at > ${input.now})
        RETURNING id, code, per_customer_limit),
      card AS (
        UPDATE gift_cards SET balance_minor = balance_minor - ${card?.amountMinor ?? 0}, updated_date = ${input.now}
        WHERE id = ${card?.giftCardId ?? null}::text AND balance_minor >= ${card?.amountMinor ?? 0}
          AND disabled_at IS NULL AND (expires_at IS NULL OR expires_at > ${input.now})
        RETURNING id, balance_minor),
      ledger AS (
        INSERT INTO gift_card_transactions (id, gift_card_id, kind, amount_minor, balance_after_minor, order_id)
        SELECT ${uuidv7()}, card.id, 'REDEEM', ${-(card?.amountMinor ?? 0)}, card.balance_minor, ${input.orderId} FROM card
        RETURNING id)
      SELECT (SELECT count(*) FROM coupon) AS coupon_counted,
             (SELECT per_customer_limit FROM coupon) AS per_customer_limit,
             (SELECT code FROM coupon) AS code,
             (SELECT count(*) FROM ledger) AS card_redeemed`,
  );
  if (input.coupon && Number(outcome?.coupon_counted) !== 1) {
    throw new AppError('COUPON_USAGE_EXCEEDED', 'Coupon cannot be used', {
      status: 409,
      description:
        'The coupon on this checkout has been used up or is no longer valid. Remove it and place the order again.',
      data: { couponId: input.coupon.couponId },
    });
  }
  if (card && Number(outcome?.card_redeemed) !== 1) {
    throw new AppError('GIFT_CARD_INSUFFICIENT_BALANCE', 'Gift card cannot pay this amount', {
      status: 409,
      description:
        'The gift card on this checkout no longer covers the amount (it was used meanwhile, disabled or expired). Review the checkout and place the order again.',
      data: { giftCardId: card.giftCardId },
    });
  }
  const limit = outcome?.per_customer_limit;
  if (input.coupon && limit !== null && limit !== undefined) {
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO coupon_redemptions (id, coupon_id, order_id, customer_key)
        SELECT ${uuidv7()}, ${input.coupon.couponId}, ${input.orderId}, ${input.coupon.customerKey}
        WHERE (SELECT count(*) FROM coupon_redemptions
               WHERE coupon_id = ${input.coupon.couponId} AND customer_key = ${input.coupon.customerKey}) < ${limit}::int
        RETURNING id`,
    );
    if (inserted.length === 0) {
      throw new AppError('COUPON_CUSTOMER_LIMIT_REACHED', 'Coupon already used', {
        status: 409,
        description: `You have already used coupon ${outcome?.code ?? ''} as often as it allows. Remove it and place the order again.`,
        data: { couponId: input.coupon.couponId },
      });
    }
  }
}
