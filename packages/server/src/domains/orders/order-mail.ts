import type { MailMessage } from '../mail/index.js';

/** An e-mail to send: the mail domain's message. */
export type OutgoingMail = MailMessage;

/**
 * What order e-mails need of a mailer: the app's mailer (mail/mail.service.ts: SMTP when SMTP_URL is
 * set, else the development mailbox) fits, and tests pass one that records.
 */
export interface EcomMailer {
  send(message: OutgoingMail): Promise<unknown>;
}
