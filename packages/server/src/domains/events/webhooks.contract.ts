import Type from 'typebox';
import { DateTimeOut, StringEnum } from '../../lib/http/wire.js';
import { ALL_EVENTS, EVENT_TYPES } from './events.types.js';
import { DELIVERY_STATUSES } from './webhooks.schema.js';

const NullableDate = Type.Union([DateTimeOut(), Type.Null()]);

export const WebhookSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  description: Type.String(),
  eventTypes: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  disabledReason: Type.Union([Type.String(), Type.Null()]),
  lastSuccessDate: NullableDate,
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});

const EventTypesField = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  maxItems: 50,
  description: `Event types to receive (GET /admin-api/v1/event-types), or ["${ALL_EVENTS}"] for all`,
});

export const CreateWebhookRequest = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  eventTypes: EventTypesField,
  description: Type.Optional(Type.String({ maxLength: 500 })),
  enabled: Type.Optional(Type.Boolean()),
});

export const UpdateWebhookRequest = Type.Object({
  url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
  eventTypes: Type.Optional(EventTypesField),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  enabled: Type.Optional(Type.Boolean()),
});

export const WebhookResponse = Type.Object({ webhook: WebhookSchema });
export const CreateWebhookResponse = Type.Object({
  webhook: WebhookSchema,
  secret: Type.String({ description: 'Standard Webhooks signing secret (whsec_…): give it to the receiver' }),
});
export const ListWebhooksResponse = Type.Object({ webhooks: Type.Array(WebhookSchema) });
export const WebhookSecretResponse = Type.Object({ secret: Type.String() });
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const EmptyResponse = Type.Object({});

export const DeliveriesQuery = Type.Object({
  status: Type.Optional(StringEnum(DELIVERY_STATUSES)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
});

const Attempt = Type.Object({
  attempt: Type.Integer(),
  attemptedDate: DateTimeOut(),
  succeeded: Type.Boolean(),
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  latencyMs: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const DeliveriesResponse = Type.Object({
  deliveries: Type.Array(
    Type.Object({
      id: Type.String(),
      eventId: Type.String(),
      eventType: Type.String(),
      entityKey: Type.String(),
      status: StringEnum(DELIVERY_STATUSES),
      attempts: Type.Integer(),
      nextAttemptDate: DateTimeOut(),
      lastStatusCode: Type.Union([Type.Integer(), Type.Null()]),
      lastError: Type.Union([Type.String(), Type.Null()]),
      lastLatencyMs: Type.Union([Type.Integer(), Type.Null()]),
      createdDate: DateTimeOut(),
      deliveredDate: NullableDate,
      attemptLog: Type.Array(Attempt),
    }),
  ),
  metadata: Type.Object({ count: Type.Integer(), offset: Type.Integer(), total: Type.Integer() }),
});

export const EventTypesResponse = Type.Object({ eventTypes: Type.Array(StringEnum(EVENT_TYPES)) });

export const NoticesResponse = Type.Object({
  notices: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.String(),
      message: Type.String(),
      data: Type.Record(Type.String(), Type.Unknown()),
      createdDate: DateTimeOut(),
      readDate: NullableDate,
    }),
  ),
});
