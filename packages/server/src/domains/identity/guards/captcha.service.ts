import { createHash, randomUUID } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import type { CaptchaMode } from '../../../config.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import { captchaRedemptions } from '../identity.schema.js';
import { serverSecret } from '../settings.service.js';

export type CaptchaKind = 'visible' | 'invisible';

/** The two site keys of spec §9. The public SDK's constants are accepted as aliases. */
export const CAPTCHA_SITE_KEYS: Record<CaptchaKind, string> = {
  visible: 'openshelf-visible',
  invisible: 'openshelf-invisible',
};
const SITE_KEY_ALIASES: Record<string, CaptchaKind> = {
  visible: 'visible',
  invisible: 'invisible',
  [CAPTCHA_SITE_KEYS.visible]: 'visible',
  [CAPTCHA_SITE_KEYS.invisible]: 'invisible',
  '6Ld0J8IcAAAAANyrnxzrRlX1xrrdXsOmsepUYosy': 'visible',
  '6LdoPaUfAAAAAJphvHoUoOob7mx0KDlXyXlgrx5v': 'invisible',
};

// Proof of work: the solver must find the counter (SHA-256 per try). The invisible captcha runs in the
// background and must be quick; the visible one is shown to a person and may take a little longer.
const WORK: Record<CaptchaKind, { min: number; max: number }> = {
  invisible: { min: 1_000, max: 10_000 },
  visible: { min: 10_000, max: 50_000 },
};
const CHALLENGE_TTL_SECONDS = 10 * 60;

export const MISSING_CAPTCHA = '-19971';
export const INVALID_CAPTCHA = '-19970';

/** One entry of `captchaTokens` as the protocol's clients send it. */
export interface CaptchaTokenInput {
  Recaptcha?: string;
  InvisibleRecaptcha?: string;
  NoCaptcha?: string;
}

export function siteKeyKind(siteKey: string): CaptchaKind | undefined {
  // Own keys only: "constructor" or "__proto__" must not find Object.prototype's members.
  return Object.hasOwn(SITE_KEY_ALIASES, siteKey) ? SITE_KEY_ALIASES[siteKey] : undefined;
}

/**
 * Self-hosted proof-of-work captcha (ALTCHA, ADR 006): challenges are HMAC-signed so the server keeps no
 * state until a solution is redeemed; a redeemed challenge is recorded so that it works once.
 */
export class Captcha {
  private secret: Promise<{ signature: string; key: string }> | undefined;

  constructor(
    private readonly db: Db,
    private readonly configuredSecret: string | undefined,
    private readonly clock: () => Date,
  ) {}

  async createChallenge(kind: CaptchaKind): Promise<Challenge> {
    const { signature, key } = await this.secrets();
    const expiresAt = Math.floor(this.clock().getTime() / 1000) + CHALLENGE_TTL_SECONDS;
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(WORK[kind].max, WORK[kind].min),
      deriveKey,
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: key,
      // Expiry is checked against the server's (injectable) clock, so it lives in the signed data.
      data: { kind, id: randomUUID(), exp: expiresAt },
    });
  }

  /** Enforces the store's captcha mode: -19971 when no answer was sent, -19970 when none is valid. */
  async enforce(mode: CaptchaMode, tokens: readonly CaptchaTokenInput[] | undefined): Promise<void> {
    if (mode === 'off') return;
    const verdict = await this.verdict(mode, tokens);
    if (verdict === 'missing') {
      throw missingCaptcha(
        mode,
        mode === 'visible'
          ? 'This store asks for a captcha: solve the visible captcha and send its answer in captchaTokens[].Recaptcha.'
          : 'This store asks for a captcha: solve one (GET /_api/iam/captcha/v1/challenge) and send it in captchaTokens.',
      );
    }
    if (verdict === 'invalid') throw invalidCaptcha(mode);
  }

  /**
   * Whether `tokens` hold a valid answer (redeeming it, so it works once): `missing` when none was sent
   * that this mode accepts (visible: only the visible captcha; invisible: either).
   */
  async verdict(
    mode: Exclude<CaptchaMode, 'off'>,
    tokens: readonly CaptchaTokenInput[] | undefined,
  ): Promise<'valid' | 'invalid' | 'missing'> {
    const answers: { kind: CaptchaKind; token: string }[] = [];
    for (const entry of tokens ?? []) {
      if (entry.Recaptcha) answers.push({ kind: 'visible', token: entry.Recaptcha });
      if (entry.InvisibleRecaptcha && mode === 'invisible')
        answers.push({ kind: 'invisible', token: entry.InvisibleRecaptcha });
    }
    if (answers.length === 0) return 'missing';
    for (const answer of answers) {
      if (await this.redeem(answer.kind, answer.token)) return 'valid';
    }
    return 'invalid';
  }

  /** Verifies one answer and marks its challenge used; false for anything that does not pass. */
  async redeem(kind: CaptchaKind, token: string): Promise<boolean> {
    const payload = parsePayload(token);
    if (!payload) return false;
    const data = payload.challenge.parameters.data ?? {};
    if (data.kind !== kind || typeof data.id !== 'string' || typeof data.exp !== 'number') return false;
    const now = this.clock();
    if (data.exp * 1000 < now.getTime()) return false;
    const { signature, key } = await this.secrets();
    // A forged payload may be shaped in ways the verifier chokes on: that is a wrong answer, not a 500.
    const verified = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: key,
    }).then(
      (result) => result.verified,
      () => false,
    );
    if (!verified) return false;
    const inserted = await this.db
      .insert(captchaRedemptions)
      .values({ challengeId: data.id, expiresDate: new Date(data.exp * 1000) })
      .onConflictDoNothing()
      .returning({ challengeId: captchaRedemptions.challengeId });
    if (Math.random() < 0.01) await pruneRedemptions(this.db, now);
    return inserted.length === 1;
  }

  private secrets(): Promise<{ signature: string; key: string }> {
    this.secret ??= (async () => {
      const signature = this.configuredSecret ?? (await serverSecret(this.db, 'captcha_hmac'));
      return { signature, key: createHash('sha256').update(`${signature}:derived-key`).digest('hex') };
    })();
    return this.secret;
  }
}

/** Expired challenges can no longer be replayed (their signature has expired), so their rows can go. */
export async function pruneRedemptions(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(captchaRedemptions).where(lt(captchaRedemptions.expiresDate, now));
}

function parsePayload(token: string): { challenge: Challenge; solution: Solution } | undefined {
  if (token.length > 5000) return undefined;
  try {
    const value = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
      challenge?: Challenge;
      solution?: Solution;
    };
    if (!value?.challenge?.parameters || !value.solution) return undefined;
    return { challenge: value.challenge, solution: value.solution };
  } catch {
    return undefined;
  }
}

/** -19971: the public client's `missingCaptchaToken` (SILENT_ or USER_CAPTCHA_REQUIRED in its login). */
export function missingCaptcha(
  mode: Exclude<CaptchaMode, 'off'>,
  description: string,
  data: Record<string, unknown> = {},
): AppError {
  return new AppError(MISSING_CAPTCHA, 'Captcha required', {
    status: 400,
    description,
    data: { mode, ...data },
  });
}

/** -19970: the answer sent is wrong, expired or used. */
export function invalidCaptcha(
  mode: Exclude<CaptchaMode, 'off'>,
  data: Record<string, unknown> = {},
): AppError {
  return new AppError(INVALID_CAPTCHA, 'Captcha not accepted', {
    status: 400,
    description: 'The captcha answer is wrong, expired or already used. Solve a new captcha and try again.',
    data: { mode, ...data },
  });
}

export function unknownSiteKey(siteKey: string) {
  return invalidField(
    'siteKey',
    'INVALID_ENUM_VALUE',
    `must be one of: ${Object.values(CAPTCHA_SITE_KEYS).join(', ')}`,
    {
      siteKey,
    },
  );
}
