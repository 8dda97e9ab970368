import { mulDivRound } from '../../../lib/ratio.js';
import type {
  Address,
  ShippingOption,
  ShippingRate,
  ShippingRegion,
  ShippingSetup,
  Violation,
} from './types.js';

// Weights are carried in thousandths of the store's unit so per-weight rates stay in integer arithmetic.
const WEIGHT_SCALE = 1000;

/** The region for an address: a subdivision match beats a country match, which beats "*". */
export function findShippingRegion(
  regions: ShippingRegion[],
  address: Address | undefined,
): ShippingRegion | undefined {
  if (!address?.country) return undefined;
  const country = address.country.toUpperCase();
  const subdivision = address.subdivision?.toUpperCase();
  return (
    (subdivision
      ? regions.find((region) => region.destinations.some((d) => d.toUpperCase() === subdivision))
      : undefined) ??
    regions.find((region) => region.destinations.some((d) => d.toUpperCase() === country)) ??
    regions.find((region) => region.destinations.includes('*'))
  );
}

export function rateCost(rate: ShippingRate, discountedSubtotal: number, totalWeight: number): number {
  switch (rate.kind) {
    case 'FLAT':
      return rate.amount;
    case 'WEIGHT':
      return (
        rate.amount +
        mulDivRound(rate.perWeightUnit ?? 0, Math.round(totalWeight * WEIGHT_SCALE), WEIGHT_SCALE)
      );
    case 'FREE_OVER':
      return rate.freeOverSubtotal !== undefined && discountedSubtotal >= rate.freeOverSubtotal
        ? 0
        : rate.amount;
  }
}

function deliveryTime(rate: ShippingRate): string | undefined {
  if (rate.minDeliveryDays === undefined && rate.maxDeliveryDays === undefined) return undefined;
  const min = rate.minDeliveryDays ?? rate.maxDeliveryDays;
  const max = rate.maxDeliveryDays ?? rate.minDeliveryDays;
  return min === max ? `${min} business days` : `${min}-${max} business days`;
}

export interface ShippingOutcome {
  required: boolean;
  regionId?: string;
  options: ShippingOption[];
  selected?: ShippingOption;
  violations: Violation[];
}

/**
 * Delivery and pickup options for the cart, and the chosen one: the buyer's choice if offered, else the
 * cheapest delivery (a buyer who gave an address expects it to be used; a free pickup is never picked
 * for them), else the cheapest pickup. Nothing is needed when no line is shippable.
 */
export function shippingOptionsFor(
  setup: ShippingSetup,
  input: {
    required: boolean;
    address?: Address;
    selectedCode?: string;
    discountedSubtotal: number;
    totalWeight: number;
    now: Date;
  },
): ShippingOutcome {
  if (!input.required) return { required: false, options: [], violations: [] };
  const violations: Violation[] = [];
  const region = findShippingRegion(setup.regions, input.address);
  const delivery: ShippingOption[] = (region?.rates ?? []).map((rate) => ({
    code: rate.code,
    title: rate.title,
    carrierId: rate.carrierId ?? 'store',
    cost: rateCost(rate, input.discountedSubtotal, input.totalWeight),
    ...(deliveryTime(rate) ? { deliveryTime: deliveryTime(rate) } : {}),
    ...(rate.deliveryTimeSlots
      ? { deliveryTimeSlots: rate.deliveryTimeSlots.filter((slot) => slot.from > input.now) }
      : {}),
  }));
  const pickup: ShippingOption[] = setup.pickupLocations.map((location) => ({
    code: location.code,
    title: location.title,
    carrierId: 'pickup',
    cost: location.fee,
    pickup: {
      method: location.method,
      address: location.address,
      ...(location.instructions ? { instructions: location.instructions } : {}),
    },
  }));
  const options = [...delivery, ...pickup];
  if (!input.address?.country && delivery.length === 0) {
    violations.push({
      severity: 'WARNING',
      code: 'SHIPPING_ADDRESS_REQUIRED',
      description: 'Add a shipping address to see delivery options and costs.',
    });
  } else if (input.address?.country && !region) {
    violations.push({
      severity: 'ERROR',
      code: 'SHIPPING_DESTINATION_NOT_SERVED',
      description: `This store does not ship to ${input.address.subdivision ?? input.address.country}${pickup.length ? '; choose store pickup instead' : ''}.`,
    });
  }
  let selected = input.selectedCode
    ? options.find((option) => option.code === input.selectedCode)
    : undefined;
  if (input.selectedCode && !selected) {
    violations.push({
      severity: 'WARNING',
      code: 'SHIPPING_OPTION_UNAVAILABLE',
      description: `Shipping option "${input.selectedCode}" is not available for this address; the cheapest delivery was chosen.`,
    });
  }
  selected ??= cheapest(delivery) ?? cheapest(pickup);
  return {
    required: true,
    ...(region ? { regionId: region.id } : {}),
    options,
    ...(selected ? { selected } : {}),
    violations,
  };
}

function cheapest(options: ShippingOption[]): ShippingOption | undefined {
  return options.reduce<ShippingOption | undefined>(
    (best, option) => (best && best.cost <= option.cost ? best : option),
    undefined,
  );
}
