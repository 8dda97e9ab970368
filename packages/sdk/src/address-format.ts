// Printing a postal address the way its country does, for every place that shows one to people: the
// storefront's pages and the server's e-mails import this one function (`@openshelf/sdk/address`), so a
// shopper reads the same address on the thank-you page and in the order e-mail. A subpath of its own: the
// formatter's templates and the country list stay out of the API client's bundle.

import addressFormatter from '@fragaria/address-formatter';
import { allCountries } from 'country-region-data';

/** A postal address as the protocol carries it (only the parts that are printed). */
export interface PrintableAddress {
  country?: string;
  /** ISO 3166-2 ("US-NY") or the region's own code ("NY"). */
  subdivision?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
}

/** Who the address is for: the first line when given. */
export interface PrintableContact {
  firstName?: string;
  lastName?: string;
}

let countries: Map<string, { name: string; regions: readonly [name: string, code: string][] }> | undefined;

function country(code: string) {
  countries ??= new Map(allCountries.map(([name, iso, regions]) => [iso, { name, regions }]));
  return countries.get(code.toUpperCase());
}

/** The country's name for people ("United States"), or the code when it is not a country we know. */
export function countryName(code: string): string {
  return country(code)?.name ?? code;
}

/**
 * The address as its country prints it (OpenCage's templates): "1 Main St / New York, NY 10001 / United
 * States", "Hauptstr. 1 / 10115 Berlin / Germany". The name line comes first when contact details are given.
 */
export function addressLines(address: PrintableAddress | undefined, contact?: PrintableContact): string[] {
  if (!address) return [];
  const countryCode = address.country?.toUpperCase();
  const regionCode = address.subdivision?.includes('-')
    ? address.subdivision.split('-')[1]
    : address.subdivision;
  const region = countryCode
    ? country(countryCode)?.regions.find(([, code]) => code.toUpperCase() === regionCode?.toUpperCase())
    : undefined;
  const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');
  const lines = addressFormatter.format(
    {
      ...(address.addressLine ? { road: address.addressLine } : {}),
      ...(address.city ? { city: address.city } : {}),
      ...(address.postalCode ? { postcode: address.postalCode } : {}),
      ...(region ? { state: region[0] } : {}),
      ...(regionCode ? { stateCode: regionCode } : {}),
      ...(countryCode ? { countryCode } : {}),
    },
    { output: 'array', appendCountry: true },
  );
  // The formatter knows no second address line; it belongs right under the first.
  if (address.addressLine2) lines.splice(address.addressLine ? 1 : 0, 0, address.addressLine2);
  return [...(name ? [name] : []), ...lines];
}
