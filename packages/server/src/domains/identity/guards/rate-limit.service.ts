import { AppError } from '../../../lib/http/errors.js';
import type { RateLimitStore } from './rate-limit-stores.adapter.js';

/**
 * Exponential back-off per key (ADR 006): the first `freeAttempts` failures cost nothing; after that each
 * further attempt must wait 2^(failures - freeAttempts) seconds after the previous failure, up to
 * `maxDelaySeconds`. Counters are forgotten `windowSeconds` after the last failure.
 */
export interface LimitPolicy {
  freeAttempts: number;
  maxDelaySeconds: number;
  windowSeconds: number;
}

// Per account there is no back-off: a stranger could hold it against the owner. Failed sign-ins and
// password-reset requests on an account ask for a captcha instead (sign-in-guard.service.ts); the back-off per
// address stays, slowing one address that sprays many accounts.
export const POLICIES = {
  'login:ip': { freeAttempts: 30, maxDelaySeconds: 900, windowSeconds: 3600 },
  'register:account': { freeAttempts: 5, maxDelaySeconds: 900, windowSeconds: 3600 },
  'register:ip': { freeAttempts: 20, maxDelaySeconds: 900, windowSeconds: 3600 },
  'recovery:ip': { freeAttempts: 20, maxDelaySeconds: 3600, windowSeconds: 3600 },
  'verification:account': { freeAttempts: 10, maxDelaySeconds: 900, windowSeconds: 3600 },
  'verification:ip': { freeAttempts: 30, maxDelaySeconds: 900, windowSeconds: 3600 },
  'staff-login:ip': { freeAttempts: 20, maxDelaySeconds: 3600, windowSeconds: 3600 },
  // Visitor tokens cost a session row each: generous (a shared office IP, a busy mobile NAT), yet a
  // script minting thousands a minute from one address is slowed down to one a minute.
  'anonymous-token:ip': { freeAttempts: 120, maxDelaySeconds: 60, windowSeconds: 60 },
} satisfies Record<string, LimitPolicy>;
export type PolicyName = keyof typeof POLICIES;

export interface LimitKey {
  policy: PolicyName;
  /** What is limited: an IP address, a lower-cased e-mail, an identity id. */
  key: string;
}

/** Seconds the next attempt must wait after `count` failures (0 while still free). */
export function backoffSeconds(policy: LimitPolicy, count: number): number {
  if (count < policy.freeAttempts) return 0;
  return Math.min(policy.maxDelaySeconds, 2 ** (count - policy.freeAttempts));
}

export class RateLimiter {
  private readonly policies: Record<PolicyName, LimitPolicy>;

  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: () => Date,
    /** Policies the configuration tunes (e.g. VISITOR_TOKENS_PER_IP). */
    overrides: Partial<Record<PolicyName, LimitPolicy>> = {},
  ) {
    this.policies = { ...POLICIES, ...overrides };
  }

  /** Refuses with 429 (and how long to wait) when any key is still backing off. */
  async check(keys: readonly LimitKey[]): Promise<void> {
    const now = this.clock().getTime();
    let waitMs = 0;
    for (const { policy, key } of keys) {
      const record = await this.store.get(storeKey(policy, key), now);
      if (!record) continue;
      const delayMs = backoffSeconds(this.policies[policy], record.count) * 1000;
      waitMs = Math.max(waitMs, record.lastAt + delayMs - now);
    }
    if (waitMs > 0) throw tooManyAttempts(Math.ceil(waitMs / 1000), new Date(now + waitMs));
  }

  /** Counts a failure (or, for policies that limit every attempt, an attempt) against each key. */
  async fail(keys: readonly LimitKey[]): Promise<void> {
    const now = this.clock().getTime();
    await Promise.all(
      keys.map(({ policy, key }) =>
        this.store.record(storeKey(policy, key), now, this.policies[policy].windowSeconds * 1000),
      ),
    );
  }

  /** check + fail: for calls where every attempt counts (sign-up, recovery e-mails, resends). */
  async consume(keys: readonly LimitKey[]): Promise<void> {
    await this.check(keys);
    await this.fail(keys);
  }

  /** Forgets the keys' failures (after a success). */
  async reset(keys: readonly LimitKey[]): Promise<void> {
    await Promise.all(keys.map(({ policy, key }) => this.store.reset(storeKey(policy, key))));
  }
}

function storeKey(policy: string, key: string): string {
  return `${policy}:${key.toLowerCase()}`;
}

function tooManyAttempts(seconds: number, retryAt: Date): AppError {
  return new AppError('TOO_MANY_REQUESTS', 'Too many attempts', {
    status: 429,
    description: `Too many attempts. Wait ${seconds} second${seconds === 1 ? '' : 's'} (until ${retryAt.toISOString()}) before trying again.`,
    data: { retryAfterSeconds: seconds, retryAt: retryAt.toISOString() },
  });
}
