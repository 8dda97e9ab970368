import type { Transport } from '../transport.js';

const ADMIN = '/admin-api/v1';

/** An e-mail the store sends: its template name, title and when it goes out. */
export interface EmailKind {
  name: string;
  title: string;
  sentWhen: string;
}

/** An e-mail written with sample data and the store's identity: both parts, from one template. */
export interface EmailPreview extends EmailKind {
  subject: string;
  /** Show it in a sandboxed frame (`<iframe sandbox srcdoc>`), never in the admin's own page. */
  html: string;
  text: string;
}

/** The store's e-mails and their previews (staff sessions only). */
export function emailsModule(transport: Transport) {
  return {
    async list(): Promise<EmailKind[]> {
      const reply = await transport.request<{ emails: EmailKind[] }>({
        method: 'GET',
        path: `${ADMIN}/emails`,
      });
      return reply.emails;
    },
    async preview(name: string): Promise<EmailPreview> {
      const reply = await transport.request<{ email: EmailPreview }>({
        method: 'GET',
        path: `${ADMIN}/emails/${encodeURIComponent(name)}/preview`,
      });
      return reply.email;
    },
  };
}
