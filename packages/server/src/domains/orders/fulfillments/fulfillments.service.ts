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
import { refundHistoryOf } from '../refunds/refund-amounts.service.js';
import { orderRefunds } from '../refunds.schema.js';
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

/** Units refunded per line. Read here, not through refunds.service, which settles this status after a refund. */
async function refundedUnits(tx: Tx, orderId: string): Promise<Map<string, number>> {
  const rows = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  return refundHistoryOf(rows).quantities;
}

/** Units shipped per line over the given fulfilments. */
function shippedOf(fulfillments: readonly FulfillmentRecord[]): Map<string, number> {
  const shipped = new Map<string, number>();
  for (const fulfillment of fulfillments)
    for (const line of fulfillment.lines)
      shipped.set(line.lineItemId, (shipped.get(line.lineItemId) ?? 0) + line.quantity);
  return shipped;
}

/**
 * Units of each line still to ship: ordered, less shipped, less refunded. A refunded unit is given back
 * (money, and stock when restocked), so it is never sent as well; when a shipped unit is refunded (a
 * return), nothing more is due either, hence the floor at 0.
 */
function unitsLeft(
  order: OrderRecord,
  shipments: readonly FulfillmentRecord[],
  refunded: ReadonlyMap<string, number>,
): Map<string, number> {
  const shipped = shippedOf(shipments);
  return new Map(
    order.lines.map((line) => [
      line.id,
      Math.max(0, line.quantity - (shipped.get(line.id) ?? 0) - (refunded.get(line.id) ?? 0)),
    ]),
  );
}

/** Never more of a line than is left to ship (ordered − shipped − refunded); each line named once. */
function checkedLines(
  order: OrderRecord,
  others: readonly FulfillmentRecord[],
  refunded: ReadonlyMap<string, number>,
  items: readonly LineQuantity[],
) {
  const shipped = shippedOf(others);
  const left = unitsLeft(order, others, refunded);
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
    const max = left.get(line.id) ?? 0;
    const refundedUnits = refunded.get(line.id) ?? 0;
    if (item.quantity > max)
      violations.push({
        field: `${field}.quantity`,
        violatedRule: 'MAX',
        description:
          max > 0
            ? `is more than the ${max} of "${line.name}" left to ship${refundedUnits > 0 ? ` (${refundedUnits} refunded)` : ''}`
            : (shipped.get(line.id) ?? 0) === 0
              ? `"${line.name}" was refunded; there is nothing left to ship`
              : refundedUnits > 0
                ? `"${line.name}" was shipped or refunded in full already`
                : `"${line.name}" was shipped in full already`,
        data: { maxQuantity: max, threshold: max },
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

/** Fulfilled once something was shipped and nothing is left to ship (refunded units are not due). */
function statusOf(
  order: OrderRecord,
  fulfillments: readonly FulfillmentRecord[],
  refunded: ReadonlyMap<string, number>,
): FulfillmentStatus {
  if (fulfillments.every((fulfillment) => fulfillment.lines.every((line) => line.quantity === 0)))
    return 'NOT_FULFILLED';
  const left = [...unitsLeft(order, fulfillments, refunded).values()].reduce((sum, units) => sum + units, 0);
  return left === 0 ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
}

/**
 * Re-derives the order's fulfilment status after a shipment or a refund changed what is left to ship;
 * records `ecom.order.updated` if it moved. The caller holds the order row locked.
 */
export async function settleFulfillmentStatus(
  tx: Tx,
  order: OrderRecord,
  ctx: FulfillmentContext,
): Promise<OrderRecord> {
  const refunded = await refundedUnits(tx, order.id);
  const status = statusOf(order, await listFulfillments(tx, order.id), refunded);
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

/** How long an untracked shipment of the same items counts as the same submission sent twice. */
const UNTRACKED_DUPLICATE_MS = 10 * 60_000;

const sameLines = (a: readonly LineQuantity[], b: readonly LineQuantity[]) => {
  const key = (lines: readonly LineQuantity[]) =>
    lines
      .filter((line) => line.quantity > 0)
      .map((line) => `${line.lineItemId}×${line.quantity}`)
      .sort()
      .join(',');
  return key(a) === key(b);
};

/**
 * A double click or a resubmitted page must not record the same parcel twice: a shipment of the same
 * lines with the same carrier and tracking number is that parcel again. Without a tracking number two
 * parcels of the same items can be real (one a week later), so only a repeat within minutes is refused.
 */
function refuseDuplicate(
  order: OrderRecord,
  existing: readonly FulfillmentRecord[],
  lines: readonly LineQuantity[],
  tracking: TrackingInput,
  now: Date,
): void {
  const twin = existing.find(
    (shipment) =>
      sameLines(shipment.lines, lines) &&
      (shipment.carrier ?? '') === (tracking.shippingProvider ?? '') &&
      (shipment.trackingNumber ?? '') === (tracking.trackingNumber ?? '') &&
      (tracking.trackingNumber || now.getTime() - shipment.createdDate.getTime() < UNTRACKED_DUPLICATE_MS),
  );
  if (!twin) return;
  throw new AppError('DUPLICATE_FULFILLMENT', 'This shipment was recorded already', {
    status: 409,
    description: `This shipment (${describe(order, twin)}) was recorded already on order #${order.number}. Reload the order to see it; to ship more, change the items${tracking.trackingNumber ? ' or the tracking number' : ' or add a tracking number'}.`,
    data: { orderId: order.id, fulfillmentId: twin.id },
  });
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
    const refunded = await refundedUnits(tx, order.id);
    let lines = input.lines;
    if (!lines) {
      // "Mark fulfilled": whatever is left to ship; nothing left is no change.
      lines = [...unitsLeft(order, existing, refunded)]
        .map(([lineItemId, quantity]) => ({ lineItemId, quantity }))
        .filter((line) => line.quantity > 0);
      if (lines.length === 0) return { order, fulfillment: undefined };
    }
    checkedLines(order, existing, refunded, lines);
    refuseDuplicate(order, existing, lines, tracking, ctx.now);
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
    return { order: await settleFulfillmentStatus(tx, order, ctx), fulfillment };
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
      checkedLines(order, others, await refundedUnits(tx, order.id), input.lines);
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
    return settleFulfillmentStatus(tx, order, ctx);
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
    return settleFulfillmentStatus(tx, order, ctx);
  });
}
