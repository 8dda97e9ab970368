// The mail domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { createMailer, type Mailer, type MailMessage, mailbox } from './mail.service.js';
export { devMailboxRoutes, ownerMailboxRoutes } from './mailbox.routes.js';
