import type { FactorCodePurpose, MailMessage } from '../mail/index.js';

// The identity e-mails, by template (mail/templates/identity.tsx). The mailer writes them when it sends
// them, after the transaction that decided to send has committed, with the store's name, logo and
// contact address of that moment.

export type { FactorCodePurpose } from '../mail/index.js';

export function verificationCodeEmail(input: { to: string; code: string; minutes: number }): MailMessage {
  return {
    to: input.to,
    template: { name: 'verification-code', props: { code: input.code, minutes: input.minutes } },
    tags: ['identity.verification'],
  };
}

export function factorCodeEmail(input: {
  to: string;
  code: string;
  minutes: number;
  purpose: FactorCodePurpose;
}): MailMessage {
  const { code, minutes, purpose } = input;
  return {
    to: input.to,
    template: { name: 'second-factor-code', props: { code, minutes, purpose } },
    tags: ['identity.second-factor'],
  };
}

export function recoveryEmail(input: { to: string; url: string; minutes: number }): MailMessage {
  return {
    to: input.to,
    template: { name: 'password-recovery', props: { url: input.url, minutes: input.minutes } },
    tags: ['identity.recovery'],
  };
}

/**
 * After a member's password change: the owner learns of a change they did not make (a stolen session)
 * and gets the way back, a reset link by e-mail, which ends every session again.
 */
export function passwordChangedEmail(input: {
  to: string;
  /** The page that e-mails a reset link. */
  resetUrl: string;
}): MailMessage {
  return {
    to: input.to,
    template: { name: 'password-changed', props: { resetUrl: input.resetUrl } },
    tags: ['identity.password-changed'],
  };
}

/** The storefront's sign-in security page (second factors and recovery codes). */
export const ACCOUNT_SECURITY_PATH = '/account/security';

/** After a login with a recovery code: how many are left, and the way back if it was not the member. */
export function recoveryCodeUsedEmail(input: {
  to: string;
  left: number;
  securityUrl: string;
  resetUrl: string;
}): MailMessage {
  return {
    to: input.to,
    template: {
      name: 'recovery-code-used',
      props: { left: input.left, securityUrl: input.securityUrl, resetUrl: input.resetUrl },
    },
    tags: ['identity.recovery-code-used'],
  };
}

/**
 * After the store turned a member's second factors off (they lost them and asked): the member learns of
 * it, and of the way back if they did not ask — a password reset ends every session again.
 */
export function secondFactorsTurnedOffEmail(input: {
  to: string;
  securityUrl: string;
  resetUrl: string;
}): MailMessage {
  return {
    to: input.to,
    template: {
      name: 'second-factors-turned-off',
      props: { securityUrl: input.securityUrl, resetUrl: input.resetUrl },
    },
    tags: ['identity.second-factors-turned-off'],
  };
}

export function activationEmail(input: { to: string; url: string; days: number }): MailMessage {
  return {
    to: input.to,
    template: { name: 'account-activation', props: { url: input.url, days: input.days } },
    tags: ['identity.activation'],
  };
}
