import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';

/** An e-mail to send (the same shape the mail domain's mailer takes). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tags?: string[];
}

export interface EcomMailer {
  send(message: OutgoingMail): Promise<unknown>;
}

/**
 * The mailer order e-mails use unless the app is given one: SMTP (nodemailer) when SMTP_URL is set,
 * otherwise the message is only logged (development), so nothing is lost silently.
 */
export function defaultEcomMailer(config: Config, log: { info(message: string): void }): EcomMailer {
  const from = `"${config.storeName.replace(/"/g, '')}" <no-reply@${new URL(config.publicUrl).hostname}>`;
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      send: (message) =>
        transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        }),
    };
  }
  return {
    async send(message) {
      log.info(`E-mail (no SMTP_URL set, not sent) to ${message.to}: ${message.subject}`);
    },
  };
}
