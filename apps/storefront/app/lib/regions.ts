// Countries and their states or provinces by name, for the admin's pickers: the merchant chooses "Canada"
// or "Alaska" and the form sends the codes the API stores ("CA", "US-AK"). The same list the API checks
// addresses with (country-region-data), so every choice offered is one the server accepts.

import { allCountries } from 'country-region-data';

export interface Choice {
  value: string;
  label: string;
}

/** The API's pattern for a subdivision's own part ("NY" of "US-NY"). */
const REGION_PART = /^[A-Za-z0-9]{1,3}$/;

type Country = { name: string; regions: Choice[] };

let countries: Map<string, Country> | undefined;

function table(): Map<string, Country> {
  countries ??= new Map(
    allCountries.map(([name, code, regions]) => {
      const choices: Choice[] = [];
      for (const [regionName, regionCode] of regions) {
        // The list writes a few codes with the country again ("DK-84") and leaves some out (Cook Islands):
        // offered are only those the API can store as ISO 3166-2.
        const part =
          typeof regionCode === 'string' ? regionCode.replace(new RegExp(`^${code}-`), '') : undefined;
        if (part && REGION_PART.test(part)) choices.push({ value: `${code}-${part}`, label: regionName });
      }
      return [code, { name, regions: choices }];
    }),
  );
  return countries;
}

/** Every country, by name in alphabetical order, valued by its ISO code. */
export function countryChoices(): Choice[] {
  return [...table()]
    .map(([value, { name }]) => ({ value, label: name }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** The country's states or provinces by name, valued as ISO 3166-2 ("US-NY"); none when it has none. */
export function regionChoices(country: string | undefined): Choice[] {
  if (!country) return [];
  return [...(table().get(country.toUpperCase())?.regions ?? [])].sort((a, b) =>
    a.label.localeCompare(b.label, 'en'),
  );
}

/** The country's name ("Canada"), or the code when it is not one we know. */
export function countryLabel(code: string): string {
  return table().get(code.toUpperCase())?.name ?? code;
}

/** A state or province's name ("New York" for "US-NY"), or the code when it is not one we know. */
export function regionLabel(code: string): string {
  const upper = code.toUpperCase();
  return regionChoices(upper.split('-')[0]).find((choice) => choice.value === upper)?.label ?? code;
}

/**
 * A shipping destination for people: "Canada", "Alaska (United States)", "Everywhere else" for `*`.
 * A code we do not know is shown as stored.
 */
export function destinationLabel(code: string): string {
  if (code === '*') return 'Everywhere else';
  const [country = '', part] = code.toUpperCase().split('-');
  if (!part) return countryLabel(country);
  const region = regionLabel(code);
  return region === code ? code : `${region} (${countryLabel(country)})`;
}

/** A state as ISO 3166-2 ("US-NY"), from that or its own code in the country ("NY"). */
export function fullRegionCode(country: string, region: string): string {
  const upper = region.trim().toUpperCase();
  return upper.includes('-') ? upper : `${country.toUpperCase()}-${upper}`;
}

/**
 * The state or province in a form, checked against its country: the ISO 3166-2 code when it is in the
 * country, else the words for the merchant (it belongs to another country, e.g. after changing the
 * country without JavaScript, which cannot refresh the list).
 */
export function regionOfCountry(
  country: string,
  region: string,
): { code: string } | { problem: string } | undefined {
  if (!region) return undefined;
  const code = fullRegionCode(country, region);
  // One of the country's (a code saved before that the list lacks is kept: the API judges it).
  if (code.startsWith(`${country.toUpperCase()}-`)) return { code };
  const choices = regionChoices(country);
  return {
    problem:
      choices.length > 0
        ? `Choose a state or province of ${countryLabel(country)}: the list now shows its own.`
        : `${countryLabel(country)} has no states or provinces to choose: leave it empty.`,
  };
}
