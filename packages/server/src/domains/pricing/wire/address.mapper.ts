import type { Static } from 'typebox';
import { toWireFloat } from '../../../lib/http/wire.js';
import type { AddressWithContact, ContactDetails, PostalAddress } from '../lines/address.types.js';
import type {
  AddressIn,
  AddressOut,
  AddressWithContactIn,
  AddressWithContactOut,
  ContactDetailsIn,
} from './common.contract.js';

/** A request address as stored; non-finite coordinates ("NaN" arrives) keep their wire strings. */
export function addressIn(address: Static<typeof AddressIn> | undefined): PostalAddress | undefined {
  if (!address) return undefined;
  const { geocode, country, subdivision, ...rest } = address;
  const out: PostalAddress = { ...rest };
  if (country) out.country = country.toUpperCase();
  if (subdivision) out.subdivision = subdivision.toUpperCase();
  if (geocode && (geocode.latitude !== undefined || geocode.longitude !== undefined)) {
    out.geocode = {
      ...(geocode.latitude !== undefined ? { latitude: toWireFloat(geocode.latitude) } : {}),
      ...(geocode.longitude !== undefined ? { longitude: toWireFloat(geocode.longitude) } : {}),
    };
  }
  return out;
}

export function contactIn(contact: Static<typeof ContactDetailsIn> | undefined): ContactDetails | undefined {
  if (!contact) return undefined;
  const { vatId, ...rest } = contact;
  return { ...rest, ...(vatId ? { vatId: { id: vatId.id, type: vatId.type ?? 'UNSPECIFIED' } } : {}) };
}

export function addressWithContactIn(
  value: Static<typeof AddressWithContactIn> | undefined,
): AddressWithContact | undefined {
  if (!value) return undefined;
  const address = addressIn(value.address);
  const contactDetails = contactIn(value.contactDetails);
  return { ...(address ? { address } : {}), ...(contactDetails ? { contactDetails } : {}) };
}

export function addressOut(address: PostalAddress | undefined): Static<typeof AddressOut> | undefined {
  return address ? { ...address } : undefined;
}

export function addressWithContactOut(
  value: AddressWithContact | null | undefined,
): Static<typeof AddressWithContactOut> | undefined {
  if (!value) return undefined;
  return {
    ...(value.address ? { address: { ...value.address } } : {}),
    ...(value.contactDetails ? { contactDetails: { ...value.contactDetails } } : {}),
  };
}
