import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import { pruneExpiredIdentityRows } from './domains/identity/index.js';
import { type BillingRound, billDueSubscriptions } from './domains/orders/index.js';
import type { PaymentProviders } from './domains/payments/index.js';
import { type PeriodicJob, periodicJob } from './lib/periodic-job.js';

/** The app's scheduled work: server.ts starts it (SCHEDULED_JOBS), tests call runOnce(). */
export interface AppJobs {
  /** Every minute: renewal orders for subscriptions whose next billing date has come. */
  subscriptionBilling: PeriodicJob<BillingRound>;
  /** Every hour: deletes expired sessions, codes and tokens. */
  identityPrune: PeriodicJob<Record<string, number>>;
}

export function appJobs(deps: {
  db: Db;
  clock: () => Date;
  providers: PaymentProviders;
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
    identityPrune: periodicJob({
      name: 'identity prune',
      everyMs: 3_600_000,
      run: () => pruneExpiredIdentityRows(db, clock()),
      log,
    }),
  };
}
