import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import { pruneExpiredIdentityRows } from './domains/identity/index.js';
import type { Mailer } from './domains/mail/index.js';
import {
  type BillingRound,
  billDueSubscriptions,
  type ReconciliationRound,
  reconcilePayments,
} from './domains/orders/index.js';
import type { PaymentProviders } from './domains/payments/index.js';
import type { PricingEnv } from './domains/pricing/index.js';
import { type PeriodicJob, periodicJob } from './lib/periodic-job.js';

/** The app's scheduled work: server.ts starts it (SCHEDULED_JOBS), tests call runOnce(). */
export interface AppJobs {
  /** Every minute: renewal orders for subscriptions whose next billing date has come. */
  subscriptionBilling: PeriodicJob<BillingRound>;
  /** Every hour: deletes expired sessions, codes and tokens. */
  identityPrune: PeriodicJob<Record<string, number>>;
  /**
   * Every minute (sooner when PAYMENT_RECONCILE_AFTER_SECONDS is short): places or gives back payments a
   * gateway made that no order holds (payment-reconciliation.service.ts).
   */
  paymentReconciliation: PeriodicJob<ReconciliationRound>;
  /** Every 10 s: sends the e-mail the SMTP server did not take when it was sent (mail-queue.service.ts). */
  mailQueue: PeriodicJob<unknown>;
}

export function appJobs(deps: {
  db: Db;
  clock: () => Date;
  providers: PaymentProviders;
  mailer: Pick<Mailer, 'deliverQueued'>;
  pricing: PricingEnv;
  /** How long a payment attempt is left to its request before the reconciliation job takes it. */
  reconcileAfterMs: number;
  log: FastifyBaseLogger;
}): AppJobs {
  const { db, clock, log } = deps;
  return {
    subscriptionBilling: periodicJob({
      name: 'subscription billing',
      everyMs: 60_000,
      run: () =>
        billDueSubscriptions(db, {
          now: clock(),
          providers: deps.providers,
          onError: (err, subscriptionId) =>
            log.error(
              { err, subscriptionId },
              'renewing a subscription failed; it is tried again next round',
            ),
        }),
      log,
    }),
    paymentReconciliation: periodicJob({
      name: 'payment reconciliation',
      everyMs: Math.min(60_000, Math.max(1000, deps.reconcileAfterMs / 2)),
      run: () =>
        reconcilePayments(db, {
          providers: deps.providers,
          env: deps.pricing,
          now: clock(),
          quietMs: deps.reconcileAfterMs,
          onError: (err, attemptKey) =>
            log.warn(
              { err, attemptKey },
              'reconciling a payment failed; it is looked at again in a few minutes',
            ),
        }),
      log,
    }),
    mailQueue: periodicJob({
      name: 'mail queue',
      everyMs: 10_000,
      run: () => deps.mailer.deliverQueued(clock()),
      log,
    }),
    identityPrune: periodicJob({
      name: 'identity prune',
      everyMs: 3_600_000,
      run: () => pruneExpiredIdentityRows(db, clock()),
      log,
    }),
  };
}
