// A member's saved payment methods (docs/api/cart-checkout-orders.md "Payments"): cards saved with `savePaymentMethod: true`, shown
// by brand and last digits (the provider's token never leaves the server).

import { SAVED_PAYMENT_METHOD_WIRE, type SavedPaymentMethod } from '../entities/index.js';
import { reviveEntity } from '../wire.js';
import { type ClientContext, segment } from './context.js';

const PATH = '/ecom/v1/payment-methods';

/** The signed-in member's saved payment methods (visitors get a 403 `ApplicationError`). */
export interface PaymentMethodsModule {
  /**
   * The member's saved methods.
   *
   * @example
   * ```ts
   * const cards = await client.paymentMethods.list();
   * cards.map((c) => `${c.brand} •••• ${c.last4}`);
   * ```
   */
  list(): Promise<SavedPaymentMethod[]>;
  /**
   * Deletes one of the member's saved methods (another member's id is a 404).
   *
   * @example
   * ```ts
   * await client.paymentMethods.delete(card.id);
   * ```
   */
  delete(id: string): Promise<void>;
}

/**
 * Creates the payment-methods module (normally through `createClient`).
 *
 * @example
 * ```ts
 * const paymentMethods = createPaymentMethodsModule(context);
 * ```
 */
export function createPaymentMethodsModule({ transport }: ClientContext): PaymentMethodsModule {
  return {
    async list() {
      const reply = await transport.request<{ paymentMethods: unknown[] }>({ method: 'GET', path: PATH });
      return reply.paymentMethods.map((wire) =>
        reviveEntity<SavedPaymentMethod>(wire, SAVED_PAYMENT_METHOD_WIRE),
      );
    },
    async delete(id) {
      await transport.request({ method: 'DELETE', path: `${PATH}/${segment(id)}` });
    },
  };
}
