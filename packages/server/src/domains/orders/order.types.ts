import type {
  AddressWithContact,
  CatalogReference,
  ItemType,
  LineImage,
  PaymentOption,
  ServiceProperties,
  TaxBreakdown,
  Totals,
} from '../pricing/index.js';

export const ORDER_STATUSES = ['APPROVED', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const FULFILLMENT_STATUSES = ['NOT_FULFILLED', 'PARTIALLY_FULFILLED', 'FULFILLED'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

/** An order line, frozen at order creation: later catalog or rule changes never alter it. */
export interface OrderLine {
  id: string;
  quantity: number;
  custom: boolean;
  catalogReference?: CatalogReference;
  productId?: string;
  variantId?: string;
  name: string;
  sku?: string;
  itemType: ItemType;
  weight: number;
  image?: LineImage;
  descriptionLines: { name: string; value: string; colorCode?: string }[];
  unitPriceMinor: number;
  fullUnitPriceMinor: number;
  /** unit price × quantity. */
  subtotalMinor: number;
  discountMinor: number;
  taxMinor: number;
  taxPpm: number;
  taxBreakdown: TaxBreakdown[];
  totalMinor: number;
  paymentOption: PaymentOption;
  membershipId?: string;
  subscription?: {
    planId: string;
    title: string;
    frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
    interval: number;
    billingCycles: number;
    /** ISO 8601, when the buyer chose a later start. */
    startDate?: string;
  };
  digitalFileIds: string[];
  service?: ServiceProperties;
}

/** What the order keeps of the shipping choice. */
export interface OrderShipping {
  destination?: AddressWithContact;
  code?: string;
  title?: string;
  carrierId?: string;
  costMinor: number;
  discountMinor: number;
  deliveryTime?: string;
  /** The delivery slot the buyer chose (ISO 8601), when the rate delivers in slots. */
  deliveryTimeSlot?: { from: string; to: string };
  pickup?: Totals['shipping']['options'][number]['pickup'];
}

/** Totals as the order froze them (the engine's output without per-line data, which is in `lines`). */
export type OrderTotals = Omit<Totals, 'lines' | 'shipping' | 'membershipOptions' | 'violations'>;
