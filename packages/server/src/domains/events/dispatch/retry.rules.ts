/**
 * When to try a failed delivery again: quickly at first (a receiver restarting), then hours apart (a
 * receiver down for the night). Eleven retries span about 31 hours, so an endpoint gets more than a
 * day to recover before a delivery is given up. Jitter (±10%) spreads retries of many deliveries that
 * failed together, so a recovering receiver is not hit by all of them in the same second.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [
  5 * SECOND,
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  8 * HOUR,
  8 * HOUR,
] as const;

/** First attempt plus every retry. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const JITTER = 0.1;

/** Delay before the next attempt after `attemptsMade` failures, or undefined when it is time to give up. */
export function retryDelayMs(attemptsMade: number, random: () => number = Math.random): number | undefined {
  const base = RETRY_DELAYS_MS[attemptsMade - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}
