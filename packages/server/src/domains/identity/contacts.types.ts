import type { StoredAddress } from './identity.schema.js';

/**
 * A "contact": what the store already knows about someone by their e-mail address without a member
 * account (a guest's checkout details). sign-on's `mergeExistingContact` (default true) links a new member
 * to it: the member inherits these details where the sign-on's profile says nothing. Other domains provide
 * them through IdentityHooks (the orders domain: the newest guest order's billing details), so identity does
 * not read their tables.
 */
export interface ContactData {
  firstName?: string;
  lastName?: string;
  phone?: string;
  address?: StoredAddress;
}
