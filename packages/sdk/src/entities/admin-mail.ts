// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* The store's e-mails and their previews, and the owner's kept mailbox. */

import type { RevivePaths } from '../wire.js';

/** An e-mail the store sends: its template name, title and when. */
export interface EmailKind {
  /** The template name, e.g. `order-confirmation` */
  name: string;
  title: string;
  /** When the store sends it */
  sentWhen: string;
}

/** An e-mail written with sample data and the store identity: both parts, from one template. */
export interface EmailPreview {
  /** The template name, e.g. `order-confirmation` */
  name: string;
  title: string;
  /** When the store sends it */
  sentWhen: string;
  subject: string;
  /** The HTML part; show it in a sandboxed frame */
  html: string;
  /** The plain-text part, written from the same template */
  text: string;
}

/** A message the store kept instead of sending (no SMTP_URL). */
export interface MailboxMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  tags: string[];
  createdDate: Date;
}

/** The owner's kept mail, newest first. */
export interface Mailbox {
  /** `smtp`: new mail goes to the mail server and is not kept here; `mailbox`: it is kept here */
  delivery: 'smtp' | 'mailbox';
  messages: MailboxMessage[];
}

/** Wire conversions of {@link MailboxMessage}. @internal */
export const MAILBOX_MESSAGE_WIRE: RevivePaths = { dates: ['createdDate'], floats: [] };

/** Wire conversions of {@link Mailbox}. @internal */
export const MAILBOX_WIRE: RevivePaths = { dates: ['messages.createdDate'], floats: [] };
