import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Database } from '../db/client.js';

const Health = Type.Object({
  status: Type.String(),
  database: Type.Optional(Type.String()),
  pending: Type.Optional(Type.Array(Type.String())),
});

/**
 * Work that must finish before the server takes traffic but runs after it listens (so liveness answers
 * at once), e.g. seeding the demo catalog on a first start. /readyz is 503 while any is pending.
 */
export class Readiness {
  private readonly tasks = new Set<string>();

  begin(task: string): () => void {
    this.tasks.add(task);
    return () => this.tasks.delete(task);
  }

  pending(): string[] {
    return [...this.tasks];
  }
}

/** Liveness (the process answers) and readiness (it can reach its database and is not shutting down). */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: Database; isClosing: () => boolean; readiness?: Readiness },
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
        const pending = options.readiness?.pending() ?? [];
        if (pending.length > 0)
          return reply.code(503).send({ status: 'starting', database: options.database.kind, pending });
        return { status: 'ready', database: options.database.kind };
      } catch {
        return reply.code(503).send({ status: 'database unreachable', database: options.database.kind });
      }
    },
  );
}
