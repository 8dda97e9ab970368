import { countryName } from '@openshelf/sdk/address';
import { mulDivRound } from '../../../lib/ratio.js';
import { isPickupOfferedAt } from '../../store-setup/index.js';
import type {
  Address,
  ShippingOption,
  ShippingRate,
  ShippingRegion,
  ShippingSetup,
  Violation,
} from './totals.types.js';

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

/**
 * A delivery slot is an option of its own (the protocol identifies options by code only): its code is
 * the rate's code, "@", and the slot as a compact ISO 8601 interval, e.g.
 * `courier@20300101T180000Z/20300101T200000Z` (rate codes never contain "@", so it parses back).
 */
export function slotCode(rateCode: string, slot: { from: Date; to: Date }): string {
  const compact = (date: Date) => date.toISOString().replace(/[-:]|\.\d{3}/g, '');
  return `${rateCode}@${compact(slot.from)}/${compact(slot.to)}`;
}

/** The rate code of a slot option's code; undefined for codes that are not a slot's. */
export function rateCodeOfSlot(code: string): string | undefined {
  const at = code.indexOf('@');
  return at > 0 ? code.slice(0, at) : undefined;
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
  const delivery: ShippingOption[] = (region?.rates ?? []).flatMap((rate) => {
    const option: ShippingOption = {
      code: rate.code,
      title: rate.title,
      carrierId: rate.carrierId ?? 'store',
      cost: rateCost(rate, input.discountedSubtotal, input.totalWeight),
      ...(deliveryTime(rate) ? { deliveryTime: deliveryTime(rate) } : {}),
    };
    if (!rate.deliveryTimeSlots?.length) return [option];
    // A rate with slots delivers only in them: each slot still ahead is an option; none left, no option.
    return rate.deliveryTimeSlots
      .filter((slot) => slot.from > input.now)
      .map((slot) => ({ ...option, code: slotCode(rate.code, slot), deliveryTimeSlot: slot }));
  });
  // A pickup is offered to the buyers it is set up for (by default those of its own country, ADR 047).
  const offeredPickups = setup.pickupLocations.filter((location) =>
    isPickupOfferedAt(location, input.address),
  );
  const pickup: ShippingOption[] = offeredPickups.map((location) => ({
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
  }
  let selected = input.selectedCode
    ? options.find((option) => option.code === input.selectedCode)
    : undefined;
  if (input.selectedCode && !selected) {
    const slotRate = rateCodeOfSlot(input.selectedCode);
    const rateHasSlots = region?.rates.some(
      (rate) => rate.code === input.selectedCode && (rate.deliveryTimeSlots?.length ?? 0) > 0,
    );
    if (rateHasSlots) {
      // A client that chose the rate itself (by its plain code) gets its earliest slot still ahead.
      selected = options.find((option) => rateCodeOfSlot(option.code) === input.selectedCode);
    }
    if (!selected && slotRate !== undefined) {
      // The buyer chose a delivery time: never replace it silently with another one.
      violations.push({
        severity: 'ERROR',
        code: 'DELIVERY_SLOT_UNAVAILABLE',
        description:
          'The delivery time you chose is no longer available; choose another delivery time or shipping option.',
      });
    } else if (!selected) {
      violations.push({
        severity: 'WARNING',
        code: 'SHIPPING_OPTION_UNAVAILABLE',
        description: `Shipping option "${input.selectedCode}" is not available for this address; the cheapest delivery was chosen.`,
      });
    }
  }
  selected ??= cheapest(delivery) ?? cheapest(pickup);
  // An address nowhere delivered to is a dead end only for delivery: a buyer who chose to collect the
  // order may give any address (or none). A pickup picked for them is no such choice.
  const chosePickup = Boolean(selected?.pickup) && selected?.code === input.selectedCode;
  if (input.address?.country && !region && !chosePickup) {
    violations.push({
      severity: 'ERROR',
      code: 'SHIPPING_DESTINATION_NOT_SERVED',
      description: notServedWords(setup.regions, input.address, pickup.length > 0),
    });
  }
  return {
    required: true,
    ...(region ? { regionId: region.id } : {}),
    options,
    ...(selected ? { selected } : {}),
    violations,
  };
}

/** Why nothing can be delivered to the address, in the shopper's words (no raw codes), and what to do. */
function notServedWords(regions: ShippingRegion[], address: Address, hasPickup: boolean): string {
  const country = address.country?.toUpperCase() ?? '';
  // Only some of the country's regions are served: name the country, saying it is this part of it.
  const partly = regions.some((region) =>
    region.destinations.some((d) => d.toUpperCase().startsWith(`${country}-`)),
  );
  const place = partly ? `this part of ${countryName(country)}` : countryName(country);
  const next = hasPickup
    ? 'Choose store pickup below, or enter an address in a country we deliver to.'
    : 'Enter an address in a country we deliver to.';
  return `We do not deliver to ${place}. ${next}`;
}

function cheapest(options: ShippingOption[]): ShippingOption | undefined {
  return options.reduce<ShippingOption | undefined>(
    (best, option) => (best && best.cost <= option.cost ? best : option),
    undefined,
  );
}
