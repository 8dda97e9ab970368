import type { Address } from '../totals/totals.types.js';

/** A postal address as the protocol carries it (spec §3 Address), stored as given. */
export interface PostalAddress {
  country?: string;
  /** ISO 3166-2, e.g. "US-NY". */
  subdivision?: string;
  county?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
  streetAddress?: { name?: string; number?: string; apt?: string };
  /** Non-finite coordinates ("NaN" arrives from clients) are kept as their wire strings. */
  geocode?: { latitude?: number | string; longitude?: number | string };
  formattedAddress?: string;
}

export const VAT_TYPES = ['UNSPECIFIED', 'CPF', 'CNPJ'] as const;

export interface ContactDetails {
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
  vatId?: { id: string; type: (typeof VAT_TYPES)[number] };
}

export interface AddressWithContact {
  address?: PostalAddress;
  contactDetails?: ContactDetails;
}

/** What the totals engine needs of an address (region matching). */
export function toTotalsAddress(address: PostalAddress | undefined): Address | undefined {
  if (!address) return undefined;
  return {
    ...(address.country ? { country: address.country.toUpperCase() } : {}),
    ...(address.subdivision ? { subdivision: normalizeSubdivision(address) } : {}),
    ...(address.county ? { county: address.county } : {}),
    ...(address.city ? { city: address.city } : {}),
    ...(address.postalCode ? { postalCode: address.postalCode } : {}),
    ...(address.addressLine ? { addressLine: address.addressLine } : {}),
    ...(address.addressLine2 ? { addressLine2: address.addressLine2 } : {}),
  };
}

/** "NY" with country "US" → "US-NY": clients send both forms. */
function normalizeSubdivision(address: PostalAddress): string {
  const subdivision = (address.subdivision ?? '').toUpperCase();
  if (subdivision.includes('-') || !address.country) return subdivision;
  return `${address.country.toUpperCase()}-${subdivision}`;
}
