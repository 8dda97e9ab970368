import { captchaBody } from '../auth/login.js';
import type { CaptchaTokens } from '../auth/login-states.js';
import {
  API_KEY_WIRE,
  type ApiKey,
  type ApiKeyRole,
  CREATED_API_KEY_WIRE,
  CREATED_WEBHOOK_WIRE,
  type CreatedApiKey,
  type CreatedWebhook,
  type CreateWebhookInput,
  CURRENT_STAFF_WIRE,
  type CurrentStaff,
  MEDIA_FILE_WIRE,
  type MediaFile,
  STAFF_LOGIN_WIRE,
  type StaffLogin,
  WEBHOOK_DELIVERY_PAGE_WIRE,
  WEBHOOK_WIRE,
  type Webhook,
  type WebhookDeliveryPage,
  type WebhookDeliveryParams,
  type WebhookInput,
} from '../entities/index.js';
import type { Transport } from '../transport.js';
import { reviveEntity } from '../wire.js';
import { pagedList } from './resources.js';
import type { Paging } from './types.js';

const ADMIN = '/admin-api/v1';
const id = encodeURIComponent;

/** Staff sign-in: the token goes in `Authorization` (give it to `createAdminClient({ staffToken })`). */
export function authModule(transport: Transport) {
  return {
    /**
     * After several failed sign-ins the server asks for a captcha (ApplicationError `-19971`): solve
     * one and pass it in `options.captchaTokens`.
     */
    async login(
      email: string,
      password: string,
      options: { captchaTokens?: CaptchaTokens } = {},
    ): Promise<StaffLogin> {
      const reply = await transport.request<unknown>({
        method: 'POST',
        path: `${ADMIN}/auth/login`,
        body: { email, password, ...captchaBody(options.captchaTokens) },
      });
      return reviveEntity<StaffLogin>(reply, STAFF_LOGIN_WIRE);
    },
    /** Ends the staff session of the token this client sends. */
    async logout(): Promise<void> {
      await transport.request({ method: 'POST', path: `${ADMIN}/auth/logout` });
    },
    async me(): Promise<CurrentStaff> {
      const reply = await transport.request<unknown>({ method: 'GET', path: `${ADMIN}/auth/me` });
      return reviveEntity<CurrentStaff>(reply, CURRENT_STAFF_WIRE);
    },
  };
}

/** Merchant API keys (owner only). The secret is only in the reply of `create`. */
export function apiKeysModule(transport: Transport) {
  const revive = (key: unknown) => reviveEntity<ApiKey>(key, API_KEY_WIRE);
  return {
    async list(): Promise<ApiKey[]> {
      const reply = await transport.request<{ apiKeys: unknown[] }>({
        method: 'GET',
        path: `${ADMIN}/api-keys`,
      });
      return reply.apiKeys.map(revive);
    },
    async create(name: string, role: ApiKeyRole): Promise<CreatedApiKey> {
      const reply = await transport.request<unknown>({
        method: 'POST',
        path: `${ADMIN}/api-keys`,
        body: { name, role },
      });
      return reviveEntity<CreatedApiKey>(reply, CREATED_API_KEY_WIRE);
    },
    async revoke(keyId: string): Promise<ApiKey> {
      const reply = await transport.request<{ apiKey: unknown }>({
        method: 'POST',
        path: `${ADMIN}/api-keys/${id(keyId)}/revoke`,
      });
      return revive(reply.apiKey);
    },
  };
}

/** Webhook subscriptions, their signing secrets and delivery log. */
export function webhooksModule(transport: Transport) {
  const path = (webhookId: string) => `${ADMIN}/webhooks/${id(webhookId)}`;
  const webhookReply = async (reply: Promise<{ webhook: unknown }>) =>
    reviveEntity<Webhook>((await reply).webhook, WEBHOOK_WIRE);
  return {
    async eventTypes(): Promise<string[]> {
      return (
        await transport.request<{ eventTypes: string[] }>({ method: 'GET', path: `${ADMIN}/event-types` })
      ).eventTypes;
    },
    async list(): Promise<Webhook[]> {
      const reply = await transport.request<{ webhooks: unknown[] }>({
        method: 'GET',
        path: `${ADMIN}/webhooks`,
      });
      return reply.webhooks.map((webhook) => reviveEntity<Webhook>(webhook, WEBHOOK_WIRE));
    },
    get: (webhookId: string) => webhookReply(transport.request({ method: 'GET', path: path(webhookId) })),
    /** Subscribes an endpoint; the reply's `secret` signs every delivery. */
    async create(input: CreateWebhookInput): Promise<CreatedWebhook> {
      const reply = await transport.request<unknown>({
        method: 'POST',
        path: `${ADMIN}/webhooks`,
        body: input,
      });
      return reviveEntity<CreatedWebhook>(reply, CREATED_WEBHOOK_WIRE);
    },
    update: (webhookId: string, input: WebhookInput) =>
      webhookReply(transport.request({ method: 'PATCH', path: path(webhookId), body: input })),
    async delete(webhookId: string): Promise<void> {
      await transport.request({ method: 'DELETE', path: path(webhookId) });
    },
    async secret(webhookId: string): Promise<string> {
      return (
        await transport.request<{ secret: string }>({ method: 'GET', path: `${path(webhookId)}/secret` })
      ).secret;
    },
    async deliveries(webhookId: string, params: WebhookDeliveryParams = {}): Promise<WebhookDeliveryPage> {
      const reply = await transport.request<unknown>({
        method: 'GET',
        path: `${path(webhookId)}/deliveries`,
        query: { ...params },
      });
      return reviveEntity<WebhookDeliveryPage>(reply, WEBHOOK_DELIVERY_PAGE_WIRE);
    },
    /** Sends a delivery again now (a new attempt in its log). */
    async redeliver(deliveryId: string): Promise<void> {
      await transport.request({
        method: 'POST',
        path: `${ADMIN}/webhook-deliveries/${id(deliveryId)}/redeliver`,
      });
    },
  };
}

/** The media library: uploads (multipart), listing, deletion. */
export function mediaModule(transport: Transport) {
  return {
    /**
     * Uploads one file; `private` files are for digital downloads and are never served publicly. The
     * server reads the type from the content (not the name); with `mediaType` it refuses any other kind,
     * e.g. a PDF sent as a product image (a ValidationError at `file`).
     */
    async upload(
      file: Blob,
      fileName: string,
      visibility: 'public' | 'private' = 'public',
      options: { mediaType?: MediaFile['mediaType'] } = {},
    ): Promise<MediaFile> {
      const form = new FormData();
      form.append('visibility', visibility);
      if (options.mediaType) form.append('mediaType', options.mediaType);
      form.append('file', file, fileName);
      const reply = await transport.request<{ file: unknown }>({
        method: 'POST',
        path: `${ADMIN}/media`,
        body: form,
      });
      return reviveEntity<MediaFile>(reply.file, MEDIA_FILE_WIRE);
    },
    async list(params: Paging = {}) {
      const { items, metadata } = await pagedList<MediaFile>(
        transport,
        `${ADMIN}/media`,
        'files',
        params,
        MEDIA_FILE_WIRE,
      );
      return { files: items, metadata };
    },
    async delete(fileId: string): Promise<void> {
      await transport.request({ method: 'DELETE', path: `${ADMIN}/media/${id(fileId)}` });
    },
  };
}
