import type { Transport } from '../transport.js';

const ADMIN = '/admin-api/v1';

/** A message the store kept instead of sending (no SMTP_URL): codes and links of every shopper. */
export interface MailboxMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  tags: string[];
  createdDate: string;
}

/** The owner's mailbox (owner only). `delivery: 'smtp'` means new mail is sent, not kept. */
export function mailboxModule(transport: Transport) {
  return {
    list: (params: { to?: string } = {}) =>
      transport.request<{ delivery: 'smtp' | 'mailbox'; messages: MailboxMessage[] }>({
        method: 'GET',
        path: `${ADMIN}/mailbox/messages`,
        ...(params.to ? { query: { to: params.to } } : {}),
      }),
    async get(messageId: string): Promise<MailboxMessage> {
      const reply = await transport.request<{ message: MailboxMessage }>({
        method: 'GET',
        path: `${ADMIN}/mailbox/messages/${encodeURIComponent(messageId)}`,
      });
      return reply.message;
    },
  };
}
