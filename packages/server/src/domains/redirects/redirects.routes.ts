import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError } from '../../lib/http/errors.js';
import { mountOnPrefixes } from '../../lib/http/prefixes.js';
import { requireCaller, requireShopper } from '../access/index.js';
import { mayOverrideCheckoutUrl, readCheckout } from '../checkout/index.js';
import type { IdentityDeps } from '../identity/index.js';
import { CHECKOUT_PREFIXES } from '../pricing/index.js';
import { enterHostedPage, fullUrlForShortId, hostedFlowFor } from './hosted-page.service.js';
import {
  CheckoutUrlResponse,
  CreateRedirectSessionRequest,
  CreateRedirectSessionResponse,
  EnterHostedPageRequest,
  EnterHostedPageResponse,
  HostedFlowOut,
} from './redirects.contract.js';
import { createRedirectSession, type RedirectRequest } from './redirects.service.js';

const tags = ['redirects'];

/** Creating a redirect session. */
const redirectSessionRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  app.post(
    '/v1/redirect-session',
    {
      schema: {
        summary: 'Create a redirect session to a hosted page (checkout, login, logout, authorize, product)',
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
  );
};

/** A checkout's URL: a redirect session's, or the checkout's override. */
const checkoutUrlRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  app.get(
    '/:id/checkout-url',
    {
      schema: {
        summary: 'The hosted checkout page URL (opens once, as the caller, from any browser)',
        tags: ['ecom: checkout'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: CheckoutUrlResponse },
      },
      preHandler: requireCaller(['visitor', 'member', 'staff', 'app']),
    },
    async (request) => {
      const checkout = await readCheckout(deps.db, request.params.id, request.caller);
      // Checked again when served: a value stored before the rule, or whose origin the owner has
      // removed since, is not handed out; the hosted checkout is (ADR 029).
      const override = checkout.overrideCheckoutUrl;
      if (
        override &&
        (await mayOverrideCheckoutUrl(deps.db, deps.config.publicUrl, request.caller, override))
      )
        return { checkoutUrl: override };
      const session = await createRedirectSession(deps, request.caller, {
        ecomCheckout: { checkoutId: checkout.id },
      });
      return { checkoutUrl: session.fullUrl };
    },
  );
};

/** Redirect sessions (spec §2, wire-protocol.md §4.5) and their short links. */
export const redirectsRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  // The public client's path (www mapping), the spec's path, and the `_` mapping's internal path.
  await mountOnPrefixes(app, redirectSessionRoutes, { deps }, ['/_api/redirects-api', '', '/headless']);

  // A hosted page opened from a redirect session's URL: the session token works once (single use).
  app.post(
    '/_api/redirects-api/v1/hosted-page',
    {
      schema: {
        summary: "Open a redirect session's URL (once): the flow, and tokens for the shopper who created it",
        tags,
        body: EnterHostedPageRequest,
        response: { 200: EnterHostedPageResponse },
      },
    },
    async (request, reply) => {
      const entry = await enterHostedPage(deps, request.caller, {
        sessionToken: request.body.session,
        clientId: request.body.clientId,
      });
      reply.header('cache-control', 'no-store');
      return entry;
    },
  );

  app.get(
    '/_api/redirects-api/v1/hosted-page/:flowId',
    {
      schema: {
        summary: 'A hosted page’s flow (kind and verified callbacks), for the shopper who opened it',
        tags,
        params: Type.Object({ flowId: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: HostedFlowOut },
      },
      preHandler: requireShopper(),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return hostedFlowFor(deps.db, request.caller, request.params.flowId);
    },
  );

  // getCheckoutUrl (wire-protocol.md §4.2): a redirect session's URL for the caller, or the override.
  await mountOnPrefixes(app, checkoutUrlRoutes, { deps }, CHECKOUT_PREFIXES);

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
