import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.js';
import { deliveryLag } from '../../domains/events/index.js';
import { mailQueueState } from '../../domains/mail/index.js';
import { openAttemptCount } from '../../domains/payments/index.js';
import type { ServiceHealth } from '../../lib/service-health.js';

export interface MetricsOptions {
  database: Database;
  /** Whether Redis, NATS and SMTP answer. */
  services?: ServiceHealth;
  clock: () => Date;
}

/**
 * Prometheus metrics at GET /metrics: request latency per route (the route pattern, never the raw URL,
 * so the number of series stays bounded), the database pool, the event outbox and delivery backlog, and
 * Node's own process metrics. Each app has its own registry, so several apps in one process stay apart.
 */
export const metricsPlugin = fp<MetricsOptions>(async (app: FastifyInstance, options) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, method and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const status = `${Math.floor(reply.statusCode / 100)}xx`;
      requests.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    }
    done();
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (PostgreSQL pool; PGlite reports one in-process connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = options.database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  const lagGauge = (
    name: string,
    help: string,
    pick: (lag: Awaited<ReturnType<typeof deliveryLag>>) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await deliveryLag(options.database.db, options.clock())));
      },
    });
  lagGauge(
    'outbox_unpublished_events',
    'Events committed but not yet fanned out to their targets',
    (lag) => lag.unpublished,
  );
  lagGauge(
    'outbox_oldest_unpublished_age_seconds',
    'Age of the oldest event not yet fanned out',
    (lag) => lag.oldestUnpublishedAgeSeconds,
  );
  lagGauge(
    'event_deliveries_due',
    'Deliveries waiting to be attempted (pending or with an expired lease)',
    (lag) => lag.due,
  );
  lagGauge(
    'event_deliveries_oldest_due_age_seconds',
    'How long the oldest due delivery has been waiting',
    (lag) => lag.oldestDueAgeSeconds,
  );

  new Gauge({
    name: 'mail_queue_messages',
    help: 'E-mail the SMTP server did not take: waiting to be sent again (pending) or given up (failed)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const state = await mailQueueState(options.database.db);
      this.set({ status: 'pending' }, state.pending);
      this.set({ status: 'failed' }, state.failed);
    },
  });
  new Gauge({
    name: 'payment_attempts_open',
    help: 'Payments asked of a gateway that no order holds yet (the reconciliation job settles them)',
    registers: [registry],
    async collect() {
      this.set(await openAttemptCount(options.database.db));
    },
  });
  new Gauge({
    name: 'optional_service_up',
    help: 'Whether each configured optional service (redis, nats, smtp) answered when last used (1) or not (0)',
    labelNames: ['service'] as const,
    registers: [registry],
    collect() {
      for (const [service, state] of Object.entries(options.services?.snapshot() ?? {}))
        this.set({ service }, state.up ? 1 : 0);
    },
  });

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
});
