import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Db } from '../../db/client.js';
import { escapeHtml, htmlPage, NO_SCRIPT_CSP } from '../../lib/html.js';
import { AppError } from '../../lib/http/errors.js';
import { requireMerchant } from '../access/index.js';
import { getMailboxMessage, listMailbox, type MailboxEntry } from './mail.service.js';
import { MailboxList, MailboxMessage, MailboxMessageResponse, MailboxQuery } from './mailbox.contract.js';

/**
 * The store's mailbox for its owner: mail the server would have sent when no SMTP_URL is configured.
 * It holds sign-in codes and password-reset links of every shopper, so only the owner reads it (the
 * admin's Mailbox page), never a shopper, staff member or app.
 */
export const ownerMailboxRoutes: FastifyPluginAsyncTypebox<{ db: Db; delivery: 'smtp' | 'mailbox' }> = async (
  app,
  { db, delivery },
) => {
  const tags = ['admin: mailbox'];
  const ownerOnly = requireMerchant({ ownerOnly: true });

  app.get(
    '/admin-api/v1/mailbox/messages',
    {
      schema: {
        summary: 'Mail kept for the owner (no SMTP_URL), newest first',
        tags,
        querystring: MailboxQuery,
        response: { 200: MailboxList },
      },
      preHandler: ownerOnly,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { delivery, messages: await listMailbox(db, { to: request.query.to }) };
    },
  );

  app.get(
    '/admin-api/v1/mailbox/messages/:id',
    {
      schema: {
        summary: 'One kept message',
        tags,
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: MailboxMessageResponse },
      },
      preHandler: ownerOnly,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { message: await findMessage(db, request.params.id) };
    },
  );
};

/**
 * The open development mailbox: the same messages for anyone who can reach the port. Registered only
 * with the explicit DEV_MAILBOX=open (app.ts), for a developer's own machine and the test suites.
 */
export const devMailboxRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const tags = ['development mailbox'];

  app.get(
    '/dev/mailbox',
    {
      schema: {
        summary: 'Development mailbox (HTML)',
        tags,
        querystring: MailboxQuery,
      },
    },
    async (request, reply) => {
      const messages = await listMailbox(db, { to: request.query.to });
      const rows = messages
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.createdDate.toISOString())}</td><td>${escapeHtml(m.to)}</td>` +
            `<td><a href="/dev/mailbox/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td></tr>`,
        )
        .join('');
      const body =
        '<h1>Development mailbox</h1><p>Mail the server would have sent. Anyone who can reach this server ' +
        'reads it here (DEV_MAILBOX=open): unset it on a shared network; the owner reads mail at ' +
        '/admin/mailbox. Set SMTP_URL to send real mail.</p>' +
        (messages.length === 0
          ? '<p>No messages yet. Register or ask for a password reset, then reload.</p>'
          : `<table><thead><tr><th>When</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`);
      return sendPage(reply, htmlPage('Mailbox', body));
    },
  );

  app.get(
    '/dev/mailbox/messages',
    {
      schema: {
        summary: 'Development mailbox (JSON), newest first',
        tags,
        querystring: MailboxQuery,
        response: { 200: Type.Object({ messages: Type.Array(MailboxMessage) }) },
      },
    },
    async (request) => ({ messages: await listMailbox(db, { to: request.query.to }) }),
  );

  app.get(
    '/dev/mailbox/:id',
    { schema: { summary: 'One message (HTML)', tags, params: Type.Object({ id: Type.String() }) } },
    async (request, reply) => {
      const message = await findMessage(db, request.params.id);
      // The HTML part is shown in a sandboxed frame (no scripts, no same-origin access).
      const frame = message.html
        ? `<h2>HTML</h2><iframe sandbox title="HTML part" srcdoc="${escapeHtml(message.html)}"></iframe>`
        : '';
      const body =
        `<p><a href="/dev/mailbox">← Mailbox</a></p><h1>${escapeHtml(message.subject)}</h1>` +
        `<p>From ${escapeHtml(message.from)}<br>To ${escapeHtml(message.to)}<br>${escapeHtml(message.createdDate.toISOString())}</p>` +
        `<h2>Text</h2><pre>${escapeHtml(message.text)}</pre>${frame}`;
      return sendPage(reply, htmlPage(message.subject, body));
    },
  );
};

async function findMessage(db: Db, id: string): Promise<MailboxEntry> {
  const message = await getMailboxMessage(db, id);
  if (!message) {
    throw new AppError('MAIL_MESSAGE_NOT_FOUND', 'Message not found', {
      status: 404,
      description: 'No kept message has this id. Open the mailbox list to see the messages there are.',
    });
  }
  return message;
}

function sendPage(reply: import('fastify').FastifyReply, html: string) {
  return reply
    .header('content-security-policy', NO_SCRIPT_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
