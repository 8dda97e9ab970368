import type { Config } from './config.js';
import { redactUrl } from './db/client.js';

export interface BannerLine {
  level: 'info' | 'warn';
  message: string;
}

/**
 * What a started store exposes and where, said once at start: who can reach the port, where the
 * storefront, admin and API docs are, where e-mail goes, and each setting that is unsafe on a network.
 */
export function startBanner(
  config: Config,
  facts: { databaseKind: 'pglite' | 'postgres'; ownerLoginFile?: string },
): BannerLine[] {
  const url = config.publicUrl;
  const lines: BannerLine[] = [];
  const info = (message: string) => lines.push({ level: 'info', message });
  const warn = (message: string) => lines.push({ level: 'warn', message });

  const everyInterface = config.host === '0.0.0.0' || config.host === '::';
  info(
    everyInterface
      ? `Listening on every network interface, port ${config.port}: other machines that can reach this one can open the store. HOST=127.0.0.1 keeps it on this machine.`
      : `Listening on ${config.host}, port ${config.port}.`,
  );
  info(`Storefront ${url}/ · admin ${url}/admin · API reference ${url}/docs`);
  info(
    facts.ownerLoginFile
      ? `Admin sign-in: the owner's e-mail and password are in ${facts.ownerLoginFile} (readable by this user only).`
      : facts.databaseKind === 'postgres'
        ? 'Admin sign-in: create the owner with `npm run cli -- staff create --email you@example.com --role owner`.'
        : 'Admin sign-in: the owner login was shown when this data directory was created (owner-login.txt in it).',
  );
  info(
    config.smtpUrl
      ? `E-mail is sent through ${redactUrl(config.smtpUrl)}.`
      : `No SMTP_URL: e-mail is kept, not sent. The owner reads it in the admin at ${url}/admin/mailbox; set SMTP_URL to send it.`,
  );
  const stripe = config.stripe;
  info(
    stripe
      ? `Card payments: Stripe (${stripe.mode} mode${stripe.api ? `, API at ${stripe.api.protocol}://${stripe.api.host}:${stripe.api.port}` : ''}). Stripe's webhook must point to ${url}/payments/v1/stripe/webhook.`
      : 'Card payments: the sandbox card (test numbers, no money moves). Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments.',
  );
  if (stripe?.mode === 'test' && config.env === 'production' && everyInterface)
    warn('Stripe is in test mode: shoppers cannot pay with real cards. Use live keys to take real payments.');
  if (config.devMailbox === 'open') {
    warn(
      `DEV_MAILBOX=open: anyone who can reach this server reads every kept e-mail at ${url}/dev/mailbox, sign-in codes and password-reset links included. Use it only on your own machine; unset it elsewhere.`,
    );
  }
  if (config.env !== 'production') {
    warn(`NODE_ENV=${config.env}: pages show error details. \`npm start\` runs in production mode.`);
  }
  if (url.startsWith('http:') && everyInterface) {
    warn(
      `PUBLIC_URL is ${url} (plain HTTP): cookies cannot be marked Secure and traffic is readable on the network. Serve the store over HTTPS (a proxy in front) and set PUBLIC_URL=https://… before taking real orders.`,
    );
  }
  return lines;
}
