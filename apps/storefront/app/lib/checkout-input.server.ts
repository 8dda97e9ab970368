// Reading the hosted checkout's forms: addresses and card details, checked before the API sees them so
// that a missing field is named at once, next to its input.

import cardValidator from 'card-validator';
import { addressFormat, addressFormProblems, countryName, regionCode } from './address.server';
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
export interface AddressForm {
  address: Address;
  contactDetails: Contact;
}

/**
 * Reads `prefix.firstName`, `prefix.city`, … and reports, by input name, each part the address's country
 * requires and is missing or does not fit (the country's own form, as the page showed it). `countries`:
 * the ones the store serves; another is refused in words.
 */
export async function readAddress(
  form: FormData,
  prefix: string,
  errors: Record<string, string>,
  countries: readonly string[],
): Promise<AddressForm> {
  const contactDetails = readContact(form, prefix, errors);
  const text = (name: string) => String(form.get(`${prefix}.${name}`) ?? '').trim();
  const address: Address = {};
  for (const name of ADDRESS_FIELDS) {
    const value = text(name);
    if (value) address[name] = value;
  }
  const country = address.country?.toUpperCase();
  if (!country) {
    errors[`${prefix}.country`] = 'Choose a country.';
    return { address, contactDetails };
  }
  address.country = country;
  if (!countries.includes(country)) {
    errors[`${prefix}.country`] =
      `We do not deliver to ${countryName(country)}. Choose one of the countries in the list.`;
    return { address, contactDetails };
  }
  for (const [name, message] of Object.entries(addressFormProblems(await addressFormat(country), address)))
    errors[`${prefix}.${name}`] ??= message;
  // The form sends the region's own code ("NY"); people may type a name. The API wants ISO 3166-2 ("US-NY").
  const region = address.subdivision ? regionCode(country, address.subdivision) : undefined;
  if (region) address.subdivision = region;
  return { address, contactDetails };
}

/** The name (required) and phone (optional) of whoever receives or collects the order. */
export function readContact(form: FormData, prefix: string, errors: Record<string, string>): Contact {
  const contactDetails: Contact = {};
  for (const name of CONTACT_FIELDS) {
    const value = String(form.get(`${prefix}.${name}`) ?? '').trim();
    if (value) contactDetails[name] = value;
  }
  if (!contactDetails.firstName) errors[`${prefix}.firstName`] = 'Enter a first name.';
  if (!contactDetails.lastName) errors[`${prefix}.lastName`] = 'Enter a last name.';
  return contactDetails;
}

const CARD_FIELDS: Record<string, string> = {
  number: 'cardNumber',
  expMonth: 'cardExpiry',
  expYear: 'cardExpiry',
  cvc: 'cardCvc',
};

/** The API's field path (`checkout.shippingInfo.shippingDestination.address.city`) → our input name. */
export function checkoutFieldFor(apiField: string): string | undefined {
  const last = apiField.split('.').pop() ?? '';
  if (apiField.includes('buyerInfo.email') || last === 'email') return 'email';
  if (apiField.startsWith('paymentMethod.card.')) return CARD_FIELDS[last];
  const prefix = apiField.includes('billingInfo')
    ? 'billing'
    : apiField.includes('shipping')
      ? 'shipping'
      : '';
  if (!prefix) return undefined;
  return [...ADDRESS_FIELDS, ...CONTACT_FIELDS].includes(last as never) ? `${prefix}.${last}` : undefined;
}

/** What the shopper reads when the API refuses a field the form had already checked (its words are for apps). */
export const CHECKOUT_FIELD_WORDS: Record<string, string> = {
  cardNumber: 'This card number is not valid. Check the digits and try again.',
  cardExpiry: 'This card has expired. Use another card.',
  cardCvc: 'Enter the 3 or 4 digit security code from the back of the card.',
  email: 'Enter a valid e-mail address, such as name@example.com.',
};

/** The card's details, each problem named at its field (all of them at once), or the offline choice. */
export function readPayment(
  form: FormData,
  errors: Record<string, string>,
  now = new Date(),
): PaymentChoice | undefined {
  if (form.get('paymentMethod') === 'OFFLINE') return { type: 'OFFLINE' };
  const number = String(form.get('cardNumber') ?? '').replace(/[\s-]/g, '');
  const expiry = String(form.get('cardExpiry') ?? '').trim();
  const cvc = String(form.get('cardCvc') ?? '').trim();
  const card = cardValidator.number(number);
  if (!number) errors.cardNumber = 'Enter the card number.';
  else if (!card.isValid) errors.cardNumber = CHECKOUT_FIELD_WORDS.cardNumber as string;
  // "1230", "12/30", "12 / 30" and "12/2030" all say December 2030. card-validator reads dates ahead;
  // a past one it leaves unread, so the digits are read here to say "expired" rather than "wrong".
  const parsed = cardValidator.expirationDate(expiry);
  const digits = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(expiry);
  const month = Number(parsed.month ?? digits?.[1] ?? 0);
  const year = Number(parsed.year ?? digits?.[2] ?? 0);
  const fullYear = year < 100 ? 2000 + year : year;
  if (!expiry) errors.cardExpiry = 'Enter the expiry date as MM / YY.';
  else if (month < 1 || month > 12 || !year)
    errors.cardExpiry = 'Enter the expiry date as MM / YY, such as 08 / 29.';
  // A card is good through the last day of its expiry month (as the payment provider counts it).
  else if (new Date(Date.UTC(fullYear, month, 1)) <= now)
    errors.cardExpiry = CHECKOUT_FIELD_WORDS.cardExpiry as string;
  const cvcLength = card.card?.code.size;
  if (!/^\d{3,4}$/.test(cvc) || (cvcLength !== undefined && cvc.length !== cvcLength)) {
    errors.cardCvc = cvcLength
      ? `Enter the ${cvcLength} digit security code from the card.`
      : (CHECKOUT_FIELD_WORDS.cardCvc as string);
  }
  if (errors.cardNumber || errors.cardExpiry || errors.cardCvc) return undefined;
  return { type: 'SANDBOX_CARD', card: { number, expMonth: month, expYear: fullYear, cvc } };
}
