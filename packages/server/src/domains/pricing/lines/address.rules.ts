import { allCountries } from 'country-region-data';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { Violations } from '../../../lib/http/violations.js';
import type { PostalAddress } from './address.types.js';

/*
 * Per-country address rules: postal codes by the country's format (postcode-validator) and subdivisions
 * among the country's ISO 3166-2 regions (country-region-data). The protocol allows partial addresses
 * (a country alone is enough for an estimate), so only values that are present and wrong are refused:
 * a ZIP of "ZZZZZZZZ" or a state of "Narnia" would otherwise match no tax region and make tax silently 0.
 */

type Region = readonly [name: string, code: string];
const REGIONS = new Map<string, readonly Region[]>(
  allCountries.map(([, country, regions]) => [country, regions as readonly Region[]]),
);

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toUpperCase();

/**
 * The country's subdivision as ISO 3166-2 ("US-NY") from what clients send: "US-NY", "NY", "ny" or the
 * region's name ("New York"); undefined when it is none of the country's.
 */
export function subdivisionCode(country: string, subdivision: string): string | undefined {
  const regions = REGIONS.get(country);
  if (!regions) return undefined;
  const wanted = fold(subdivision);
  const local = wanted.startsWith(`${country}-`) ? wanted.slice(country.length + 1) : wanted;
  const region = regions.find(([name, code]) => code.toUpperCase() === local || fold(name) === wanted);
  return region ? `${country}-${region[1].toUpperCase()}` : undefined;
}

/**
 * Checks one address in place (subdivisions are stored as ISO 3166-2 codes) and adds a violation, named by
 * `path` (e.g. `shippingInfo.shippingDestination.address`), for each field that does not fit its country.
 */
export function checkAddress(address: PostalAddress | undefined, path: string, violations: Violations): void {
  if (!address?.country) return;
  const country = address.country.toUpperCase();
  if (!REGIONS.has(country)) {
    violations.push({
      field: `${path}.country`,
      violatedRule: 'FORMAT',
      description: `"${address.country}" is not an ISO 3166-1 country code; send one such as "US" or "DE"`,
    });
    return;
  }
  const postalCode = address.postalCode?.trim();
  if (postalCode && postcodeValidatorExistsForCountry(country) && !postcodeValidator(postalCode, country)) {
    violations.push({
      field: `${path}.postalCode`,
      violatedRule: 'FORMAT',
      description: `"${postalCode}" is not a postal code of ${country}`,
    });
  }
  const subdivision = address.subdivision?.trim();
  // Countries without a region list (e.g. tiny territories) keep what was sent.
  if (subdivision && (REGIONS.get(country)?.length ?? 0) > 0) {
    const code = subdivisionCode(country, subdivision);
    if (code) address.subdivision = code;
    else
      violations.push({
        field: `${path}.subdivision`,
        violatedRule: 'FORMAT',
        description: `"${subdivision}" is not a subdivision of ${country}; send its ISO 3166-2 code, such as "${country}-${REGIONS.get(country)?.[0]?.[1] ?? ''}"`,
      });
  }
}

/** Checks every given address together, so that a client learns of all wrong fields in one reply. */
export function checkAddresses(
  entries: readonly { path: string; address: PostalAddress | undefined }[],
): void {
  const violations = new Violations();
  for (const { path, address } of entries) checkAddress(address, path, violations);
  violations.throwIfAny();
}
