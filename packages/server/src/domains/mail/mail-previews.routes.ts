import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { requireCaller } from '../access/index.js';
import { EmailPreviewResponse, EmailsResponse } from './mail-previews.contract.js';
import { renderMail } from './mail-render.service.js';
import { MAIL_DESCRIPTIONS, sampleMail } from './mail-samples.data.js';
import { MAIL_TEMPLATE_NAMES, type MailStore, type MailTemplateName } from './mail-templates.contract.js';

/**
 * The admin's e-mail previews: every e-mail the store sends, written with sample order data and the
 * store's real name, logo and contact address. Staff only (the admin's session): the previews reveal
 * nothing private, but they are part of running the store, not of its API for apps.
 */
export const mailPreviewRoutes: FastifyPluginAsyncTypebox<{ store: () => Promise<MailStore> }> = async (
  app,
  { store },
) => {
  const tags = ['admin: e-mails'];
  const staffOnly = requireCaller(['staff']);

  app.get(
    '/admin-api/v1/emails',
    {
      schema: {
        summary: 'The e-mails the store sends, and when',
        tags,
        response: { 200: EmailsResponse },
      },
      preHandler: staffOnly,
    },
    async () => ({ emails: MAIL_TEMPLATE_NAMES.map((name) => ({ name, ...MAIL_DESCRIPTIONS[name] })) }),
  );

  app.get(
    '/admin-api/v1/emails/:name/preview',
    {
      schema: {
        summary: 'One e-mail written with sample data and the store identity: subject, HTML and text',
        tags,
        params: Type.Object({ name: Type.Union(MAIL_TEMPLATE_NAMES.map((name) => Type.Literal(name))) }),
        response: { 200: EmailPreviewResponse },
      },
      preHandler: staffOnly,
    },
    async (request, reply) => {
      // The schema allowed only the names listed.
      const name = request.params.name as MailTemplateName;
      const current = await store();
      const content = await renderMail(sampleMail(name, current), current);
      reply.header('cache-control', 'no-store');
      return { email: { name, ...MAIL_DESCRIPTIONS[name], ...content } };
    },
  );
};
