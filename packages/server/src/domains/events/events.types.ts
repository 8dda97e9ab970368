/**
 * The catalogue of domain event types (spec §4): what webhooks and consumers can subscribe to.
 * Domains record events with these names; subscriptions are validated against this list.
 */
export const EVENT_TYPES = [
  'catalog.product.created',
  'catalog.product.changed',
  'catalog.product.deleted',
  'catalog.product.variants_changed',
  'catalog.collection.created',
  'catalog.collection.changed',
  'catalog.collection.deleted',
  'ecom.cart.created',
  'ecom.cart.updated',
  'ecom.cart.deleted',
  'ecom.checkout.created',
  'ecom.checkout.updated',
  'ecom.checkout.completed',
  'ecom.order.created',
  'ecom.order.updated',
  'ecom.refund.created',
  'ecom.fulfillment.created',
  'ecom.fulfillment.updated',
  'ecom.fulfillment.deleted',
  'store.settings.currency_changed',
  'store.settings.card_provider_changed',
  'webhook.ping',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** `*` subscribes to every event type, including ones added later. */
export const ALL_EVENTS = '*';

export function matchesEventType(subscribed: readonly string[], type: string): boolean {
  return subscribed.includes(ALL_EVENTS) || subscribed.includes(type);
}
