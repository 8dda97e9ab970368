// Addresses in the shopper's terms: their country's postal code and region rules (the same libraries the
// API checks with, so the form names every problem at once), and printing in the country's own layout.

import addressFormatter from '@fragaria/address-formatter';
import { allCountries } from 'country-region-data';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { Address, Contact } from './checkout.server';

const COUNTRIES = new Map<string, { name: string; regions: readonly [name: string, code: string][] }>(
  allCountries.map(([name, code, regions]) => [code, { name, regions }]),
);

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toUpperCase();

/** The country's name for people ("United States"), or the code when it is not a country we know. */
export function countryName(code: string): string {
  return COUNTRIES.get(code.toUpperCase())?.name ?? code;
}

/** What a country calls its postal code: Americans write a "ZIP code". */
export function postalCodeWord(country: string | undefined): string {
  return country === 'US' ? 'ZIP code' : 'postal code';
}

/** A region of the country as ISO 3166-2 ("US-MA") from its name or code as typed ("Massachusetts", "ma"). */
export function regionCode(country: string, typed: string): string | undefined {
  const regions = COUNTRIES.get(country.toUpperCase())?.regions ?? [];
  const wanted = folded(typed);
  const local = wanted.startsWith(`${country}-`) ? wanted.slice(country.length + 1) : wanted;
  const region = regions.find(([name, code]) => code.toUpperCase() === local || folded(name) === wanted);
  return region ? `${country.toUpperCase()}-${region[1].toUpperCase()}` : undefined;
}

/**
 * The postal code and region that do not fit the address's country, worded for the shopper, keyed by
 * the address field. Missing values are not problems here (the form's required fields say so).
 */
export function addressProblems(address: Address): Partial<Record<'postalCode' | 'subdivision', string>> {
  const country = address.country?.toUpperCase();
  const known = country ? COUNTRIES.get(country) : undefined;
  if (!country || !known) return {};
  const problems: Partial<Record<'postalCode' | 'subdivision', string>> = {};
  const postalCode = address.postalCode?.trim();
  if (postalCode && postcodeValidatorExistsForCountry(country) && !postcodeValidator(postalCode, country)) {
    problems.postalCode = `“${postalCode}” is not a ${postalCodeWord(country)} in ${known.name}. Check it and try again.`;
  }
  const region = address.subdivision?.trim();
  if (region && known.regions.length > 0 && !regionCode(country, region)) {
    const [exampleName, exampleCode] = known.regions[0] ?? ['', ''];
    problems.subdivision = `“${region}” is not a state or region of ${known.name}. Enter its name or code, such as ${exampleName} or ${exampleCode}.`;
  }
  return problems;
}

/**
 * The address as its country prints it (OpenCage's templates): "1 Main St / New York, NY 10001 / United
 * States", "Hauptstr. 1 / 10115 Berlin / Germany". The name line comes first when contact details are given.
 */
export function addressLines(address: Address | undefined, contact?: Contact): string[] {
  if (!address) return [];
  const country = address.country?.toUpperCase();
  const regionCode = address.subdivision?.includes('-')
    ? address.subdivision.split('-')[1]
    : address.subdivision;
  const region = country
    ? COUNTRIES.get(country)?.regions.find(([, code]) => code.toUpperCase() === regionCode?.toUpperCase())
    : undefined;
  const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');
  const lines = addressFormatter.format(
    {
      ...(address.addressLine ? { road: address.addressLine } : {}),
      ...(address.city ? { city: address.city } : {}),
      ...(address.postalCode ? { postcode: address.postalCode } : {}),
      ...(region ? { state: region[0] } : {}),
      ...(regionCode ? { stateCode: regionCode } : {}),
      ...(country ? { countryCode: country } : {}),
    },
    { output: 'array', appendCountry: true },
  );
  // The formatter knows no second address line; it belongs right under the first.
  if (address.addressLine2) lines.splice(address.addressLine ? 1 : 0, 0, address.addressLine2);
  return [...(name ? [name] : []), ...lines];
}
