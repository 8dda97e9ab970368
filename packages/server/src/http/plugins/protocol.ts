import cors from '@fastify/cors';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { TSchema } from 'typebox';
import { rejectNonFiniteNumbers, rejectNulCharacters } from '../../lib/http/hostile-values.js';
import { rejectDeepNesting } from '../../lib/http/nesting.js';
import { declaredFields, normalizeSystemFields } from '../../lib/http/wire.js';
import { rejectDroppedQueryKeys } from '../query-string.js';

export interface ProtocolOptions {
  corsOrigins: '*' | string[];
}

/**
 * Protocol-wide behaviour (wire-protocol.md §1.4, §2): request id header on every reply, CORS for
 * browser clients of the protocol, and `_id`-style system field names accepted in request bodies.
 */
export const protocolPlugin = fp<ProtocolOptions>(async (app: FastifyInstance, options) => {
  // Hooks every request runs are callback style: an async hook costs a promise and a microtask turn.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-wix-request-id', request.id);
    try {
      rejectDroppedQueryKeys(request.query);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });

  await app.register(cors, {
    origin: options.corsOrigins === '*' ? true : options.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'authorization',
      'content-type',
      'x-wix-bi-gateway',
      'x-wix-consistent',
      'client-binding',
    ],
    exposedHeaders: ['x-wix-request-id', 'x-wix-consistent'],
    // Tokens travel in the Authorization header, never in cookies, so credentialed CORS is not needed.
    credentials: false,
    maxAge: 86_400,
  });

  // Added before any route's own preValidation hook, so it runs first: the nesting check (iterative)
  // bounds the depth every later walk of the body can meet, route hooks and validation included.
  app.addHook('preValidation', (request, _reply, done) => {
    rejectDeepNesting(request.body);
    if (request.body !== null && typeof request.body === 'object') normalizeSystemFields(request.body);
    rejectNulCharacters(request.body, request.query, request.params);
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    rejectNonFiniteNumbers(request.body, request.query, request.params);
    done();
  });

  // The admin API is this store's own: its handlers pass request objects on to writes, so they see
  // only what the route's contract declares. (Protocol routes map each field they use by name.)
  app.addHook('onRoute', (route) => {
    const body = (route.schema as { body?: TSchema } | undefined)?.body;
    if (!body || !route.url.startsWith('/admin-api/')) return;
    const onlyDeclared: preHandlerHookHandler = (request, _reply, done) => {
      request.body = declaredFields(body, request.body);
      done();
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), onlyDeclared];
  });
});
