// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:
// run `npm run generate -w @openshelf/sdk` after a contract changes.

/* Staff sign-in, API keys, webhooks and the media library. */

import type { RevivePaths } from '../wire.js';

/** A staff account. */
export interface StaffUser {
  id: string;
  email: string;
  role: 'owner' | 'staff';
  createdDate: Date;
  disabledDate: Date | null;
}

/** A staff sign-in: the token to send, and who signed in. */
export interface StaffLogin {
  /** Send as the Authorization header of admin calls */
  accessToken: string;
  expiresIn: number;
  staff: StaffUser;
}

/** Who the staff token belongs to. */
export interface CurrentStaff {
  staff: StaffUser | null;
  role: string;
}

/** What a merchant API key may do. */
export type ApiKeyRole = 'owner' | 'staff' | 'app';

/** A merchant API key (never its secret). */
export interface ApiKey {
  id: string;
  name: string;
  role: ApiKeyRole;
  /** Recognisable prefix of the key; not usable on its own */
  hint: string;
  createdDate: Date;
  lastUsedDate: Date | null;
  revokedDate: Date | null;
}

/** A new API key and its secret (shown this once). */
export interface CreatedApiKey {
  apiKey: ApiKey;
  /** The full key. Shown once; store it now. */
  secret: string;
}

/** A webhook subscription. */
export interface Webhook {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  lastSuccessDate: Date | null;
  createdDate: Date;
  updatedDate: Date;
}

/** A new webhook subscription. */
export interface CreateWebhookInput {
  url: string;
  /** Event types to receive (GET /admin-api/v1/event-types), or ["*"] for all */
  eventTypes: string[];
  description?: string;
  enabled?: boolean;
}

/** Changes to a webhook subscription. */
export interface WebhookInput {
  url?: string;
  /** Event types to receive (GET /admin-api/v1/event-types), or ["*"] for all */
  eventTypes?: string[];
  description?: string;
  enabled?: boolean;
}

/** A new webhook subscription and the secret that signs its deliveries. */
export interface CreatedWebhook {
  webhook: Webhook;
  /** Standard Webhooks signing secret (whsec_…): give it to the receiver */
  secret: string;
}

/** Which of a webhook's deliveries to list. */
export interface WebhookDeliveryParams {
  status?: 'pending' | 'in_flight' | 'delivered' | 'failed';
  limit?: number;
  offset?: number;
}

/** One try of a delivery. */
export interface WebhookDeliveryAttempt {
  attempt: number;
  attemptedDate: Date;
  succeeded: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/** An event sent (or to send) to a webhook, with its attempts. */
export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  entityKey: string;
  status: 'pending' | 'in_flight' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptDate: Date;
  lastStatusCode: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  createdDate: Date;
  deliveredDate: Date | null;
  attemptLog: WebhookDeliveryAttempt[];
}

/** A page of a webhook's deliveries, newest first. */
export interface WebhookDeliveryPage {
  deliveries: WebhookDelivery[];
  metadata: {
    count: number;
    offset: number;
    total: number;
  };
}

/** A file of the media library. */
export interface MediaFile {
  id: string;
  fileName: string;
  mimeType: string;
  mediaType: 'image' | 'video' | 'audio' | 'document' | 'zip';
  sizeBytes: number;
  width?: number;
  height?: number;
  visibility: 'public' | 'private';
  /** Absolute URL (public files only) */
  url?: string;
  createdDate: Date;
}

/** Wire conversions of {@link StaffLogin}. @internal */
export const STAFF_LOGIN_WIRE: RevivePaths = {
  dates: ['staff.createdDate', 'staff.disabledDate'],
  floats: ['expiresIn'],
};

/** Wire conversions of {@link CurrentStaff}. @internal */
export const CURRENT_STAFF_WIRE: RevivePaths = {
  dates: ['staff.createdDate', 'staff.disabledDate'],
  floats: [],
};

/** Wire conversions of {@link ApiKey}. @internal */
export const API_KEY_WIRE: RevivePaths = {
  dates: ['createdDate', 'lastUsedDate', 'revokedDate'],
  floats: [],
};

/** Wire conversions of {@link CreatedApiKey}. @internal */
export const CREATED_API_KEY_WIRE: RevivePaths = {
  dates: ['apiKey.createdDate', 'apiKey.lastUsedDate', 'apiKey.revokedDate'],
  floats: [],
};

/** Wire conversions of {@link Webhook}. @internal */
export const WEBHOOK_WIRE: RevivePaths = {
  dates: ['lastSuccessDate', 'createdDate', 'updatedDate'],
  floats: [],
};

/** Wire conversions of {@link CreatedWebhook}. @internal */
export const CREATED_WEBHOOK_WIRE: RevivePaths = {
  dates: ['webhook.lastSuccessDate', 'webhook.createdDate', 'webhook.updatedDate'],
  floats: [],
};

/** Wire conversions of {@link WebhookDeliveryPage}. @internal */
export const WEBHOOK_DELIVERY_PAGE_WIRE: RevivePaths = {
  dates: [
    'deliveries.nextAttemptDate',
    'deliveries.createdDate',
    'deliveries.deliveredDate',
    'deliveries.attemptLog.attemptedDate',
  ],
  floats: [
    'deliveries.attempts',
    'deliveries.lastStatusCode',
    'deliveries.lastLatencyMs',
    'deliveries.attemptLog.attempt',
    'deliveries.attemptLog.statusCode',
    'deliveries.attemptLog.latencyMs',
    'metadata.count',
    'metadata.offset',
    'metadata.total',
  ],
};

/** Wire conversions of {@link MediaFile}. @internal */
export const MEDIA_FILE_WIRE: RevivePaths = {
  dates: ['createdDate'],
  floats: ['sizeBytes', 'width', 'height'],
};
