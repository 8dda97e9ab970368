import type { Db } from '../../db/client.js';
import type { EventRouting } from '../events/index.js';
import { orderStatusOf } from '../orders/index.js';
import { settlePlanOrder } from './plans.service.js';

/**
 * A plan order paid later (the merchant marks a pay-later order paid) grants its membership; a canceled
 * one ends it. An in-process event consumer (ADR 007: after commit, retried), idempotent.
 */
export function registerPlanOrders({
  events,
  ...deps
}: {
  events: EventRouting;
  db: Db;
  clock: () => Date;
}): void {
  events.registerConsumer({
    name: 'plans-order-settlement',
    eventTypes: ['ecom.order.updated'],
    async handle(event) {
      const order = await orderStatusOf(deps.db, event.entityId);
      if (order) await settlePlanOrder(deps.db, order, deps.clock());
    },
  });
}
