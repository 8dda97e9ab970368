import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError } from '../../http/errors.js';
import { onPaths } from '../../http/multi-path.js';
import type { IdentityDeps } from '../identity/identity.deps.js';
import { fullUrlForShortId, resolveRedirectSession } from './hosted-page.service.js';
import {
  CreateRedirectSessionRequest,
  CreateRedirectSessionResponse,
  HostedPageOut,
} from './redirects.contract.js';
import { createRedirectSession, type RedirectRequest } from './redirects.service.js';

/** Redirect sessions (spec §2, wire-protocol.md §4.5) and their short links. */
export const redirectsRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  const tags = ['redirects'];

  // The public client's path (www mapping), the spec's path, and the `_` mapping's internal path.
  onPaths(
    ['/_api/redirects-api/v1/redirect-session', '/v1/redirect-session', '/headless/v1/redirect-session'],
    (url, docs) =>
      app.post(
        url,
        {
          schema: {
            ...docs,
            summary:
              'Create a redirect session to a hosted page (checkout, login, logout, authorize, product)',
            tags,
            body: CreateRedirectSessionRequest,
            response: { 200: CreateRedirectSessionResponse },
          },
        },
        async (request) => {
          const session = await createRedirectSession(
            deps,
            request.caller,
            withoutNulls(request.body) as RedirectRequest,
          );
          return {
            redirectSession: {
              id: session.id,
              fullUrl: session.fullUrl,
              urlDetails: { endpoint: session.endpoint, searchParams: session.searchParams },
              sessionToken: session.sessionToken,
              shortId: session.shortId,
              shortUrl: session.shortUrl,
            },
          };
        },
      ),
  );

  // Holding the session token (it is in the hosted page's URL) is what allows reading this.
  app.get(
    '/_api/redirects-api/v1/hosted-page',
    {
      schema: {
        summary: 'What a hosted page needs from its redirect session: the kind and the verified callbacks',
        tags,
        querystring: Type.Object({ session: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: HostedPageOut },
      },
    },
    async (request, reply) => {
      const session = await resolveRedirectSession(deps.db, request.query.session, deps.clock());
      if (!session) {
        throw new AppError('REDIRECT_SESSION_NOT_FOUND', 'Session expired', {
          status: 404,
          description:
            'This redirect session has expired or never existed. Start again from the site you came from.',
        });
      }
      reply.header('cache-control', 'no-store');
      return { kind: session.kind, callbacks: session.callbacks };
    },
  );

  app.get(
    '/r/:shortId',
    {
      schema: {
        summary: 'Follow a redirect session’s short link',
        tags,
        params: Type.Object({ shortId: Type.String({ maxLength: 40 }) }),
      },
    },
    async (request, reply) => {
      const target = await fullUrlForShortId(deps.db, request.params.shortId, deps.clock());
      if (!target) {
        throw new AppError('REDIRECT_SESSION_NOT_FOUND', 'Link expired', {
          status: 404,
          description: 'This link has expired or never existed. Go back to the shop and try again.',
        });
      }
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );
};

/** The protocol's clients send `null` for unset optional fields; the service treats them as absent. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== null)
      .map(([key, item]) => [key, withoutNulls(item)]),
  );
}
