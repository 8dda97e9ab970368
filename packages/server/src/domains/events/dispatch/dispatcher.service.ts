import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { webhookSubscriptions } from '../webhooks.schema.js';
import { type ClaimedDelivery, claimDueDeliveries } from './claim.service.js';
import type { DeliveryOutcome, EventRouting } from './event-routing.deps.js';
import { fanOut } from './fanout.service.js';
import { recordOutcome } from './outcome.service.js';
import { runInternalTarget, sendWebhook } from './targets.adapter.js';

export interface DispatcherOptions {
  db: Db;
  routing: EventRouting;
  clock: () => Date;
  log?: FastifyBaseLogger;
  /** How long to sleep when there is nothing to do. */
  idleMs?: number;
  /**
   * How long to let events gather after a round that found some but less than a full batch. Without
   * it, a steady stream of writes keeps the loop spinning on rounds of one or two events, each a
   * transaction of its own; 20 ms adds at most that to delivery and lets one round take them all.
   */
  gatherMs?: number;
  batchSize?: number;
  /** Deliveries sent at the same time. */
  concurrency?: number;
  leaseMs?: number;
  webhookTimeoutMs?: number;
  random?: () => number;
}

export interface DispatchRound {
  fannedOut: number;
  attempted: number;
  delivered: number;
}

export interface Dispatcher {
  /** One round: fan out new events, then attempt due deliveries. Tests drive the dispatcher with this. */
  runOnce(): Promise<DispatchRound>;
  start(): void;
  /**
   * Stops after the round in progress; deliveries it claimed are finished and recorded. When it was
   * running and `flushWithinMs` is given, it then delivers what is due until nothing is, or that time ends.
   */
  stop(flushWithinMs?: number): Promise<void>;
}

/**
 * Delivers outbox events after commit, at least once, in order per entity and target, from any number
 * of processes at once (see claim.service.ts and fanout.service.ts). A crash loses nothing: unpublished events stay in
 * the outbox, claimed deliveries come back when their lease ends.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { db, routing, clock } = options;
  const idleMs = options.idleMs ?? 200;
  const gatherMs = options.gatherMs ?? 20;
  const batchSize = options.batchSize ?? 100;
  const concurrency = options.concurrency ?? 16;
  const leaseMs = options.leaseMs ?? 60_000;
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 10_000;
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function attempt(
    claimed: ClaimedDelivery,
    webhooks: Map<string, { url: string; secret: string; enabled: boolean }>,
  ): Promise<boolean> {
    let outcome: DeliveryOutcome;
    if (claimed.targetKind === 'webhook') {
      const subscription = webhooks.get(claimed.targetId);
      outcome = !subscription
        ? { ok: false, permanent: true, error: 'The webhook subscription was deleted', latencyMs: 0 }
        : !subscription.enabled
          ? {
              ok: false,
              permanent: true,
              error: 'The webhook subscription is disabled; redeliver after enabling it',
              latencyMs: 0,
            }
          : await sendWebhook(subscription, claimed.event, clock(), webhookTimeoutMs);
    } else {
      outcome = await runInternalTarget(routing, claimed);
    }
    const result = await recordOutcome(db, claimed, outcome, clock(), options.random);
    if (!outcome.ok) {
      options.log?.warn(
        {
          deliveryId: claimed.id,
          target: `${claimed.targetKind}:${claimed.targetId}`,
          attempt: claimed.attempts,
          error: outcome.error,
          result,
        },
        'event delivery failed',
      );
    }
    return result === 'delivered';
  }

  async function runOnce(): Promise<DispatchRound> {
    const fannedOut = await fanOut(db, routing, clock(), batchSize * 2);
    const publisher = routing.publisher;
    const claimed = await claimDueDeliveries(
      db,
      clock(),
      leaseMs,
      batchSize,
      publisher && !publisher.available() ? ['nats'] : [],
    );
    if (claimed.length === 0) return { fannedOut, attempted: 0, delivered: 0 };
    const webhookIds = [...new Set(claimed.filter((c) => c.targetKind === 'webhook').map((c) => c.targetId))];
    const rows = webhookIds.length
      ? await db
          .select({
            id: webhookSubscriptions.id,
            url: webhookSubscriptions.url,
            secret: webhookSubscriptions.secret,
            enabled: webhookSubscriptions.enabled,
          })
          .from(webhookSubscriptions)
          .where(inArray(webhookSubscriptions.id, webhookIds))
      : [];
    const webhooks = new Map(rows.map((row) => [row.id, row]));
    let delivered = 0;
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const item = claimed[next++] as ClaimedDelivery;
        if (await attempt(item, webhooks)) delivered += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    return { fannedOut, attempted: claimed.length, delivered };
  }

  // Rounds fail in a row while the database is unreachable: the first failure is logged, then one line
  // a minute, then the recovery, instead of a line every `idleMs`.
  let failingSince: number | undefined;
  let lastFailureLog = 0;
  function roundFailed(error: unknown) {
    const now = Date.now();
    if (failingSince !== undefined && now - lastFailureLog < 60_000) return;
    options.log?.error(
      { err: error, failingForMs: failingSince === undefined ? 0 : now - failingSince },
      'event dispatcher round failed; retrying shortly (events stay in the outbox meanwhile)',
    );
    failingSince ??= now;
    lastFailureLog = now;
  }

  async function run(): Promise<void> {
    while (running) {
      let pause = idleMs;
      try {
        const round = await runOnce();
        if (failingSince !== undefined) {
          options.log?.info(
            { failedForMs: Date.now() - failingSince },
            'event dispatcher rounds succeed again',
          );
          failingSince = undefined;
        }
        const full = round.fannedOut >= batchSize * 2 || round.attempted >= batchSize;
        if (full) pause = 0;
        else if (round.fannedOut > 0 || round.attempted > 0) pause = gatherMs;
      } catch (error) {
        roundFailed(error);
      }
      if (running && pause > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pause);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  }

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop(flushWithinMs = 0) {
      const wasRunning = running;
      running = false;
      wake?.();
      await loop;
      if (!wasRunning || flushWithinMs <= 0) return;
      // Shutting down: what is due now (the last requests' events among them) goes out before the
      // process exits, within the time given; anything left is delivered by the next process.
      const deadline = Date.now() + flushWithinMs;
      while (Date.now() < deadline) {
        const round = await runOnce().catch(() => undefined);
        if (!round || (round.fannedOut === 0 && round.attempted === 0)) return;
      }
    },
  };
}
