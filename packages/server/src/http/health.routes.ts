import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Database } from '../db/client.js';
import type { ServiceHealth } from '../lib/service-health.js';

const Health = Type.Object({
  status: Type.String({
    description:
      '`ok` (liveness); `ready`, `degraded`, `starting`, `shutting down` or `database unreachable`',
  }),
  database: Type.Optional(Type.String()),
  pending: Type.Optional(Type.Array(Type.String())),
  /** The optional services this process uses, `up` or `down` as their clients last saw them. */
  services: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** The optional services that are down, and what the store does without them. */
  degraded: Type.Optional(
    Type.Array(
      Type.Object({
        service: Type.String(),
        since: Type.String(),
        error: Type.Optional(Type.String()),
        meanwhile: Type.Optional(Type.String()),
      }),
    ),
  ),
  error: Type.Optional(Type.String()),
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

/**
 * Liveness (the process answers) and readiness (it can reach its database and is not shutting down). An
 * optional service that is down (Redis, NATS, SMTP) leaves the store ready but `degraded`: it keeps
 * serving without it, so a load balancer must keep sending traffic (docs/operations.md).
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: {
    database: Database;
    isClosing: () => boolean;
    readiness?: Readiness;
    services?: ServiceHealth;
  },
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
      const database = options.database.kind;
      if (options.isClosing()) return reply.code(503).send({ status: 'shutting down', database });
      try {
        await options.database.ping();
      } catch (error) {
        return reply.code(503).send({
          status: 'database unreachable',
          database,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      const pending = options.readiness?.pending() ?? [];
      if (pending.length > 0) return reply.code(503).send({ status: 'starting', database, pending });
      const snapshot = Object.entries(options.services?.snapshot() ?? {});
      const services = Object.fromEntries(snapshot.map(([name, state]) => [name, state.up ? 'up' : 'down']));
      const degraded = options.services?.degraded() ?? [];
      return {
        status: degraded.length > 0 ? 'degraded' : 'ready',
        database,
        ...(snapshot.length > 0 ? { services } : {}),
        ...(degraded.length > 0 ? { degraded } : {}),
      };
    },
  );
}
