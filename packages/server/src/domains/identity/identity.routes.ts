import type { FastifyPluginAsync } from 'fastify';
import { identityAdminRoutes } from './admin.routes.js';
import { authenticationRoutes } from './authentication.routes.js';
import { identitiesRoutes } from './identities.routes.js';
import type { IdentityDeps } from './identity.deps.js';
import { oauthRoutes } from './oauth.routes.js';
import { verificationRoutes } from './verification.routes.js';

/** Every identity route (registered in app.ts next to the access routes). */
export const identityRoutes: FastifyPluginAsync<{ deps: IdentityDeps }> = async (app, { deps }) => {
  await app.register(oauthRoutes, { deps });
  await app.register(authenticationRoutes, { deps });
  await app.register(verificationRoutes, { deps });
  await app.register(identitiesRoutes, { deps });
  await app.register(identityAdminRoutes, { deps });
};
