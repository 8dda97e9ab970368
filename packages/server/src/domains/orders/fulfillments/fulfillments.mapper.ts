import type { Static } from 'typebox';
import type { orderFulfillments } from '../fulfillments.schema.js';
import type { FulfillmentOut } from './fulfillments.contract.js';

export function fulfillmentOut(row: typeof orderFulfillments.$inferSelect): Static<typeof FulfillmentOut> {
  const tracking = {
    ...(row.trackingNumber ? { trackingNumber: row.trackingNumber } : {}),
    ...(row.carrier ? { shippingProvider: row.carrier } : {}),
    ...(row.trackingUrl ? { trackingLink: row.trackingUrl } : {}),
  };
  return {
    id: row.id,
    createdDate: row.createdDate,
    updatedDate: row.updatedDate,
    lineItems: row.lines.map((line) => ({ id: line.lineItemId, quantity: line.quantity })),
    ...(Object.keys(tracking).length > 0 ? { trackingInfo: tracking } : {}),
  };
}
