import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/http/errors.js';
import { ANONYMOUS, type Caller, type CallerKind } from './caller.types.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling; resolved once per request from the Authorization header. */
    caller: Caller;
  }
}

/** Turns a raw token into a caller, or undefined when this resolver does not recognise it. */
export type TokenResolver = (token: string) => Promise<Caller | undefined>;

export interface AuthOptions {
  resolvers: TokenResolver[];
}

/**
 * Resolves `request.caller`. The protocol's clients send the raw token (no `Bearer ` prefix); the prefix
 * is accepted too. An empty header is an anonymous caller; a token nobody recognises is a 401, so a
 * client with a stale token learns to fetch a new one instead of silently losing its identity.
 */
export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, options) => {
  app.decorateRequest('caller', null as never);
  // Routes declare their guard as a preHandler; it runs before input validation instead, so a caller who
  // may not use a route gets 401/403 whatever it sent, and learns nothing about the route's input rules.
  app.addHook('onRoute', (route) => {
    const handlers = [route.preHandler ?? []].flat();
    const guards = handlers.filter((handler) => GUARDS.has(handler));
    if (guards.length === 0) return;
    route.preHandler = handlers.filter((handler) => !GUARDS.has(handler));
    route.preValidation = [...guards, ...[route.preValidation ?? []].flat()];
  });
  // Callback style, so an anonymous request (most catalog reads) costs no promise at all.
  app.addHook('onRequest', (request, _reply, done) => {
    request.caller = ANONYMOUS;
    const token = readToken(request);
    if (!token) return done();
    resolveCaller(options.resolvers, token).then((caller) => {
      request.caller = caller;
      done();
    }, done);
  });
});

async function resolveCaller(resolvers: readonly TokenResolver[], token: string): Promise<Caller> {
  for (const resolve of resolvers) {
    const caller = await resolve(token);
    if (caller) return caller;
  }
  throw new AppError('INVALID_TOKEN', 'Invalid or expired token', {
    status: 401,
    description:
      'The Authorization header holds a token this server does not accept. Get a new access token from ' +
      'POST /oauth2/token, or use a current merchant API key.',
  });
}

function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token.length > 0 ? token : undefined;
}

const WHO: Record<CallerKind, string> = {
  anonymous: 'an anonymous caller',
  visitor: 'a visitor',
  member: 'a member',
  staff: 'staff',
  app: 'an app',
};

/** Every guard requireCaller made, so the onRoute hook above can run them before validation. */
const GUARDS = new WeakSet<object>();

/**
 * Route guard: only the listed caller kinds pass. Anonymous callers get 401 (they should authenticate);
 * authenticated callers of the wrong kind get 403.
 */
export function requireCaller(
  kinds: readonly CallerKind[],
  options: { ownerOnly?: boolean } = {},
): preHandlerAsyncHookHandler {
  const needed = kinds.map((kind) => WHO[kind]).join(' or ');
  const guard: preHandlerAsyncHookHandler = async (request) => {
    const caller = request.caller;
    if (!kinds.includes(caller.kind)) {
      if (caller.kind === 'anonymous') {
        throw new AppError('UNAUTHENTICATED', 'Authentication required', {
          status: 401,
          description: `This call is for ${needed}. Send a token in the Authorization header.`,
        });
      }
      throw new AppError('PERMISSION_DENIED', 'Not allowed', {
        status: 403,
        description: `This call is for ${needed}; the token given belongs to ${WHO[caller.kind]}.`,
      });
    }
    if (options.ownerOnly && !(caller.kind === 'staff' && caller.role === 'owner')) {
      throw new AppError('PERMISSION_DENIED', 'Not allowed', {
        status: 403,
        description: 'Only the store owner may do this. Use an owner API key.',
      });
    }
  };
  GUARDS.add(guard);
  return guard;
}

/** Merchant calls: catalog writes and the admin API. */
export const requireMerchant = (options: { ownerOnly?: boolean } = {}) =>
  requireCaller(['staff', 'app'], options);
/** Shopper calls that hang on an identity (cart, checkout): a visitor or member token. */
export const requireShopper = () => requireCaller(['visitor', 'member']);
