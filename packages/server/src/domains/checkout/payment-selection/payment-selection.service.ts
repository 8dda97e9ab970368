import type { DbOrTx } from '../../../db/client.js';
import type { Caller } from '../../access/index.js';
import type { EventActor } from '../../events/index.js';
import type {
  CardSummary,
  PaymentMethodInput,
  PaymentProviders,
  PaymentSelection,
} from '../../payments/index.js';
import { assertOwnMethod, ownerKeyOf, storableMethod } from '../../payments/index.js';
import { assertOpen, lockCheckout, saveCheckout } from '../checkout-rows.service.js';

export interface SelectedPaymentMethod {
  type: PaymentSelection['method']['type'];
  savedPaymentMethodId?: string;
  paymentIntentId?: string;
  card?: CardSummary;
  savePaymentMethod: boolean;
  delayCapture: boolean;
}

/**
 * Stores how the buyer will pay on the (open) checkout, so a create-order without `paymentMethod` — the
 * public @wix/ecom client's — pays that way. A new card is tokenized by the gateway now (bad card data
 * is a 400 here, a decline comes at create-order); a saved method must be the buyer's own.
 */
export async function selectPaymentMethod(
  db: DbOrTx,
  input: {
    checkoutId: string;
    method: PaymentMethodInput;
    savePaymentMethod: boolean;
    delayCapture: boolean;
  },
  ctx: { caller: Caller; actor: EventActor; now: Date; providers: PaymentProviders },
): Promise<SelectedPaymentMethod> {
  const method = await storableMethod(input.method, ctx.providers);
  return db.transaction(async (tx) => {
    const row = await lockCheckout(tx, input.checkoutId, ctx.caller);
    assertOpen(row);
    if (method.type === 'SAVED_METHOD')
      await assertOwnMethod(tx, method.savedPaymentMethodId, ownerKeyOf(row));
    const selection: PaymentSelection = {
      method,
      savePaymentMethod: input.savePaymentMethod,
      delayCapture: input.delayCapture,
    };
    await saveCheckout(tx, row, { paymentSelection: selection }, ctx.actor, ctx.now);
    return {
      type: method.type,
      ...(method.type === 'SAVED_METHOD' ? { savedPaymentMethodId: method.savedPaymentMethodId } : {}),
      ...(method.type === 'CARD_TOKEN' ? { card: method.card } : {}),
      ...(method.type === 'PAYMENT_INTENT' ? { paymentIntentId: method.paymentIntentId } : {}),
      savePaymentMethod: selection.savePaymentMethod,
      delayCapture: selection.delayCapture,
    };
  });
}
