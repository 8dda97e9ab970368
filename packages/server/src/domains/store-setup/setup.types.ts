/*
 * The store's rules as the totals engine reads them (the merchant admin writes them): shipping, pickup
 * and tax set-up, and a member's memberships. The pricing domain reads these; store-setup owns them.
 */

export type JurisdictionType = 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';
export type TaxableAddressType = 'BUSINESS' | 'BILLING' | 'SHIPPING';
export type PickupMethod = 'STORE_PICKUP' | 'PICKUP_POINT';
export type ChargeType = 'HANDLING_FEE' | 'INSURANCE';
export type WeightUnit = 'KG' | 'LB';

export interface Address {
  country?: string;
  /** ISO 3166-2, e.g. "US-NY". */
  subdivision?: string;
  county?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
}

export interface MembershipInput {
  id: string;
  name: string;
  expirationDate?: Date;
  /** Products this membership pays for. */
  productIds: string[];
  /** Units it can still pay for (absent: unlimited). */
  remainingCredits?: number;
  /** Its lines are MEMBERSHIP_OFFLINE: the merchant redeems them by hand. */
  chargedOffline?: boolean;
}

export interface ShippingRate {
  code: string;
  title: string;
  /** FLAT: `amount`; WEIGHT: `amount` + `perWeightUnit` × total weight; FREE_OVER: free from `freeOverSubtotal`, else `amount`. */
  kind: 'FLAT' | 'WEIGHT' | 'FREE_OVER';
  amount: number;
  perWeightUnit?: number;
  freeOverSubtotal?: number;
  carrierId?: string;
  minDeliveryDays?: number;
  maxDeliveryDays?: number;
  deliveryTimeSlots?: { from: Date; to: Date }[];
}

export interface ShippingRegion {
  id: string;
  name: string;
  /** Countries ("US"), subdivisions ("US-NY") or "*" for everywhere else. */
  destinations: string[];
  rates: ShippingRate[];
}

export interface PickupLocation {
  code: string;
  title: string;
  method: PickupMethod;
  address: Address;
  instructions?: string;
  fee: number;
  /**
   * Whose checkout offers it: buyers whose address is in one of these destinations (countries "US",
   * subdivisions "US-NY", or "*" for everyone). Empty: buyers in the location's own country (ADR 047).
   */
  offeredTo: string[];
}

export interface ExtraCharge {
  type: ChargeType;
  title: string;
  amount?: number;
  /** Rate of the discounted subtotal, in ppm (e.g. insurance 1 %). */
  ppm?: number;
}

export interface ShippingSetup {
  regions: ShippingRegion[];
  pickupLocations: PickupLocation[];
  charges: ExtraCharge[];
}

export interface TaxRate {
  jurisdiction: string;
  jurisdictionType: JurisdictionType;
  ppm: number;
}

export interface TaxRegion {
  country: string;
  subdivision?: string;
  county?: string;
  city?: string;
  rates: TaxRate[];
  taxShipping: boolean;
  /** This region is set to manual rates even when the store uses automatic tax. */
  manual?: boolean;
}

export interface TaxProviderRequest {
  currency: string;
  address: Address;
  lines: { id: string; amount: number; quantity: number; taxable: boolean }[];
  shipping: number;
}

/** An automatic tax service (AUTO_RATE). On failure the engine falls back to the manual regions. */
export interface TaxProvider {
  name: string;
  rates(request: TaxProviderRequest): Promise<{ lines: Record<string, TaxRate[]>; shipping: TaxRate[] }>;
}

export interface TaxSetup {
  calculation: 'NONE' | 'MANUAL' | 'AUTO';
  pricesIncludeTax: boolean;
  taxableAddressType: TaxableAddressType;
  businessAddress?: Address;
  regions: TaxRegion[];
  provider?: TaxProvider;
}
