// The access domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { accessRoutes } from './access.routes.js';
export { MERCHANT_ROLES, type MerchantRole } from './access.schema.js';
export { apiKeyResolver } from './apikeys.resolver.js';
export { createApiKey, listApiKeys, revokeApiKey } from './apikeys.service.js';
export {
  authPlugin,
  requireCaller,
  requireMerchant,
  requireShopper,
  type TokenResolver,
} from './auth.plugin.js';
export { ANONYMOUS, type Caller, isMerchant, isShopper } from './caller.types.js';
export { ensureOwnerKey } from './owner-key.service.js';
