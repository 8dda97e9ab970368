// The identity domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { AppOriginsCache } from './app-origins.js';
export { createLogoutToken } from './authorize.service.js';
export { ensureBundledStorefrontClient, ensureOwnerStaff, ownerLoginFileIn } from './bootstrap.js';
export { type ContactData, registerContactSource } from './contacts.js';
export { onVisitorBecameMember } from './hooks.js';
export { createIdentityDeps, type IdentityDeps } from './identity.deps.js';
export { identityRoutes } from './identity.routes.js';
export { type OAuthClient, STAFF_ROLES, type StaffRole, type StoredAddress } from './identity.schema.js';
export { pruneExpiredIdentityRows } from './maintenance.service.js';
export {
  type MemberContact,
  memberContact,
  memberContactsByEmail,
  searchMemberContacts,
} from './member-directory.service.js';
export { getMemberSummary } from './members.service.js';
export {
  clientOfCaller,
  createOAuthClient,
  findOAuthClient,
  listOAuthClients,
  updateOAuthClient,
} from './oauth-clients.service.js';
export { isAllowedReturnUrl, isRegisteredRedirectUri } from './redirect-uris.js';
export { newOpaqueToken, sha256 } from './secrets.js';
export { createStaffUser, listStaffUsers } from './staff.service.js';
export { accessTokenResolver, basicClientAuthResolver, delegatedApiKeyResolver } from './token.resolver.js';
export { type IssuedTokens, startHandOverSession } from './tokens.service.js';
