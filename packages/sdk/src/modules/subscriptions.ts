// The buyer's own subscriptions (docs/api/cart-checkout-orders.md "E-mails, gift cards bought, downloads, subscriptions"): a visitor's
// or a member's, with their schedule; cancelling stops billing.

import { SUBSCRIPTION_WIRE, type Subscription } from '../entities/index.js';
import { reviveEntity } from '../wire.js';
import { type ClientContext, segment } from './context.js';

const PATH = '/ecom/v1/subscriptions';

/** Subscriptions of the client's visitor or member. */
export interface SubscriptionsModule {
  /**
   * The caller's subscriptions, oldest first.
   *
   * @example
   * ```ts
   * const active = (await client.subscriptions.list()).filter((s) => s.status === 'ACTIVE');
   * ```
   */
  list(): Promise<Subscription[]>;
  /**
   * Cancels one of the caller's subscriptions: nothing more is billed. Another buyer's id is a 404; an
   * already stopped one a 409 `SUBSCRIPTION_NOT_ACTIVE`.
   *
   * @example
   * ```ts
   * const canceled = await client.subscriptions.cancel(subscription.id);
   * canceled.canceledDate; // a Date
   * ```
   */
  cancel(id: string): Promise<Subscription>;
}

const revive = (wire: unknown): Subscription => reviveEntity<Subscription>(wire, SUBSCRIPTION_WIRE);

/**
 * Creates the subscriptions module (normally through `createClient`).
 *
 * @example
 * ```ts
 * const subscriptions = createSubscriptionsModule(context);
 * ```
 */
export function createSubscriptionsModule({ transport }: ClientContext): SubscriptionsModule {
  return {
    async list() {
      const reply = await transport.request<{ subscriptions: unknown[] }>({ method: 'GET', path: PATH });
      return reply.subscriptions.map(revive);
    },
    async cancel(id) {
      const reply = await transport.request<{ subscription: unknown }>({
        method: 'POST',
        path: `${PATH}/${segment(id)}/cancel`,
      });
      return revive(reply.subscription);
    },
  };
}
