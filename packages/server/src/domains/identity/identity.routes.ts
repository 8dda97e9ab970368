import type { FastifyPluginAsync } from 'fastify';
import { identityAdminRoutes } from './admin.routes.js';
import type { IdentityDeps } from './identity.deps.js';
import { identitiesRoutes } from './members/identities.routes.js';
import { membersApiRoutes } from './members/members-api.routes.js';
import { oauthRoutes } from './oauth/oauth.routes.js';
import { authenticationRoutes } from './sign-in/authentication.routes.js';
import { verificationRoutes } from './sign-in/verification.routes.js';

/** Every identity route (registered in app.ts next to the access routes). */
export const identityRoutes: FastifyPluginAsync<{ deps: IdentityDeps }> = async (app, { deps }) => {
  await app.register(oauthRoutes, { deps });
  await app.register(authenticationRoutes, { deps });
  await app.register(verificationRoutes, { deps });
  await app.register(identitiesRoutes, { deps });
  await app.register(membersApiRoutes, { deps });
  await app.register(identityAdminRoutes, { deps });
};
