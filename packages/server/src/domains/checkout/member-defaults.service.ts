import type { DbOrTx } from '../../db/client.js';
import { memberContact, type StoredAddress } from '../identity/index.js';
import type { AddressWithContact, PostalAddress } from '../pricing/index.js';

/**
 * What a member's new checkout starts with when the request does not say: their account's e-mail, and
 * their saved address (the one tagged SHIPPING first) with their name and phone as the delivery contact —
 * so a signed-in shopper does not type again what the store already knows. Nothing is invented: a member
 * without a saved address starts without one.
 */
export async function memberCheckoutDefaults(
  db: DbOrTx,
  memberId: string,
): Promise<{ buyerEmail?: string; shippingDestination?: AddressWithContact }> {
  const member = await memberContact(db, memberId);
  if (!member) return {};
  const [saved] = member.addresses;
  const contactDetails = {
    ...(member.firstName ? { firstName: member.firstName } : {}),
    ...(member.lastName ? { lastName: member.lastName } : {}),
    ...(member.phone ? { phone: member.phone } : {}),
  };
  return {
    buyerEmail: member.email,
    ...(saved?.country ? { shippingDestination: { address: postalAddressOf(saved), contactDetails } } : {}),
  };
}

function postalAddressOf(saved: StoredAddress): PostalAddress {
  const { addressLine1, addressLine2, street, city, subdivision, country, postalCode } = saved;
  return {
    ...(country ? { country } : {}),
    ...(subdivision ? { subdivision } : {}),
    ...(city ? { city } : {}),
    ...(postalCode ? { postalCode } : {}),
    ...(addressLine1 ? { addressLine: addressLine1 } : {}),
    ...(addressLine2 ? { addressLine2 } : {}),
    ...(street ? { streetAddress: street } : {}),
  };
}
