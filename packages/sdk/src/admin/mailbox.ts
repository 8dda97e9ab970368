import { MAILBOX_MESSAGE_WIRE, MAILBOX_WIRE, type Mailbox, type MailboxMessage } from '../entities/index.js';
import type { Transport } from '../transport.js';
import { reviveEntity } from '../wire.js';

const ADMIN = '/admin-api/v1';

/** The owner's mailbox (owner only). `delivery: 'smtp'` means new mail is sent, not kept. */
export function mailboxModule(transport: Transport) {
  return {
    async list(params: { to?: string } = {}): Promise<Mailbox> {
      const reply = await transport.request<unknown>({
        method: 'GET',
        path: `${ADMIN}/mailbox/messages`,
        ...(params.to ? { query: { to: params.to } } : {}),
      });
      return reviveEntity<Mailbox>(reply, MAILBOX_WIRE);
    },
    async get(messageId: string): Promise<MailboxMessage> {
      const reply = await transport.request<{ message: unknown }>({
        method: 'GET',
        path: `${ADMIN}/mailbox/messages/${encodeURIComponent(messageId)}`,
      });
      return reviveEntity<MailboxMessage>(reply.message, MAILBOX_MESSAGE_WIRE);
    },
  };
}
