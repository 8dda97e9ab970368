// Shapes of the admin API's access side: staff, API keys, webhooks and the media library.

export interface StaffUser {
  id: string;
  email: string;
  role: 'owner' | 'staff';
  createdDate: string;
  disabledDate: string | null;
}

export interface Webhook {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  lastSuccessDate: string | null;
  createdDate: string;
  updatedDate: string;
}

export interface WebhookInput {
  url?: string;
  eventTypes?: string[];
  description?: string;
  enabled?: boolean;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  entityKey: string;
  status: 'pending' | 'in_flight' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptDate: string;
  lastStatusCode: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  createdDate: string;
  deliveredDate: string | null;
  attemptLog: {
    attempt: number;
    attemptedDate: string;
    succeeded: boolean;
    statusCode: number | null;
    latencyMs: number;
    error: string | null;
  }[];
}

export type ApiKeyRole = 'owner' | 'staff' | 'app';

export interface ApiKey {
  id: string;
  name: string;
  role: ApiKeyRole;
  /** The last characters of the secret, to recognise a key. */
  hint: string;
  createdDate: string;
  lastUsedDate: string | null;
  revokedDate: string | null;
}

export interface MediaFile {
  id: string;
  fileName: string;
  mimeType: string;
  mediaType: 'image' | 'video' | 'audio' | 'document' | 'zip';
  sizeBytes: number;
  width?: number;
  height?: number;
  visibility: 'public' | 'private';
  url?: string;
  createdDate: string;
}
