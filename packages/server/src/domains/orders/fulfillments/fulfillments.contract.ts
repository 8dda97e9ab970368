import Type from 'typebox';
import { DateTimeOut } from '../../../lib/http/wire.js';

const LineIn = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100, description: 'The order line' }),
  quantity: Type.Integer({ minimum: 1, maximum: 100_000 }),
});

export const TrackingInfo = Type.Object({
  trackingNumber: Type.Optional(Type.String({ maxLength: 100 })),
  shippingProvider: Type.Optional(Type.String({ maxLength: 100, description: 'The carrier, e.g. "DHL"' })),
  trackingLink: Type.Optional(Type.String({ maxLength: 2048, description: 'An https:// address' })),
});

/** The protocol's Order Fulfillments API shapes. */
export const CreateFulfillmentRequest = Type.Object({
  fulfillment: Type.Object({
    lineItems: Type.Array(LineIn, { minItems: 1, maxItems: 300 }),
    trackingInfo: Type.Optional(TrackingInfo),
  }),
});

export const UpdateFulfillmentRequest = Type.Object({
  fulfillment: Type.Object({
    lineItems: Type.Optional(Type.Array(LineIn, { minItems: 1, maxItems: 300 })),
    trackingInfo: Type.Optional(TrackingInfo),
  }),
});

export const FulfillmentOut = Type.Object({
  id: Type.String(),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
  lineItems: Type.Array(Type.Object({ id: Type.String(), quantity: Type.Integer() })),
  trackingInfo: Type.Optional(TrackingInfo),
});

export const OrderWithFulfillmentsResponse = Type.Object({
  orderWithFulfillments: Type.Object({ orderId: Type.String(), fulfillments: Type.Array(FulfillmentOut) }),
});

export const FulfillmentOrderParams = Type.Object({ orderId: Type.String({ minLength: 1, maxLength: 100 }) });
export const FulfillmentParams = Type.Object({
  orderId: Type.String({ minLength: 1, maxLength: 100 }),
  fulfillmentId: Type.String({ minLength: 1, maxLength: 100 }),
});
