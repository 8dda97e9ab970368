import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import {
  AppError,
  type FieldViolation,
  invalidField,
  notFound,
  ValidationFailed,
} from '../../../lib/http/errors.js';
import { type EventActor, recordEvent } from '../../events/index.js';
import { recordActivity } from '../activities.service.js';
import { orderFulfillments } from '../fulfillments.schema.js';
import type { FulfillmentStatus } from '../order.types.js';
import { orderEventPayload } from '../order-snapshot.mapper.js';
import { orders } from '../orders.schema.js';
import type { OrderRecord } from '../orders-read.service.js';
import { fulfillmentOut } from './fulfillments.mapper.js';

export type FulfillmentRecord = typeof orderFulfillments.$inferSelect;

export interface TrackingInput {
  trackingNumber?: string;
  shippingProvider?: string;
  trackingLink?: string;
}

export interface FulfillmentContext {
  actor: EventActor;
  now: Date;
}

type LineQuantity = { lineItemId: string; quantity: number };

export async function listFulfillments(db: DbOrTx, orderId: string): Promise<FulfillmentRecord[]> {
  return db
    .select()
    .from(orderFulfillments)
    .where(eq(orderFulfillments.orderId, orderId))
    .orderBy(asc(orderFulfillments.createdDate), asc(orderFulfillments.id));
}

/** A tracking link is something the buyer clicks: only https, and bounded. */
export function checkedTracking(tracking: TrackingInput, field: string): TrackingInput {
  const link = tracking.trackingLink?.trim();
  if (link) {
    // URL.canParse first: Node 20 has no URL.parse.
    const url = URL.canParse(link) ? new URL(link) : undefined;
    if (url?.protocol !== 'https:' || !url.hostname.includes('.'))
      throw invalidField(
        `${field}.trackingLink`,
        'FORMAT',
        'must be an https:// address, e.g. https://carrier.example/track?n=123',
        { format: 'url' },
      );
  }
  const number = tracking.trackingNumber?.trim();
  const carrier = tracking.shippingProvider?.trim();
  return {
    ...(number ? { trackingNumber: number } : {}),
    ...(carrier ? { shippingProvider: carrier } : {}),
    ...(link ? { trackingLink: link } : {}),
  };
}

async function lockOrder(tx: Tx, orderId: string): Promise<OrderRecord> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('Order', orderId);
  if (order.status === 'CANCELED')
    throw new AppError('ORDER_CANCELED', 'Order is canceled', {
      status: 409,
      description: `Order #${order.number} was canceled; its shipments cannot change.`,
      data: { orderId: order.id },
    });
  return order;
}

/** Units shipped per line over the given fulfilments. */
function shippedOf(fulfillments: readonly FulfillmentRecord[]): Map<string, number> {
  const shipped = new Map<string, number>();
  for (const fulfillment of fulfillments)
    for (const line of fulfillment.lines)
      shipped.set(line.lineItemId, (shipped.get(line.lineItemId) ?? 0) + line.quantity);
  return shipped;
}

/** Never more of a line than ordered, over all shipments; each line named once. */
function checkedLines(
  order: OrderRecord,
  others: readonly FulfillmentRecord[],
  items: readonly LineQuantity[],
) {
  const shipped = shippedOf(others);
  const violations: FieldViolation[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const field = `fulfillment.lineItems[${index}]`;
    const line = order.lines.find((candidate) => candidate.id === item.lineItemId);
    if (!line || seen.has(item.lineItemId)) {
      violations.push({
        field: `${field}.id`,
        violatedRule: 'VALIDATION',
        description: line
          ? 'is listed twice; give each line once with its quantity'
          : `is not a line of order #${order.number}`,
      });
      return;
    }
    seen.add(line.id);
    const left = line.quantity - (shipped.get(line.id) ?? 0);
    if (item.quantity > left)
      violations.push({
        field: `${field}.quantity`,
        violatedRule: 'MAX',
        description:
          left === 0
            ? `"${line.name}" was shipped in full already`
            : `is more than the ${left} of "${line.name}" not yet shipped`,
        data: { maxQuantity: left, threshold: left },
      });
  });
  if (items.length === 0)
    violations.push({
      field: 'fulfillment.lineItems',
      violatedRule: 'MIN_SIZE',
      description: 'name at least one line to ship',
    });
  if (violations.length > 0) throw new ValidationFailed(violations);
}

function statusOf(order: OrderRecord, fulfillments: readonly FulfillmentRecord[]): FulfillmentStatus {
  const shipped = shippedOf(fulfillments);
  const units = order.lines.reduce(
    (sum, line) => sum + Math.min(shipped.get(line.id) ?? 0, line.quantity),
    0,
  );
  const ordered = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return units === 0 ? 'NOT_FULFILLED' : units >= ordered ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
}

/** Re-derives the order's fulfilment status after a change; records `ecom.order.updated` if it moved. */
async function settleStatus(tx: Tx, order: OrderRecord, ctx: FulfillmentContext): Promise<OrderRecord> {
  const status = statusOf(order, await listFulfillments(tx, order.id));
  if (status === order.fulfillmentStatus) return order;
  const [saved] = await tx
    .update(orders)
    .set({
      fulfillmentStatus: status,
      fulfilledDate: status === 'FULFILLED' ? ctx.now : null,
      updatedDate: ctx.now,
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (!saved) throw notFound('Order', order.id);
  await recordEvent(tx, {
    type: 'ecom.order.updated',
    entityType: 'order',
    entityId: order.id,
    payload: orderEventPayload(saved),
    actor: ctx.actor,
  });
  return saved;
}

function describe(order: OrderRecord, fulfillment: FulfillmentRecord): string {
  const items = fulfillment.lines
    .map(
      (line) =>
        `${line.quantity} × ${order.lines.find((candidate) => candidate.id === line.lineItemId)?.name ?? 'item'}`,
    )
    .join(', ');
  const tracking = [fulfillment.carrier, fulfillment.trackingNumber].filter(Boolean).join(' ');
  return `${items}${tracking ? ` (${tracking})` : ''}`;
}

async function recordChange(
  tx: Tx,
  kind: 'created' | 'updated' | 'deleted',
  order: OrderRecord,
  fulfillment: FulfillmentRecord,
  ctx: FulfillmentContext,
): Promise<void> {
  await recordEvent(tx, {
    type: `ecom.fulfillment.${kind}`,
    entityType: 'fulfillment',
    entityId: fulfillment.id,
    payload: { orderId: order.id, fulfillment: fulfillmentOut(fulfillment) },
    actor: ctx.actor,
  });
  const verb = { created: 'Shipped', updated: 'Shipment changed', deleted: 'Shipment deleted' }[kind];
  await recordActivity(tx, {
    orderId: order.id,
    type:
      kind === 'created'
        ? 'FULFILLMENT_CREATED'
        : kind === 'updated'
          ? 'FULFILLMENT_UPDATED'
          : 'FULFILLMENT_DELETED',
    message: `${verb}: ${describe(order, fulfillment)}`,
    actor: ctx.actor,
    details: { fulfillmentId: fulfillment.id },
    now: ctx.now,
  });
}

/** Ships lines of an order (all that is left of each when `lines` is omitted), with the order row locked. */
export function createFulfillment(
  db: DbOrTx,
  input: { orderId: string; lines?: LineQuantity[]; tracking: TrackingInput },
  ctx: FulfillmentContext,
): Promise<{ order: OrderRecord; fulfillment: FulfillmentRecord | undefined }> {
  const tracking = checkedTracking(input.tracking, 'fulfillment.trackingInfo');
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    const existing = await listFulfillments(tx, order.id);
    let lines = input.lines;
    if (!lines) {
      // "Mark fulfilled": whatever is not shipped yet; nothing left is no change.
      const shipped = shippedOf(existing);
      lines = order.lines
        .map((line) => ({ lineItemId: line.id, quantity: line.quantity - (shipped.get(line.id) ?? 0) }))
        .filter((line) => line.quantity > 0);
      if (lines.length === 0) return { order, fulfillment: undefined };
    }
    checkedLines(order, existing, lines);
    const [fulfillment] = await tx
      .insert(orderFulfillments)
      .values({
        orderId: order.id,
        lines,
        carrier: tracking.shippingProvider ?? null,
        trackingNumber: tracking.trackingNumber ?? null,
        trackingUrl: tracking.trackingLink ?? null,
        createdDate: ctx.now,
        updatedDate: ctx.now,
      })
      .returning();
    if (!fulfillment) throw notFound('Fulfillment', order.id);
    await recordChange(tx, 'created', order, fulfillment, ctx);
    return { order: await settleStatus(tx, order, ctx), fulfillment };
  });
}

async function lockFulfillment(tx: Tx, orderId: string, fulfillmentId: string): Promise<FulfillmentRecord> {
  const [row] = await tx
    .select()
    .from(orderFulfillments)
    .where(and(eq(orderFulfillments.id, fulfillmentId), eq(orderFulfillments.orderId, orderId)));
  if (!row) throw notFound('Fulfillment', fulfillmentId, { orderId });
  return row;
}

/** Changes a shipment's lines or tracking (a tracking number added later is the usual case). */
export function updateFulfillment(
  db: DbOrTx,
  input: { orderId: string; fulfillmentId: string; lines?: LineQuantity[]; tracking?: TrackingInput },
  ctx: FulfillmentContext,
): Promise<OrderRecord> {
  const tracking = input.tracking ? checkedTracking(input.tracking, 'fulfillment.trackingInfo') : undefined;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    const current = await lockFulfillment(tx, order.id, input.fulfillmentId);
    if (input.lines) {
      const others = (await listFulfillments(tx, order.id)).filter((row) => row.id !== current.id);
      checkedLines(order, others, input.lines);
    }
    const [saved] = await tx
      .update(orderFulfillments)
      .set({
        ...(input.lines ? { lines: input.lines } : {}),
        ...(tracking
          ? {
              carrier: tracking.shippingProvider ?? null,
              trackingNumber: tracking.trackingNumber ?? null,
              trackingUrl: tracking.trackingLink ?? null,
            }
          : {}),
        updatedDate: ctx.now,
      })
      .where(eq(orderFulfillments.id, current.id))
      .returning();
    if (!saved) throw notFound('Fulfillment', current.id);
    await recordChange(tx, 'updated', order, saved, ctx);
    return settleStatus(tx, order, ctx);
  });
}

export function deleteFulfillment(
  db: DbOrTx,
  input: { orderId: string; fulfillmentId: string },
  ctx: FulfillmentContext,
): Promise<OrderRecord> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    const current = await lockFulfillment(tx, order.id, input.fulfillmentId);
    await tx.delete(orderFulfillments).where(eq(orderFulfillments.id, current.id));
    await recordChange(tx, 'deleted', order, current, ctx);
    return settleStatus(tx, order, ctx);
  });
}
