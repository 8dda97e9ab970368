import type { EmailKind, EmailPreview } from '../entities/index.js';
import type { Transport } from '../transport.js';

const ADMIN = '/admin-api/v1';

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
    /** Show its `html` in a sandboxed frame (`<iframe sandbox srcdoc>`), never in the admin's own page. */
    async preview(name: string): Promise<EmailPreview> {
      const reply = await transport.request<{ email: EmailPreview }>({
        method: 'GET',
        path: `${ADMIN}/emails/${encodeURIComponent(name)}/preview`,
      });
      return reply.email;
    },
  };
}
