import type { Address, PickupLocation } from '../setup.types.js';

/*
 * Whose checkout offers a pickup location (ADR 047). A merchant sets a pickup counter up for the people
 * who can reach it: by default the buyers of the country it stands in; the merchant may name other
 * destinations instead, in the shipping regions' terms ("US", "US-NY", "*" for everyone).
 */

type OfferedLocation = Pick<PickupLocation, 'address' | 'offeredTo'>;

/** The destinations a location is offered to: the merchant's list, else the location's own country. */
export function pickupDestinations(location: OfferedLocation): string[] {
  if (location.offeredTo.length > 0) return location.offeredTo.map((d) => d.toUpperCase());
  const own = location.address.country?.toUpperCase();
  // A location of no known country (stored before one was required) cannot be placed: offered to all.
  return own ? [own] : ['*'];
}

/**
 * Whether a buyer at this address is offered the location. A buyer who has not said where they are (no
 * country yet, e.g. "store pickup" chosen before any address) is offered every location, to choose from.
 */
export function isPickupOfferedAt(location: OfferedLocation, address: Address | undefined): boolean {
  const country = address?.country?.toUpperCase();
  if (!country) return true;
  const subdivision = address?.subdivision?.toUpperCase();
  return pickupDestinations(location).some(
    (destination) => destination === '*' || destination === country || destination === subdivision,
  );
}

/** The countries a location is offered in (the storefront's country list); "*" for every country. */
export function pickupCountries(location: OfferedLocation): string[] | '*' {
  const destinations = pickupDestinations(location);
  if (destinations.includes('*')) return '*';
  return [...new Set(destinations.map((destination) => destination.slice(0, 2)))];
}
