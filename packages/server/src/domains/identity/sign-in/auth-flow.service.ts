import type { Tx } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import type { MailMessage } from '../../mail/index.js';
import type { IdentityDeps } from '../identity.deps.js';
import { verificationCodeEmail } from '../identity-mail.mapper.js';
import { type IdentityRow, LOCKED_STATUSES, toIdentityView } from '../members/members.service.js';
import { activeSecondFactors, beginSecondFactor } from '../second-factors/second-factor-challenge.service.js';
import { isRememberedDevice } from '../second-factors/trusted-devices.service.js';
import { hashCode, numericCode, randomSalt } from '../secrets.rules.js';
import { authTimeData } from '../sessions/sessions.service.js';
import type { AuthResult } from './auth-result.types.js';
import { consumeAllTokens, createIdentityToken, TOKEN_TTL_SECONDS } from './identity-tokens.service.js';

/** Where a flow started: the visitor (cart) and client it should carry to the member session. */
export interface FlowOrigin {
  visitorId?: string;
  clientId?: string;
  ip: string;
}

export const MAX_CODE_ATTEMPTS = 5;

/**
 * Runs a flow step in one transaction and sends its e-mails only after the commit (a rolled-back step
 * sends nothing). `work` may return `{ refuse }` to commit what it did (attempt counters) and then fail.
 */
export async function runFlow<T>(
  deps: IdentityDeps,
  work: (tx: Tx, outbox: MailMessage[]) => Promise<T | { refuse: AppError }>,
  options: { mailInBackground?: boolean } = {},
): Promise<T> {
  const outbox: MailMessage[] = [];
  const result = await deps.db.transaction((tx) => work(tx, outbox));
  if (options.mailInBackground) {
    // The reply must not take longer when there is mail to send (recovery must not reveal accounts).
    for (const message of outbox) {
      deps.mailer
        .send(message)
        .catch((error: unknown) =>
          deps.log.error(
            { err: error },
            `could not send "${'template' in message ? message.template.name : message.subject}"`,
          ),
        );
    }
  } else {
    for (const message of outbox) await deps.mailer.send(message);
  }
  if (result && typeof result === 'object' && 'refuse' in result && result.refuse instanceof AppError)
    throw result.refuse;
  return result as T;
}

export function identityLocked(): AppError {
  return new AppError('IDENTITY_BLOCKED', 'This account cannot sign in', {
    status: 403,
    description: 'This account is blocked or offline. Contact the store if you think this is a mistake.',
  });
}

/**
 * The state machine after a successful first step (password, code, recovery): what the identity still
 * needs before it may have tokens, or a session token when nothing is missing.
 */
export async function nextAuthState(
  deps: IdentityDeps,
  tx: Tx,
  outbox: MailMessage[],
  identity: IdentityRow,
  origin: FlowOrigin,
  options: {
    /** The second factor was just verified (this is its step). */
    secondFactorDone?: boolean;
    /** A remembered device's token sent with the login: skips the second factor when it is live. */
    deviceToken?: string;
  } = {},
): Promise<AuthResult> {
  if (LOCKED_STATUSES.includes(identity.status)) throw identityLocked();
  const now = deps.clock();
  const view = await toIdentityView(tx, identity);
  if (identity.statusReasons.includes('PENDING_EMAIL_VERIFICATION_REQUIRED')) {
    const stateToken = await startEmailVerification(deps, tx, outbox, identity, origin);
    return { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken, identity: view };
  }
  if (identity.statusReasons.includes('PENDING_ADMIN_APPROVAL_REQUIRED') || identity.status !== 'ACTIVE') {
    return { state: 'REQUIRE_OWNER_APPROVAL', identity: view };
  }
  const tokenOrigin = {
    identityId: identity.id,
    visitorId: origin.visitorId ?? null,
    clientId: origin.clientId ?? null,
    now,
  };
  if (!options.secondFactorDone) {
    const factors = await activeSecondFactors(tx, identity.id);
    const remembered =
      factors.length > 0 && (await isRememberedDevice(tx, options.deviceToken, identity.id, now));
    if (factors.length > 0 && !remembered) {
      return beginSecondFactor(tx, outbox, { identity, view, factors, ...tokenOrigin });
    }
  }
  // The member proved who they are just now: the session this token becomes signed in at this time.
  const sessionToken = await createIdentityToken(tx, {
    purpose: 'session',
    ...tokenOrigin,
    data: authTimeData(now),
  });
  return { state: 'SUCCESS', sessionToken, identity: view };
}

/** E-mails a new 6-digit code (replacing any earlier one) and returns the state token that names it. */
export async function startEmailVerification(
  deps: IdentityDeps,
  tx: Tx,
  outbox: MailMessage[],
  identity: Pick<IdentityRow, 'id' | 'email'>,
  origin: Pick<FlowOrigin, 'visitorId' | 'clientId'>,
): Promise<string> {
  const now = deps.clock();
  await consumeAllTokens(tx, identity.id, 'email_verification', now);
  const code = numericCode(6);
  const salt = randomSalt();
  const stateToken = await createIdentityToken(tx, {
    purpose: 'email_verification',
    identityId: identity.id,
    visitorId: origin.visitorId ?? null,
    clientId: origin.clientId ?? null,
    data: { salt, codeHash: hashCode(salt, code) },
    now,
  });
  outbox.push(verificationEmail(identity.email, code));
  return stateToken;
}

export function verificationEmail(to: string, code: string): MailMessage {
  return verificationCodeEmail({
    to,
    code,
    minutes: TOKEN_TTL_SECONDS.email_verification / 60,
  });
}
