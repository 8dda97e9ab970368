import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ContactData, IdentityHooks, StoredAddress } from '../../identity/index.js';
import { orders } from '../orders.schema.js';

/**
 * Guest buyers are the store's contacts: the newest order placed with an e-mail address and no member
 * account gives the name, phone and billing address a member signing on with that address inherits
 * (sign-on's mergeExistingContact). Returns the function that stops providing them.
 */
export function provideBuyerContacts({ identityHooks }: { identityHooks: IdentityHooks }): () => void {
  return identityHooks.addContactSource(async (db, email) => {
    const [row] = await db
      .select({ billingInfo: orders.billingInfo })
      .from(orders)
      .where(and(eq(sql`lower(${orders.buyerEmail})`, email), isNull(orders.memberId)))
      .orderBy(desc(orders.createdDate))
      .limit(1);
    const contact = row?.billingInfo?.contactDetails;
    const address = row?.billingInfo?.address;
    if (!row) return undefined;
    const data: ContactData = {
      ...(contact?.firstName ? { firstName: contact.firstName } : {}),
      ...(contact?.lastName ? { lastName: contact.lastName } : {}),
      ...(contact?.phone ? { phone: contact.phone } : {}),
    };
    if (address && Object.keys(address).length > 0) {
      const stored: StoredAddress = {
        tag: 'BILLING',
        ...(address.addressLine ? { addressLine1: address.addressLine } : {}),
        ...(address.addressLine2 ? { addressLine2: address.addressLine2 } : {}),
        ...(address.streetAddress ? { street: address.streetAddress } : {}),
        ...(address.city ? { city: address.city } : {}),
        ...(address.subdivision ? { subdivision: address.subdivision } : {}),
        ...(address.country ? { country: address.country } : {}),
        ...(address.postalCode ? { postalCode: address.postalCode } : {}),
      };
      data.address = stored;
    }
    return data;
  });
}
