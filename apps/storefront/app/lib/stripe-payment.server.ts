// The hosted checkout's Stripe side (docs/api/payments.md): the PaymentIntent the Payment Element confirms,
// and placing the order when Stripe sends the shopper back from the confirmation (3-D Secure included).

import { isApplicationError, type OpenshelfClient } from '@openshelf/sdk';
import type { CheckoutView } from './checkout.server';
import { amountDue } from './figures';

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface StripePayment {
  publishableKey: string;
  scriptUrl: string;
  /** A member's cards kept with Stripe: paid again without the card form (and without JavaScript). */
  savedCards: SavedCard[];
  /** Members may keep the card with Stripe for next time. */
  canSave: boolean;
  /** The PaymentIntent keeps the card for the member (`?saveCard=1` on the page). */
  saveCard: boolean;
  /** Absent when no PaymentIntent could be made now (`problem` says why). */
  clientSecret?: string;
  problem?: string;
}

const UNREACHABLE =
  'Card payment is not available at the moment. Try again in a few minutes, or choose Pay later.';

/** The PaymentIntent for what is due now, made (or found again, same amount) when the step can be paid. */
export async function stripePaymentFor(
  client: OpenshelfClient,
  checkout: CheckoutView,
  stripe: { publishableKey: string; scriptUrl: string },
  options: { ready: boolean; member: boolean; saveCard: boolean },
): Promise<StripePayment> {
  const saveCard = options.member && options.saveCard;
  const savedCards = options.member
    ? (await client.paymentMethods.list().catch(() => []))
        .filter((method) => method.provider === 'STRIPE')
        .map(({ id, brand, last4, expMonth, expYear }) => ({ id, brand, last4, expMonth, expYear }))
    : [];
  const base = { ...stripe, savedCards, saveCard, canSave: options.member };
  const due = Number(amountDue(checkout.figures).amount);
  if (!options.ready || !(due > 0)) return base;
  try {
    const { clientSecret } = await client.checkout.preparePayment(checkout.id, {
      savePaymentMethod: saveCard,
    });
    return { ...base, clientSecret };
  } catch (error) {
    return {
      ...base,
      problem: isApplicationError(error) && (error.status ?? 500) < 500 ? error.description : UNREACHABLE,
    };
  }
}

/**
 * Stripe sent the shopper back (`?payment_intent=…&redirect_status=…`): place the order from that
 * payment. Returns the order id, or what to tell the shopper at the card.
 */
export async function orderFromReturn(
  client: OpenshelfClient,
  checkoutId: string,
  params: URLSearchParams,
): Promise<{ orderId: string } | { problem: string }> {
  const paymentIntentId = params.get('payment_intent') ?? '';
  if (params.get('redirect_status') !== 'succeeded')
    return { problem: 'Your bank did not confirm the payment. Try again, or use another card.' };
  try {
    const { orderId } = await client.checkout.createOrder(checkoutId, {
      paymentMethod: { type: 'STRIPE', stripe: { paymentIntentId } },
    });
    return { orderId };
  } catch (error) {
    if (isApplicationError(error) && (error.status ?? 500) < 500 && error.description)
      return { problem: error.description };
    return { problem: UNREACHABLE };
  }
}
