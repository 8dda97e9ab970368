import type { CaptchaMode, StepUpPolicy } from '../../../config.js';
import type { AppError } from '../../../lib/http/errors.js';
import { type Captcha, type CaptchaTokenInput, invalidCaptcha, missingCaptcha } from './captcha.service.js';
import type { RateLimitStore, StepCounter } from './rate-limit-stores.adapter.js';

/**
 * Failed sign-ins ask for a captcha, never for a wait (docs/security.md "Failed sign-ins: counting and
 * captcha step-up"). A hard lock per account can be held by anyone who knows the address: a slow
 * guesser keeps the owner out. Instead two counters are kept per flow:
 *
 * - **address + account**: attempts from one IP address on one account. Past `perAddress`, that address
 *   must solve a captcha for each further attempt on that account; other addresses are not affected.
 * - **account**: attempts on the account from every address (distributed guessing). Past `perAccount`,
 *   every attempt on the account needs a captcha, the owner's too, who solves it and signs in. A login
 *   carrying a valid remembered-device token of the account is not held to this one.
 *
 * An attempt is counted before its password is checked, atomically in the store (Redis when configured,
 * so all processes share it): fifty parallel guesses get exactly `perAddress` through. A successful
 * sign-in forgets its address's count and takes its own attempt back from the account's. Counts forget
 * one attempt every `decaySeconds`. The store's captcha mode (CAPTCHA_MODE / settings) still asks on
 * every login when on; the step-up works when it is off too.
 */
export type GuardedFlow = 'login' | 'recovery' | 'staff-login';

export interface AttemptInput {
  flow: GuardedFlow;
  ip: string;
  /** The account tried: its normalised e-mail address, whether or not the store knows it. */
  account: string;
  /** The store's captcha mode: which captcha a step-up takes (visible mode: only the visible one). */
  captchaMode: CaptchaMode;
  /** Whether the store's captcha mode asks on every attempt of this flow (login), not only on step-up. */
  captchaOnEveryAttempt?: boolean;
  captchaTokens?: readonly CaptchaTokenInput[] | undefined;
  /** The attempt carries a live remembered-device token of the account: exempt from the account count. */
  trustedDevice?: boolean;
}

/** An admitted attempt: tell the guard when it succeeded (a failure needs nothing; it is counted). */
export interface Attempt {
  succeeded(): Promise<void>;
}

/** Why a captcha is asked for, in `data.reason` of the -19971 answer. */
export type StepUpReason = 'ADDRESS_FAILURES' | 'ACCOUNT_FAILURES';

/** How the refusal names what was counted (singular, plural). */
const FLOW_WORDS: Record<GuardedFlow, [string, string]> = {
  login: ['sign-in', 'failed sign-ins'],
  recovery: ['password reset request', 'password reset requests'],
  'staff-login': ['sign-in', 'failed sign-ins'],
};

export class SignInGuard {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: () => Date,
    private readonly captcha: Captcha,
    private readonly policy: StepUpPolicy,
  ) {}

  /**
   * Counts the attempt, or refuses it with -19971 (no captcha sent) or -19970 (a wrong one) when a
   * captcha is needed and not solved. Refused attempts are not counted.
   */
  async admit(input: AttemptInput): Promise<Attempt> {
    const counters = this.counters(input);
    const now = this.clock().getTime();
    const kind = input.captchaMode === 'visible' ? 'visible' : 'invisible';
    if (input.captchaOnEveryAttempt && input.captchaMode !== 'off') {
      await this.captcha.enforce(input.captchaMode, input.captchaTokens);
      await this.store.take(counters, now, true);
      return this.attempt(counters);
    }
    const taken = await this.store.take(counters, now, false);
    if (!taken.admitted) {
      const reason: StepUpReason =
        (taken.levels[0] ?? 0) + 1 > this.policy.perAddress ? 'ADDRESS_FAILURES' : 'ACCOUNT_FAILURES';
      const verdict = await this.captcha.verdict(kind, input.captchaTokens);
      if (verdict !== 'valid') throw stepUpRefusal(verdict, kind, reason, input.flow);
      await this.store.take(counters, now, true);
    }
    return this.attempt(counters);
  }

  /** Forgets one address's count on an account: it proved the account another way (a reset link). */
  async clearAddress(flow: GuardedFlow, ip: string, account: string): Promise<void> {
    await this.store.reset(addressKey(flow, ip, account));
  }

  private counters(input: AttemptInput): StepCounter[] {
    const drainMs = this.policy.decaySeconds * 1000;
    const address = {
      key: addressKey(input.flow, input.ip, input.account),
      limit: this.policy.perAddress,
      drainMs,
    };
    if (input.trustedDevice) return [address];
    return [address, { key: accountKey(input.flow, input.account), limit: this.policy.perAccount, drainMs }];
  }

  private attempt(counters: StepCounter[]): Attempt {
    const [address, account] = counters as [StepCounter, StepCounter | undefined];
    return {
      succeeded: async () => {
        const now = this.clock().getTime();
        await this.store.reset(address.key);
        if (account) await this.store.give(account, now);
      },
    };
  }
}

function addressKey(flow: GuardedFlow, ip: string, account: string): string {
  return `step:${flow}:address:${ip}|${account.toLowerCase()}`;
}

function accountKey(flow: GuardedFlow, account: string): string {
  return `step:${flow}:account:${account.toLowerCase()}`;
}

function stepUpRefusal(
  verdict: 'missing' | 'invalid',
  kind: 'visible' | 'invisible',
  reason: StepUpReason,
  flow: GuardedFlow,
): AppError {
  if (verdict === 'invalid') return invalidCaptcha(kind, { reason });
  const [one, many] = FLOW_WORDS[flow];
  const why =
    reason === 'ADDRESS_FAILURES'
      ? `There were several ${many} on this account from your network, so each further ${one} from it needs a captcha.`
      : `This account has seen many ${many}, so every ${one} needs a captcha for a while.`;
  const how =
    kind === 'visible'
      ? 'Solve the visible captcha and send its answer in captchaTokens[].Recaptcha.'
      : 'Solve one (GET /_api/iam/captcha/v1/challenge?siteKey=openshelf-invisible) and send it in captchaTokens.';
  return missingCaptcha(kind, `${why} ${how}`, { reason });
}
