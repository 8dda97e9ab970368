// Reading the hosted checkout's forms: addresses and card details, checked before the API sees them so
// that a missing field is named at once, next to its input.

import type { Address, Contact, PaymentChoice } from './checkout.server';

export const ADDRESS_FIELDS = [
  'addressLine',
  'addressLine2',
  'city',
  'postalCode',
  'subdivision',
  'country',
] as const;
export const CONTACT_FIELDS = ['firstName', 'lastName', 'phone'] as const;
const REQUIRED: Record<string, string> = {
  firstName: 'Enter a first name.',
  lastName: 'Enter a last name.',
  addressLine: 'Enter the street address.',
  city: 'Enter the city.',
  postalCode: 'Enter the postal code.',
  country: 'Choose a country.',
};

export interface AddressForm {
  address: Address;
  contactDetails: Contact;
}

/** Reads `prefix.firstName`, `prefix.city`, … and reports each missing required field by input name. */
export function readAddress(form: FormData, prefix: string, errors: Record<string, string>): AddressForm {
  const text = (name: string) => String(form.get(`${prefix}.${name}`) ?? '').trim();
  const address: Address = {};
  const contactDetails: Contact = {};
  for (const name of ADDRESS_FIELDS) {
    const value = text(name);
    if (value) address[name] = value;
  }
  for (const name of CONTACT_FIELDS) {
    const value = text(name);
    if (value) contactDetails[name] = value;
  }
  if (address.country) address.country = address.country.toUpperCase();
  // People type "NY"; the API wants ISO 3166-2 ("US-NY").
  if (address.subdivision && address.country && !address.subdivision.includes('-')) {
    address.subdivision = `${address.country}-${address.subdivision.toUpperCase()}`;
  }
  for (const [name, message] of Object.entries(REQUIRED)) {
    if (!text(name)) errors[`${prefix}.${name}`] = message;
  }
  return { address, contactDetails };
}

/** The API's field path (`checkout.shippingInfo.shippingDestination.address.city`) → our input name. */
export function checkoutFieldFor(apiField: string): string | undefined {
  const last = apiField.split('.').pop() ?? '';
  if (apiField.includes('buyerInfo.email') || last === 'email') return 'email';
  const prefix = apiField.includes('billingInfo')
    ? 'billing'
    : apiField.includes('shipping')
      ? 'shipping'
      : '';
  if (!prefix) return undefined;
  return [...ADDRESS_FIELDS, ...CONTACT_FIELDS].includes(last as never) ? `${prefix}.${last}` : undefined;
}

export function readPayment(form: FormData, errors: Record<string, string>): PaymentChoice | undefined {
  if (form.get('paymentMethod') === 'OFFLINE') return { type: 'OFFLINE' };
  const number = String(form.get('cardNumber') ?? '').replace(/[\s-]/g, '');
  const expiry = String(form.get('cardExpiry') ?? '').trim();
  const cvc = String(form.get('cardCvc') ?? '').trim();
  if (!/^\d{12,19}$/.test(number)) errors.cardNumber = 'Enter the card number (12 to 19 digits).';
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry);
  const month = match ? Number(match[1]) : 0;
  const year = match ? Number(match[2]?.length === 2 ? `20${match[2]}` : match[2]) : 0;
  if (!match || month < 1 || month > 12) errors.cardExpiry = 'Enter the expiry date as MM/YY.';
  if (!/^\d{3,4}$/.test(cvc)) errors.cardCvc = 'Enter the 3 or 4 digit security code.';
  if (errors.cardNumber || errors.cardExpiry || errors.cardCvc) return undefined;
  return { type: 'SANDBOX_CARD', card: { number, expMonth: month, expYear: year, cvc } };
}
