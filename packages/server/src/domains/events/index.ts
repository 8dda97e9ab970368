// The events domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { actorOf } from './actor.mapper.js';
export { deliveryLag } from './delivery-lag.service.js';
export { createDispatcher, type Dispatcher } from './dispatch/dispatcher.service.js';
export { EventRouting } from './dispatch/event-routing.deps.js';
export { createNatsPublisher } from './dispatch/nats-publisher.adapter.js';
export type { EventActor } from './events.schema.js';
export { type DomainEvent, recordEvent, recordEvents } from './events.service.js';
export { webhookRoutes } from './webhooks.routes.js';
export { createWebhook, listDeliveries, listWebhooks, redeliver } from './webhooks.service.js';
