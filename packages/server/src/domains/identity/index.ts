// The identity domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { ensureBundledStorefrontClient, ensureOwnerStaff, ownerLoginFileIn } from './bootstrap.service.js';
export type { ContactData } from './contacts.types.js';
export { createIdentityDeps, type IdentityDeps } from './identity.deps.js';
export { identityRoutes } from './identity.routes.js';
export { type OAuthClient, STAFF_ROLES, type StaffRole, type StoredAddress } from './identity.schema.js';
export { type ContactSource, IdentityHooks, type VisitorBecameMember } from './identity-hooks.deps.js';
export { pruneExpiredIdentityRows } from './maintenance.service.js';
export {
  type MemberContact,
  memberContact,
  memberContactsByEmail,
  searchMemberContacts,
} from './members/member-directory.service.js';
export { getMemberSummary } from './members/members.service.js';
export { createStaffUser, listStaffUsers } from './members/staff.service.js';
export { AppOriginsCache } from './oauth/app-origins.service.js';
export { createLogoutToken } from './oauth/authorize.service.js';
export {
  clientOfCaller,
  createOAuthClient,
  findOAuthClient,
  listOAuthClients,
  updateOAuthClient,
} from './oauth/oauth-clients.service.js';
export { isAllowedReturnUrl, isRegisteredRedirectUri } from './oauth/redirect-uris.rules.js';
export { newOpaqueToken, sha256 } from './secrets.rules.js';
export {
  accessTokenResolver,
  basicClientAuthResolver,
  delegatedApiKeyResolver,
} from './sessions/token.resolver.js';
export { type IssuedTokens, startHandOverSession } from './sessions/tokens.service.js';
