// The mail domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.

export {
  createMailer,
  type Mailer,
  type MailMessage,
  mailbox,
  type RenderedMail,
  type TemplatedMail,
} from './mail.service.js';
export { mailPreviewRoutes } from './mail-previews.routes.js';
export { mailQueueState } from './mail-queue.service.js';
export { renderMail } from './mail-render.service.js';
export type * from './mail-templates.contract.js';
export { MAIL_TEMPLATE_NAMES } from './mail-templates.contract.js';
export { devMailboxRoutes, ownerMailboxRoutes } from './mailbox.routes.js';
