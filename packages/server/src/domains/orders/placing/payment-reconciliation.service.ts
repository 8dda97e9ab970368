import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import type { Caller } from '../../access/index.js';
import type { EventActor } from '../../events/index.js';
import {
  chargeRequestOf,
  claimOpenAttempts,
  endAttempt,
  gatewaySubjectOf,
  giveBackPayment,
  type PaymentAttempt,
  type PaymentProvider,
  type PaymentProviders,
  paymentByReference,
  recheckAttemptAt,
  settleAttemptFor,
} from '../../payments/index.js';
import type { PricingEnv } from '../../pricing/index.js';
import { subscriptions } from '../orders.schema.js';
import { createOrder } from './create-order.service.js';

/** The job acting on the store: its orders are the system's, not a shopper's or the merchant's. */
const RECONCILER: Caller = { kind: 'app', apiKeyId: 'payment-reconciliation' };
const RECONCILER_ACTOR: EventActor = { identityType: 'APP', id: 'payment-reconciliation' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * When the job looks again at an attempt it left open, after its first look: a charge the server made is
 * settled within a day; a payment the buyer's browser may still confirm (Stripe's Payment Element) is
 * looked at for a week, sparingly (Stripe's webhook tells of a late one anyway).
 */
const AGAIN_MS = {
  charge: [5 * MINUTE, 30 * MINUTE, 2 * HOUR, 24 * HOUR],
  intent: [HOUR, 24 * HOUR, 6 * 24 * HOUR],
};

export interface ReconciliationRound {
  looked: number;
  /** Payments found paid with no order, and placed as their checkout's order now. */
  placed: number;
  /** Payments found paid that could not become an order (or were left too long), given back. */
  returned: number;
  /** Payments never confirmed (no money moved), or declined: closed. */
  closed: number;
  /** Still in the buyer's or the gateway's hands: looked at again later. */
  waiting: number;
}

export interface ReconciliationDeps {
  providers: PaymentProviders;
  env: PricingEnv;
  now: Date;
  /** How long an attempt must have been left alone before the job takes it (requests still at work). */
  quietMs: number;
  onError?: (error: unknown, attemptKey: string) => void;
}

/**
 * The payment reconciliation job (ADR 046): every payment a gateway was asked for and that no order holds
 * — its request crashed, lost its connection or its reply, and the buyer did not retry — is asked of the
 * gateway and settled without waiting for a webhook: paid → placed as its checkout's order (exactly once:
 * create-order finds an order placed meanwhile), or given back when the checkout can no longer be ordered;
 * never confirmed → cancelled; declined → closed. Any number of processes may run it at once.
 */
export async function reconcilePayments(db: Db, deps: ReconciliationDeps): Promise<ReconciliationRound> {
  const round: ReconciliationRound = { looked: 0, placed: 0, returned: 0, closed: 0, waiting: 0 };
  const claimed = await claimOpenAttempts(db, deps.now, {
    quietMs: deps.quietMs,
    leaseMs: 5 * MINUTE,
    limit: 20,
  });
  for (const attempt of claimed) {
    round.looked += 1;
    try {
      const outcome = await reconcile(db, attempt, deps);
      round[outcome] += 1;
      if (outcome === 'waiting') await lookAgainLater(db, attempt, deps);
    } catch (error) {
      // The gateway or the database unreachable: the lease brings it back in a few minutes.
      deps.onError?.(error, attempt.key);
    }
  }
  return round;
}

type Outcome = Exclude<keyof ReconciliationRound, 'looked'>;

async function reconcile(db: Db, attempt: PaymentAttempt, deps: ReconciliationDeps): Promise<Outcome> {
  const provider = deps.providers[attempt.provider];
  if (!provider) return 'waiting';
  const lastLook = attempt.checks > AGAIN_MS[attempt.request.kind].length;
  if (!attempt.reference) {
    // Recorded, but the gateway's answer never was: whatever it made under the key was never confirmed.
    const { reference } = await provider.startCharge(await chargeRequestOf(db, provider, attempt));
    return cancelUnconfirmed(db, provider, attempt, reference, deps.now);
  }
  const state = await provider.lookupCharge(attempt.reference);
  switch (state.kind) {
    case 'paid':
      return settlePaid(db, provider, attempt, attempt.reference, deps);
    case 'unconfirmed':
      // A charge the server made and never confirmed moved no money; a browser payment may still come.
      if (attempt.request.kind === 'intent' && !lastLook) return 'waiting';
      return cancelUnconfirmed(db, provider, attempt, attempt.reference, deps.now);
    case 'waiting':
      if (!lastLook) return 'waiting';
      await endAttempt(db, attempt.key, 'ABANDONED', deps.now, 'still not paid after the last look');
      return 'closed';
    case 'failed':
      await endAttempt(db, attempt.key, 'FAILED', deps.now, 'declined');
      return 'closed';
    default:
      await endAttempt(db, attempt.key, 'ABANDONED', deps.now, `the gateway says ${state.kind}`);
      return 'closed';
  }
}

/** A payment made and never confirmed moved no money: cancelled at the gateway, and its attempt closed. */
async function cancelUnconfirmed(
  db: Db,
  provider: PaymentProvider,
  attempt: PaymentAttempt,
  reference: string,
  now: Date,
): Promise<Outcome> {
  await provider.cancelUnconfirmed(reference, { idempotencyKey: `${attempt.key}:cancel` });
  await endAttempt(db, attempt.key, 'ABANDONED', now, 'never confirmed: cancelled by the reconciliation job');
  return 'closed';
}

/** A paid payment no order held when the job looked: placed, or given back. */
async function settlePaid(
  db: Db,
  provider: PaymentProvider,
  attempt: PaymentAttempt,
  reference: string,
  deps: ReconciliationDeps,
): Promise<Outcome> {
  const giveBack = async () => {
    await giveBackPayment(db, provider, { reference, subject: attempt.subject }, deps.now);
    return 'returned' as const;
  };
  const held = await paymentByReference(db, provider.name, reference, false);
  if (held) {
    // Placed meanwhile (the buyer's retry, a webhook) by another path that did not know the attempt.
    await settleAttemptFor(db, attempt.key, held.orderId, deps.now);
    return 'closed';
  }
  if (attempt.subject.startsWith('checkout:')) {
    try {
      await createOrder(
        db,
        { checkoutId: gatewaySubjectOf(attempt.subject), method: { type: 'GATEWAY_PAYMENT', reference } },
        {
          env: deps.env,
          caller: RECONCILER,
          actor: RECONCILER_ACTOR,
          now: deps.now,
          providers: deps.providers,
        },
      );
      return 'placed';
    } catch (error) {
      // The checkout cannot be ordered as it is now (changed, expired, stock gone): the money goes back.
      if (error instanceof AppError && error.status < 500) return giveBack();
      throw error;
    }
  }
  const renewal = /^subscription:(.+):(\d+)$/.exec(attempt.subject);
  if (renewal) {
    // Billing asks again under the same key while the cycle is due, and so places it; else it goes back.
    const [sub] = await db
      .select({ status: subscriptions.status, cyclesBilled: subscriptions.cyclesBilled })
      .from(subscriptions)
      .where(eq(subscriptions.id, renewal[1] as string));
    const due = sub?.status === 'ACTIVE' && sub.cyclesBilled + 1 === Number(renewal[2]);
    if (due && attempt.checks <= AGAIN_MS.charge.length) return 'waiting';
  }
  // A plan purchase whose buyer was told it failed, a renewal no longer due.
  return giveBack();
}

async function lookAgainLater(db: Db, attempt: PaymentAttempt, deps: ReconciliationDeps): Promise<void> {
  const delays = AGAIN_MS[attempt.request.kind];
  const delay = delays[Math.min(attempt.checks, delays.length) - 1] ?? delays[0] ?? HOUR;
  await recheckAttemptAt(db, attempt.key, new Date(deps.now.getTime() + delay));
}
