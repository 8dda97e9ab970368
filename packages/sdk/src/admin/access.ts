import { captchaBody } from '../auth/login.js';
import type { CaptchaTokens } from '../auth/login-states.js';
import type { Transport } from '../transport.js';
import type {
  ApiKey,
  ApiKeyRole,
  MediaFile,
  StaffUser,
  Webhook,
  WebhookDelivery,
  WebhookInput,
} from './access-types.js';
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
    login: (email: string, password: string, options: { captchaTokens?: CaptchaTokens } = {}) =>
      transport.request<{ accessToken: string; expiresIn: number; staff: StaffUser }>({
        method: 'POST',
        path: `${ADMIN}/auth/login`,
        body: { email, password, ...captchaBody(options.captchaTokens) },
      }),
    /** Ends the staff session of the token this client sends. */
    async logout(): Promise<void> {
      await transport.request({ method: 'POST', path: `${ADMIN}/auth/logout` });
    },
    me: () =>
      transport.request<{ staff: StaffUser | null; role: string }>({
        method: 'GET',
        path: `${ADMIN}/auth/me`,
      }),
  };
}

/** Merchant API keys (owner only). The secret is only in the reply of `create`. */
export function apiKeysModule(transport: Transport) {
  return {
    async list(): Promise<ApiKey[]> {
      return (await transport.request<{ apiKeys: ApiKey[] }>({ method: 'GET', path: `${ADMIN}/api-keys` }))
        .apiKeys;
    },
    create: (name: string, role: ApiKeyRole) =>
      transport.request<{ apiKey: ApiKey; secret: string }>({
        method: 'POST',
        path: `${ADMIN}/api-keys`,
        body: { name, role },
      }),
    async revoke(keyId: string): Promise<ApiKey> {
      const reply = await transport.request<{ apiKey: ApiKey }>({
        method: 'POST',
        path: `${ADMIN}/api-keys/${id(keyId)}/revoke`,
      });
      return reply.apiKey;
    },
  };
}

/** Webhook subscriptions, their signing secrets and delivery log. */
export function webhooksModule(transport: Transport) {
  const path = (webhookId: string) => `${ADMIN}/webhooks/${id(webhookId)}`;
  const webhookReply = async (reply: Promise<{ webhook: Webhook }>) => (await reply).webhook;
  return {
    async eventTypes(): Promise<string[]> {
      return (
        await transport.request<{ eventTypes: string[] }>({ method: 'GET', path: `${ADMIN}/event-types` })
      ).eventTypes;
    },
    async list(): Promise<Webhook[]> {
      return (await transport.request<{ webhooks: Webhook[] }>({ method: 'GET', path: `${ADMIN}/webhooks` }))
        .webhooks;
    },
    get: (webhookId: string) => webhookReply(transport.request({ method: 'GET', path: path(webhookId) })),
    /** Subscribes an endpoint; the reply's `secret` signs every delivery. */
    create: (input: WebhookInput & { url: string; eventTypes: string[] }) =>
      transport.request<{ webhook: Webhook; secret: string }>({
        method: 'POST',
        path: `${ADMIN}/webhooks`,
        body: input,
      }),
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
    async deliveries(webhookId: string, params: Paging & { status?: WebhookDelivery['status'] } = {}) {
      const { items, metadata } = await pagedList<WebhookDelivery>(
        transport,
        `${path(webhookId)}/deliveries`,
        'deliveries',
        params,
      );
      return { deliveries: items, metadata };
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
      return (
        await transport.request<{ file: MediaFile }>({ method: 'POST', path: `${ADMIN}/media`, body: form })
      ).file;
    },
    async list(params: Paging = {}) {
      const { items, metadata } = await pagedList<MediaFile>(transport, `${ADMIN}/media`, 'files', params);
      return { files: items, metadata };
    },
    async delete(fileId: string): Promise<void> {
      await transport.request({ method: 'DELETE', path: `${ADMIN}/media/${id(fileId)}` });
    },
  };
}
