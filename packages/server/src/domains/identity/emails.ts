import { escapeHtml } from '../../lib/html.js';
import type { MailMessage } from '../mail/index.js';

/** The identity e-mails: real HTML and text parts, every value escaped. */

function layout(
  storeName: string,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1a1a1a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Or open this link: ${escapeHtml(action.url)}</p>`
    : '';
  return (
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1a1a;max-width:560px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}` +
    `<p style="margin-top:32px;font-size:13px;color:#555">${escapeHtml(storeName)}</p></body></html>`
  );
}

export function verificationCodeEmail(input: {
  to: string;
  storeName: string;
  code: string;
  minutes: number;
}): MailMessage {
  const title = `Your ${input.storeName} verification code`;
  return {
    to: input.to,
    subject: `${input.code} is your verification code`,
    text:
      `Your verification code is ${input.code}\n\nEnter it where you signed up or logged in. It expires in ${input.minutes} minutes.\n\n` +
      `If you did not ask for this, ignore this e-mail.\n\n${input.storeName}\n`,
    html: layout(input.storeName, title, [
      `Your verification code is <strong style="font-size:24px;letter-spacing:4px">${escapeHtml(input.code)}</strong>`,
      `Enter it where you signed up or logged in. It expires in ${input.minutes} minutes.`,
      'If you did not ask for this, ignore this e-mail.',
    ]),
    tags: ['identity.verification'],
  };
}

/** What an e-mailed second-factor code is for: a login step, or setting the e-mail factor up or removing it. */
export type FactorCodePurpose = 'login' | 'enable' | 'remove';

const FACTOR_CODE_USE: Record<FactorCodePurpose, { subject: string; use: string }> = {
  login: { subject: 'sign-in code', use: 'Enter it to finish logging in.' },
  enable: { subject: 'code to turn on e-mail codes', use: 'Enter it to turn on codes by e-mail at login.' },
  remove: { subject: 'code to turn off e-mail codes', use: 'Enter it to turn off codes by e-mail at login.' },
};

export function factorCodeEmail(input: {
  to: string;
  storeName: string;
  code: string;
  minutes: number;
  purpose: FactorCodePurpose;
}): MailMessage {
  const { subject, use } = FACTOR_CODE_USE[input.purpose];
  const warning =
    input.purpose === 'login'
      ? 'If you did not just log in, someone knows your password: change it now.'
      : 'If you did not ask for this, ignore this e-mail.';
  return {
    to: input.to,
    subject: `${input.code} is your ${subject}`,
    text: `Your code is ${input.code}\n\n${use} It expires in ${input.minutes} minutes.\n\n${warning}\n\n${input.storeName}\n`,
    html: layout(input.storeName, `Your ${input.storeName} ${subject}`, [
      `Your code is <strong style="font-size:24px;letter-spacing:4px">${escapeHtml(input.code)}</strong>`,
      `${use} It expires in ${input.minutes} minutes.`,
      warning,
    ]),
    tags: ['identity.second-factor'],
  };
}

export function recoveryEmail(input: {
  to: string;
  storeName: string;
  url: string;
  minutes: number;
}): MailMessage {
  return {
    to: input.to,
    subject: `Reset your ${input.storeName} password`,
    text:
      `Someone asked to reset the password of this account. To choose a new password, open:\n\n${input.url}\n\n` +
      `The link works once and expires in ${input.minutes} minutes. If it was not you, ignore this e-mail; your password stays as it is.\n\n${input.storeName}\n`,
    html: layout(
      input.storeName,
      'Reset your password',
      [
        'Someone asked to reset the password of this account.',
        `The link works once and expires in ${input.minutes} minutes. If it was not you, ignore this e-mail; your password stays as it is.`,
      ],
      { label: 'Choose a new password', url: input.url },
    ),
    tags: ['identity.recovery'],
  };
}

/**
 * After a member's password change: the owner learns of a change they did not make (a stolen session)
 * and gets the way back, a reset link by e-mail, which ends every session again.
 */
export function passwordChangedEmail(input: {
  to: string;
  storeName: string;
  /** The page that e-mails a reset link. */
  resetUrl: string;
}): MailMessage {
  const warning =
    'If you did not change it, someone else could: reset your password now, which logs every device out.';
  return {
    to: input.to,
    subject: `Your ${input.storeName} password was changed`,
    text:
      `The password of this account was just changed, and the other devices signed in with it were logged out.\n\n` +
      `${warning}\n\n${input.resetUrl}\n\n${input.storeName}\n`,
    html: layout(
      input.storeName,
      'Your password was changed',
      [
        'The password of this account was just changed, and the other devices signed in with it were logged out.',
        warning,
      ],
      { label: 'Reset the password', url: input.resetUrl },
    ),
    tags: ['identity.password-changed'],
  };
}

export function activationEmail(input: {
  to: string;
  storeName: string;
  url: string;
  days: number;
}): MailMessage {
  return {
    to: input.to,
    subject: `Activate your ${input.storeName} account`,
    text:
      `An account was created for you at ${input.storeName}. To activate it, choose a password:\n\n${input.url}\n\n` +
      `The link works once and expires in ${input.days} days.\n\n${input.storeName}\n`,
    html: layout(
      input.storeName,
      'Activate your account',
      [
        `An account was created for you at ${escapeHtml(input.storeName)}.`,
        `The link works once and expires in ${input.days} days.`,
      ],
      { label: 'Choose a password', url: input.url },
    ),
    tags: ['identity.activation'],
  };
}
