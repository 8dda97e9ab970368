// The plans domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { registerPlanOrders } from './plan-orders.consumer.js';
export { planRoutes } from './plans.routes.js';
export { planOnSale } from './plans.service.js';
export { pricingPlansRoutes } from './pricing-plans.routes.js';
