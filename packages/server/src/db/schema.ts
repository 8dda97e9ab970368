// Every table of every domain, in one place for drizzle-kit and the typed client.
// Domains own their tables (domains/<d>/<d>.schema.ts); other domains use their services, not these.
export * from '../domains/access/access.schema.js';
export * from '../domains/cart/cart.schema.js';
export * from '../domains/catalog/collections.schema.js';
export * from '../domains/catalog/products.schema.js';
export * from '../domains/checkout/checkout.schema.js';
export * from '../domains/events/events.schema.js';
export * from '../domains/events/webhooks.schema.js';
export * from '../domains/identity/identity.schema.js';
export * from '../domains/mail/mail.schema.js';
export * from '../domains/media/media.schema.js';
export * from '../domains/orders/orders.schema.js';
export * from '../domains/payments/payments.schema.js';
export * from '../domains/plans/plans.schema.js';
export * from '../domains/preferences/preferences.schema.js';
export * from '../domains/redirects/redirects.schema.js';
export * from '../domains/redirects/redirects.schema.js';
export * from '../domains/store-setup/store-setup.schema.js';
