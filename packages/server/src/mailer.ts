import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { createMailer, type MailStore, mailbox } from './domains/mail/index.js';
import type { StoreIdentityCache } from './domains/store-setup/index.js';
import type { ServiceHealth } from './lib/service-health.js';

/**
 * The app's one mailer, for every domain (identity's codes and links, the order e-mails), with the store's
 * name, logo and contact address as the store's settings say; and `currentMailStore`, those details read
 * fresh (for senders that hold no transaction).
 */
export function createAppMailer({
  db,
  config,
  storeIdentity,
  health,
}: {
  db: Db;
  config: Config;
  storeIdentity: StoreIdentityCache;
  /** Told when the SMTP server stops or starts answering. */
  health?: ServiceHealth;
}) {
  // Who the e-mails are from, as Settings say: `latest()` from memory where a sender may hold a
  // transaction (identity), `current()` where it reads fresh (the order e-mails' consumers).
  const shopUrl = config.publicUrl.replace(/\/$/, '');
  const mailStoreOf = (identity: ReturnType<typeof storeIdentity.latest>): MailStore => ({
    name: identity.storeName,
    url: shopUrl,
    ...(identity.logo ? { logoUrl: `${shopUrl}${identity.logo.url}` } : {}),
    ...(identity.contactEmail ? { contactEmail: identity.contactEmail } : {}),
  });
  const currentMailStore = async () => mailStoreOf(await storeIdentity.current());
  // One mailer for every domain (identity codes and links now, order mail later).
  const mailer = createMailer({
    db,
    smtpUrl: config.smtpUrl,
    // The From name follows the store's name unless MAIL_FROM fixes it; replies go to the contact address.
    // From memory: a message may be sent while its sender still holds a transaction.
    from: async () => {
      const current = storeIdentity.latest();
      return {
        from: config.mail.followsStoreName
          ? mailbox(current.storeName, config.mail.address)
          : config.mail.from,
        ...(current.contactEmail ? { replyTo: current.contactEmail } : {}),
      };
    },
    store: async () => mailStoreOf(storeIdentity.latest()),
    ...(health ? { health } : {}),
  });
  return { mailer, currentMailStore };
}
