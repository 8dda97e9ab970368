// An address form as a country writes it: which parts it has, in its order, what they are called there
// and which are required. Built on the server from Google's address data (address.server.ts) and sent to
// the page as plain data, so the browser switches countries without a request or the data in its bundle;
// the same description checks the submitted address (address.server.ts `addressFormProblems`).

export type AddressPartName = 'addressLine' | 'addressLine2' | 'city' | 'postalCode' | 'subdivision';

export interface AddressPart {
  name: AddressPartName;
  /** As the country calls it: "ZIP code", "Postal code", "PIN code", "State", "Province", "County"… */
  label: string;
  required: boolean;
}

export interface AddressFormat {
  country: string;
  /** The country's name for people. */
  countryName: string;
  /** The parts, in the order the country writes them. */
  parts: AddressPart[];
  /** The country's regions (local code, name) when the form chooses one from a list. */
  regions?: [code: string, name: string][];
  /** A postal code of the country, shown as an example. */
  postalExample?: string;
}

/** A country the store serves: where it delivers, or only has pickup. */
export interface DestinationCountry {
  code: string;
  name: string;
  /** Nothing is delivered there: the shopper collects the order at a pickup location. */
  pickupOnly: boolean;
}

/** Where the checkout can send an order: the countries and each one's address form. */
export interface Destinations {
  countries: DestinationCountry[];
  formats: Record<string, AddressFormat>;
  /** The country the form starts with when the shopper has given none. */
  defaultCountry: string;
  /** The store has a pickup location (the checkout offers "Pick up" next to "Delivery"). */
  pickup: boolean;
}

const AUTOCOMPLETE: Record<AddressPartName, string> = {
  addressLine: 'address-line1',
  addressLine2: 'address-line2',
  city: 'address-level2',
  postalCode: 'postal-code',
  subdivision: 'address-level1',
};

/** The `autocomplete` token of a part (browsers fill the address by it). */
export function autoCompleteOf(part: AddressPartName): string {
  return AUTOCOMPLETE[part];
}

/** Each part the country requires and the address lacks, by part name, in words ("Enter the ZIP code."). */
export function missingAddressParts(
  format: AddressFormat,
  address: Partial<Record<AddressPartName, string>>,
): Partial<Record<AddressPartName, string>> {
  const problems: Partial<Record<AddressPartName, string>> = {};
  for (const part of format.parts) {
    if (!part.required || address[part.name]?.trim()) continue;
    const word = part.name === 'addressLine' ? 'street address' : lowerFirst(part.label);
    problems[part.name] =
      part.name === 'subdivision' && format.regions ? `Choose the ${word}.` : `Enter the ${word}.`;
  }
  return problems;
}

// "ZIP code" and "PIN code" keep their capitals; "Postal code" reads "postal code" mid-sentence.
export function lowerFirst(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}
