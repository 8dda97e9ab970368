import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { readTogether } from '../../db/read-together.js';
import { AppError, notFound } from '../../lib/http/errors.js';
import { Violations } from '../../lib/http/violations.js';
import { ALL_EVENTS, EVENT_TYPES } from './events.types.js';
import {
  type DeliveryStatus,
  deliveryAttempts,
  eventDeliveries,
  merchantNotices,
  webhookSubscriptions,
} from './webhooks.schema.js';

export type WebhookRow = typeof webhookSubscriptions.$inferSelect;
export type Webhook = Omit<WebhookRow, 'secret'>;

export interface WebhookInput {
  url?: string;
  eventTypes?: string[];
  description?: string;
  enabled?: boolean;
}

function validate(input: WebhookInput, creating: boolean): void {
  const violations = new Violations();
  if (input.url !== undefined || creating) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(input.url ?? '');
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
      violations.push({
        field: 'url',
        violatedRule: 'FORMAT',
        description: 'must be an absolute http(s) URL, e.g. https://example.com/hooks',
      });
    }
  }
  if (input.eventTypes !== undefined || creating) {
    const types = input.eventTypes ?? [];
    if (types.length === 0) {
      violations.push({
        field: 'eventTypes',
        violatedRule: 'MIN_SIZE',
        description: `must list at least one event type, or "${ALL_EVENTS}" for all`,
      });
    }
    types.forEach((type, index) => {
      if (type !== ALL_EVENTS && !(EVENT_TYPES as readonly string[]).includes(type)) {
        violations.push({
          field: `eventTypes[${index}]`,
          violatedRule: 'INVALID_ENUM_VALUE',
          description: `"${type}" is not an event type; see GET /admin-api/v1/event-types`,
        });
      }
    });
  }
  violations.throwIfAny();
}

const withoutSecret = ({ secret: _secret, ...webhook }: WebhookRow): Webhook => webhook;

/** A Standard Webhooks signing secret: `whsec_` + 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export async function createWebhook(
  db: DbOrTx,
  input: WebhookInput,
): Promise<{ webhook: Webhook; secret: string }> {
  validate(input, true);
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({
      url: input.url as string,
      eventTypes: [...new Set(input.eventTypes)],
      description: input.description ?? '',
      secret,
      enabled: input.enabled ?? true,
    })
    .returning();
  return { webhook: withoutSecret(row as WebhookRow), secret };
}

export async function listWebhooks(db: DbOrTx): Promise<Webhook[]> {
  const rows = await db.select().from(webhookSubscriptions).orderBy(asc(webhookSubscriptions.createdDate));
  return rows.map(withoutSecret);
}

async function findWebhook(db: DbOrTx, id: string): Promise<WebhookRow> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  if (!row) throw notFound('Webhook', id);
  return row;
}

export async function getWebhook(db: DbOrTx, id: string): Promise<Webhook> {
  return withoutSecret(await findWebhook(db, id));
}

/** The signing secret, for the owner setting up a receiver. */
export async function revealWebhookSecret(db: DbOrTx, id: string): Promise<string> {
  return (await findWebhook(db, id)).secret;
}

export async function updateWebhook(db: DbOrTx, id: string, input: WebhookInput): Promise<Webhook> {
  validate(input, false);
  await findWebhook(db, id);
  const [row] = await db
    .update(webhookSubscriptions)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.eventTypes !== undefined ? { eventTypes: [...new Set(input.eventTypes)] } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enabled !== undefined
        ? { enabled: input.enabled, disabledReason: input.enabled ? null : 'Disabled by the merchant' }
        : {}),
    })
    .where(eq(webhookSubscriptions.id, id))
    .returning();
  return withoutSecret(row as WebhookRow);
}

export async function deleteWebhook(db: DbOrTx, id: string): Promise<void> {
  const deleted = await db
    .delete(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id))
    .returning({ id: webhookSubscriptions.id });
  if (deleted.length === 0) throw notFound('Webhook', id);
}

export interface DeliveryLogEntry {
  id: string;
  eventId: string;
  eventType: string;
  entityKey: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptDate: Date;
  lastStatusCode: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  createdDate: Date;
  deliveredDate: Date | null;
  attemptLog: {
    attempt: number;
    attemptedDate: Date;
    succeeded: boolean;
    statusCode: number | null;
    latencyMs: number;
    error: string | null;
  }[];
}

/** The delivery log of one subscription, newest first, each delivery with its attempts. */
export async function listDeliveries(
  db: DbOrTx,
  webhookId: string,
  options: { status?: DeliveryStatus; limit: number; offset: number },
): Promise<{ deliveries: DeliveryLogEntry[]; total: number }> {
  await findWebhook(db, webhookId);
  const conditions: SQL[] = [
    eq(eventDeliveries.targetKind, 'webhook'),
    eq(eventDeliveries.targetId, webhookId),
  ];
  if (options.status) conditions.push(eq(eventDeliveries.status, options.status));
  const where = and(...conditions);
  const [rows, totals] = await readTogether(
    db,
    () =>
      db
        .select()
        .from(eventDeliveries)
        .where(where)
        .orderBy(desc(eventDeliveries.createdDate), desc(eventDeliveries.eventSeq))
        .limit(options.limit)
        .offset(options.offset),
    () => db.select({ total: count() }).from(eventDeliveries).where(where),
  );
  const attempts = rows.length
    ? await db
        .select()
        .from(deliveryAttempts)
        .where(
          inArray(
            deliveryAttempts.deliveryId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(deliveryAttempts.attempt))
    : [];
  const deliveries = rows.map(
    ({ eventSeq: _seq, targetKind: _kind, targetId: _target, leaseUntil: _lease, ...row }) => ({
      ...row,
      attemptLog: attempts
        .filter((attempt) => attempt.deliveryId === row.id)
        .map(({ id: _id, deliveryId: _deliveryId, ...attempt }) => attempt),
    }),
  );
  return { deliveries, total: totals[0]?.total ?? 0 };
}

/** Sends a delivery again with a fresh retry schedule (e.g. after fixing a receiver). */
export async function redeliver(db: DbOrTx, deliveryId: string, now: Date): Promise<void> {
  const [row] = await db.select().from(eventDeliveries).where(eq(eventDeliveries.id, deliveryId));
  if (!row) throw notFound('Delivery', deliveryId);
  const updated = await db
    .update(eventDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptDate: now, leaseUntil: null, deliveredDate: null })
    .where(and(eq(eventDeliveries.id, deliveryId), ne(eventDeliveries.status, 'in_flight')))
    .returning({ id: eventDeliveries.id });
  if (updated.length === 0) {
    throw new AppError('DELIVERY_IN_FLIGHT', 'Delivery is being attempted right now', {
      status: 409,
      description:
        'This delivery is being sent at this moment; look at its log in a few seconds and redeliver then if needed.',
      data: { deliveryId },
    });
  }
}

export async function listNotices(db: DbOrTx, limit = 50) {
  return db.select().from(merchantNotices).orderBy(desc(merchantNotices.createdDate)).limit(limit);
}
