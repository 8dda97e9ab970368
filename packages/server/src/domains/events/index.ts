// The events domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { actorOf } from './actor.js';
export { createDispatcher, type Dispatcher } from './dispatch/dispatcher.js';
export { createNatsPublisher } from './dispatch/nats-publisher.js';
export { EventRouting } from './dispatch/routing.js';
export type { EventActor } from './events.schema.js';
export { type DomainEvent, recordEvent, recordEvents } from './events.service.js';
export { deliveryLag } from './lag.js';
export { webhookRoutes } from './webhooks.routes.js';
export { createWebhook, listDeliveries, listWebhooks, redeliver } from './webhooks.service.js';
