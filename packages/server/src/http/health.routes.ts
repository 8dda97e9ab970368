import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Database } from '../db/client.js';

const Health = Type.Object({ status: Type.String(), database: Type.Optional(Type.String()) });

/** Liveness (the process answers) and readiness (it can reach its database and is not shutting down). */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: Database; isClosing: () => boolean },
) {
  app.get(
    '/healthz',
    { schema: { summary: 'Liveness', tags: ['system'], response: { 200: Health } }, logLevel: 'warn' },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      schema: { summary: 'Readiness', tags: ['system'], response: { 200: Health, 503: Health } },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      if (options.isClosing())
        return reply.code(503).send({ status: 'shutting down', database: options.database.kind });
      try {
        await options.database.ping();
        return { status: 'ready', database: options.database.kind };
      } catch {
        return reply.code(503).send({ status: 'database unreachable', database: options.database.kind });
      }
    },
  );
}
