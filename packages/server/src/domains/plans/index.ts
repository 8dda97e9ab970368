// The plans domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { registerPlanOrders } from './plan-orders.consumer.js';
export { planSales } from './plan-sales.service.js';
export { planRoutes } from './plans.routes.js';
export { planOnSale, planOnSaleForLine } from './plans.service.js';
export { pricingPlansRoutes } from './pricing-plans.routes.js';
