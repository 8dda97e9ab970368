import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import { requireMerchant } from '../access/index.js';
import { EVENT_TYPES } from './events.types.js';
import {
  CreateWebhookRequest,
  CreateWebhookResponse,
  DeliveriesQuery,
  DeliveriesResponse,
  EmptyResponse,
  EventTypesResponse,
  IdParams,
  ListWebhooksResponse,
  NoticesResponse,
  UpdateWebhookRequest,
  WebhookResponse,
  WebhookSecretResponse,
} from './webhooks.contract.js';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listNotices,
  listWebhooks,
  redeliver,
  revealWebhookSecret,
  updateWebhook,
} from './webhooks.service.js';

/** Merchant admin API for webhook subscriptions, their delivery log and notices. */
export const webhookRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const tags = ['admin: webhooks'];
  const preHandler = requireMerchant();
  const base = '/admin-api/v1/webhooks';

  app.get(
    '/admin-api/v1/event-types',
    { schema: { summary: 'Event types', tags, response: { 200: EventTypesResponse } }, preHandler },
    async () => ({
      eventTypes: [...EVENT_TYPES],
    }),
  );
  app.get(
    base,
    { schema: { summary: 'List webhooks', tags, response: { 200: ListWebhooksResponse } }, preHandler },
    async () => ({
      webhooks: await listWebhooks(db),
    }),
  );
  app.post(
    base,
    {
      schema: {
        summary: 'Create a webhook',
        tags,
        body: CreateWebhookRequest,
        response: { 200: CreateWebhookResponse },
      },
      preHandler,
    },
    async (request) => createWebhook(db, request.body),
  );
  app.get(
    `${base}/:id`,
    {
      schema: { summary: 'Get a webhook', tags, params: IdParams, response: { 200: WebhookResponse } },
      preHandler,
    },
    async (request) => ({
      webhook: await getWebhook(db, request.params.id),
    }),
  );
  app.get(
    `${base}/:id/secret`,
    {
      schema: {
        summary: "Reveal a webhook's signing secret",
        tags,
        params: IdParams,
        response: { 200: WebhookSecretResponse },
      },
      preHandler,
    },
    async (request) => ({ secret: await revealWebhookSecret(db, request.params.id) }),
  );
  app.patch(
    `${base}/:id`,
    {
      schema: {
        summary: 'Update or re-enable a webhook',
        tags,
        params: IdParams,
        body: UpdateWebhookRequest,
        response: { 200: WebhookResponse },
      },
      preHandler,
    },
    async (request) => ({ webhook: await updateWebhook(db, request.params.id, request.body) }),
  );
  app.delete(
    `${base}/:id`,
    {
      schema: { summary: 'Delete a webhook', tags, params: IdParams, response: { 200: EmptyResponse } },
      preHandler,
    },
    async (request) => {
      await deleteWebhook(db, request.params.id);
      return {};
    },
  );
  app.get(
    `${base}/:id/deliveries`,
    {
      schema: {
        summary: 'Delivery log',
        tags,
        params: IdParams,
        querystring: DeliveriesQuery,
        response: { 200: DeliveriesResponse },
      },
      preHandler,
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const { deliveries, total } = await listDeliveries(db, request.params.id, {
        status: request.query.status,
        limit,
        offset,
      });
      return { deliveries, metadata: { count: deliveries.length, offset, total } };
    },
  );
  app.post(
    '/admin-api/v1/webhook-deliveries/:id/redeliver',
    {
      schema: { summary: 'Redeliver', tags, params: IdParams, response: { 200: EmptyResponse } },
      preHandler,
    },
    async (request) => {
      await redeliver(db, request.params.id, clock());
      return {};
    },
  );
  app.get(
    '/admin-api/v1/notices',
    { schema: { summary: 'Merchant notices', tags, response: { 200: NoticesResponse } }, preHandler },
    async () => ({
      notices: await listNotices(db),
    }),
  );
};
