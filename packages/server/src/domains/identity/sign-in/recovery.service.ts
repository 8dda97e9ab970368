import { AppError, invalidField } from '../../../lib/http/errors.js';
import type { Caller } from '../../access/index.js';
import { actorOf, recordEvent } from '../../events/index.js';
import type { CaptchaTokenInput } from '../guards/captcha.service.js';
import type { IdentityDeps } from '../identity.deps.js';
import { activationEmail, recoveryEmail } from '../identity-mail.mapper.js';
import {
  findIdentityByEmail,
  LOCKED_STATUSES,
  requireIdentity,
  updateIdentityRow,
} from '../members/members.service.js';
import { normalizeEmail } from '../members/profile.mapper.js';
import { findOAuthClient } from '../oauth/oauth-clients.service.js';
import { isAllowedReturnUrl } from '../oauth/redirect-uris.rules.js';
import { revokeTrustedDevices } from '../second-factors/trusted-devices.service.js';
import { revokeMemberSessions } from '../sessions/sessions.service.js';
import { getIdentitySettings } from '../settings.service.js';
import { type FlowOrigin, nextAuthState, runFlow } from './auth-flow.service.js';
import type { AuthResult } from './auth-result.types.js';
import {
  consumeAllTokens,
  createIdentityToken,
  findLiveToken,
  TOKEN_TTL_SECONDS,
} from './identity-tokens.service.js';
import { checkPasswordPolicy, hashPassword } from './passwords.service.js';

/** Where the storefront's reset page lives (built in the storefront issue). */
export const RESET_PASSWORD_PATH = '/reset-password';
/** The storefront's page that e-mails a reset link (linked from the "password changed" e-mail). */
export const FORGOT_PASSWORD_PATH = '/forgot-password';

async function checkedRedirect(
  deps: IdentityDeps,
  redirect: { url?: string; clientId?: string } | undefined,
) {
  if (!redirect?.url) return undefined;
  const client = redirect.clientId ? await findOAuthClient(deps.db, redirect.clientId) : undefined;
  if (!client)
    throw invalidField(
      'redirect.clientId',
      'REQUIRED_FIELD',
      'must name the OAuth client the redirect URL belongs to',
      {},
    );
  if (!isAllowedReturnUrl(deps.config.publicUrl, client, redirect.url)) {
    throw invalidField(
      'redirect.url',
      'FORMAT',
      "must be on this store, one of the client's redirect URIs, or on one of its allowed origins",
      {},
    );
  }
  return redirect.url;
}

function resetLink(deps: IdentityDeps, token: string, extra: Record<string, string>): string {
  const url = new URL(RESET_PASSWORD_PATH, `${deps.config.publicUrl}/`);
  url.searchParams.set('token', token);
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * recovery/v1/send-email: e-mails a one-time link to the storefront's reset page. Always answers the
 * same (nothing) whether or not the address belongs to a member, so it cannot be used to probe. Every
 * request counts: one address backs off after many (any accounts), and many requests for one account
 * ask for a captcha (sign-in-guard.service.ts) rather than refusing, so a stranger cannot keep the owner from
 * getting a link.
 */
export async function sendRecoveryEmail(
  deps: IdentityDeps,
  input: {
    email: string;
    redirect?: { url?: string; clientId?: string };
    captchaTokens?: CaptchaTokenInput[] | undefined;
  },
  origin: FlowOrigin,
): Promise<void> {
  const redirectUrl = await checkedRedirect(deps, input.redirect);
  const email = normalizeEmail(input.email);
  if (!email) throw invalidField('email', 'FORMAT', 'must be a valid e-mail address', { type: 'EMAIL' });
  await deps.limiter.consume([{ policy: 'recovery:ip', key: origin.ip }]);
  const settings = await getIdentitySettings(deps.db, deps.config.identity);
  await deps.signIns.admit({
    flow: 'recovery',
    ip: origin.ip,
    account: email,
    captchaMode: settings.captchaMode,
    captchaTokens: input.captchaTokens,
  });
  const identity = await findIdentityByEmail(deps.db, email);
  if (!identity || LOCKED_STATUSES.includes(identity.status)) return;
  await runFlow(
    deps,
    async (tx, outbox) => {
      const now = deps.clock();
      await consumeAllTokens(tx, identity.id, 'recovery', now);
      const token = await createIdentityToken(tx, {
        purpose: 'recovery',
        identityId: identity.id,
        visitorId: origin.visitorId ?? null,
        clientId: input.redirect?.clientId ?? origin.clientId ?? null,
        data: redirectUrl ? { redirectUrl } : {},
        now,
      });
      outbox.push(
        recoveryEmail({
          to: identity.email,
          url: resetLink(deps, token, redirectUrl ? { redirect: redirectUrl } : {}),
          minutes: TOKEN_TTL_SECONDS.recovery / 60,
        }),
      );
      return undefined;
    },
    { mailInBackground: true },
  );
}

/**
 * recovery/v1/recover: sets the new password from a recovery (or activation) link. The link proves the
 * mailbox, so the e-mail counts as verified; every session of the member ends. Answers like login.
 */
export async function recover(
  deps: IdentityDeps,
  input: { recoveryToken: string; password?: string },
  origin: FlowOrigin,
): Promise<AuthResult> {
  if (!input.password) throw invalidField('password', 'REQUIRED_FIELD', 'is required', { type: 'PASSWORD' });
  checkPasswordPolicy(input.password, deps.config.identity.passwordMinLength);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  let revoked: string[] = [];
  let recoveredEmail: string | undefined;
  const result = await runFlow(deps, async (tx, outbox) => {
    const token =
      (await findLiveToken(tx, 'recovery', input.recoveryToken, now, { forUpdate: true })) ??
      (await findLiveToken(tx, 'activation', input.recoveryToken, now, { forUpdate: true }));
    if (!token) {
      return {
        refuse: new AppError('INVALID_RECOVERY_TOKEN', 'Link expired or used', {
          status: 400,
          description:
            'This password link has expired or was already used. Ask for a new one ("forgot password").',
        }),
      };
    }
    const current = await requireIdentity(tx, token.identityId, { forUpdate: true });
    if (LOCKED_STATUSES.includes(current.status))
      return { refuse: new AppError('IDENTITY_BLOCKED', 'This account cannot sign in', { status: 403 }) };
    await consumeAllTokens(tx, current.id, 'recovery', now);
    await consumeAllTokens(tx, current.id, 'activation', now);
    const reasons = current.statusReasons.filter(
      (reason) => reason !== 'PENDING_EMAIL_VERIFICATION_REQUIRED',
    );
    const identity = await updateIdentityRow(
      tx,
      current.id,
      {
        passwordHash,
        emailVerified: true,
        statusReasons: reasons,
        status: current.status === 'PENDING' && reasons.length === 0 ? 'ACTIVE' : current.status,
      },
      now,
    );
    revoked = await revokeMemberSessions(tx, identity.id, 'password recovered', now);
    recoveredEmail = identity.email;
    await revokeTrustedDevices(tx, identity.id, 'password recovered', now);
    await recordEvent(tx, {
      type: 'identity.member.password_changed',
      entityType: 'member',
      entityId: identity.id,
      payload: { id: identity.id, via: token.purpose },
      actor: { identityType: 'MEMBER', id: identity.id },
    });
    return nextAuthState(deps, tx, outbox, identity, {
      ip: origin.ip,
      visitorId: token.visitorId ?? origin.visitorId,
      clientId: token.clientId ?? origin.clientId,
    });
  });
  deps.sessions.markRevoked(revoked);
  // The link signed the member in from here: this address's failed logins on the account are forgotten.
  if (recoveredEmail) await deps.signIns.clearAddress('login', origin.ip, recoveredEmail);
  return result;
}

/** recovery/v1/activation-email (merchants): invites a member without a password to choose one. */
export async function sendActivationEmail(
  deps: IdentityDeps,
  caller: Caller,
  input: { identityId: string; redirect?: { url?: string; clientId?: string } },
): Promise<void> {
  const redirectUrl = await checkedRedirect(deps, input.redirect);
  await runFlow(deps, async (tx, outbox) => {
    const now = deps.clock();
    const identity = await requireIdentity(tx, input.identityId);
    if (LOCKED_STATUSES.includes(identity.status)) {
      return {
        refuse: new AppError('IDENTITY_BLOCKED', 'This account cannot be activated', {
          status: 409,
          description: 'Unblock the member first.',
        }),
      };
    }
    await consumeAllTokens(tx, identity.id, 'activation', now);
    const token = await createIdentityToken(tx, {
      purpose: 'activation',
      identityId: identity.id,
      clientId: input.redirect?.clientId ?? null,
      data: redirectUrl ? { redirectUrl } : {},
      now,
    });
    outbox.push(
      activationEmail({
        to: identity.email,
        url: resetLink(deps, token, { activation: '1', ...(redirectUrl ? { redirect: redirectUrl } : {}) }),
        days: TOKEN_TTL_SECONDS.activation / 86_400,
      }),
    );
    await recordEvent(tx, {
      type: 'identity.member.activation_sent',
      entityType: 'member',
      entityId: identity.id,
      payload: { id: identity.id },
      actor: actorOf(caller),
    });
    return undefined;
  });
}
