// Addresses in the shopper's terms: their country's postal code and region rules (the same libraries the
// API checks with, so the form names every problem at once), and printing in the country's own layout.

import { allCountries } from 'country-region-data';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { Address } from './checkout.server';

const COUNTRIES = new Map<string, { name: string; regions: readonly [name: string, code: string][] }>(
  allCountries.map(([name, code, regions]) => [code, { name, regions }]),
);

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toUpperCase();

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

// Printing is shared with the server's e-mails (one function, in the SDK's address subpath).
export { addressLines, countryName } from '@openshelf/sdk/address';
