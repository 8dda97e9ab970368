// Reading the hosted checkout's forms with their schemas (routes/shop/checkout.schema.ts, which the page
// also checks in the browser), then shaping what was read as the API takes it.

import { detailsSchema, paymentSchema } from '../routes/shop/checkout.schema';
import { addressFormProblems, countryName, regionCode } from './address.server';
import type { Destinations } from './address-format';
import { CARD_WORDS, checkCard } from './card-check';
import { cardNumberCheck } from './card-number.server';
import type { Address, Contact, PaymentChoice } from './checkout.server';
import type { FormErrors } from './forms/form-errors';
import { readForm } from './forms/read-form';

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

type Refused = { value?: undefined; errors: FormErrors; values: Record<string, string> };
type Read<T> = { value: T; errors?: undefined } | Refused;

export interface Details {
  email: string;
  /** The shopper collects the order: `shipping` holds only who collects it. */
  pickup: boolean;
  shipping?: AddressForm;
  billing?: AddressForm;
}

/** The parts given (blank ones left out), the region as ISO 3166-2 ("US-NY") as the API stores it. */
function toApi(typed: Record<string, string>): AddressForm {
  const contactDetails: Contact = {};
  for (const name of CONTACT_FIELDS) if (typed[name]) contactDetails[name] = typed[name];
  const address: Address = {};
  for (const name of ADDRESS_FIELDS) if (typed[name]) address[name] = typed[name];
  // The form sends the region's own code ("NY"); people may type a name.
  const region = address.country && address.subdivision && regionCode(address.country, address.subdivision);
  if (region) address.subdivision = region;
  return { address, contactDetails };
}

/**
 * Step 1 (contact and delivery): each part the chosen country requires and is missing or does not fit
 * (its own form, as the page showed it) is named at its input; a country the store does not serve is
 * refused by name.
 */
export function readDetails(form: FormData, destinations: Destinations): Read<Details> {
  const read = readForm(form, (data) =>
    detailsSchema(data, { destinations, addressProblems: addressFormProblems, countryName }),
  );
  if (read.errors) return read;
  const { email, shipping, billing } = read.value as {
    email: string;
    shipping?: Record<string, string>;
    billing?: Record<string, string>;
  };
  const pickup = form.get('shippable') === '1' && form.get('receive') === 'pickup';
  const delivery = shipping ? toApi(shipping) : undefined;
  return {
    value: {
      email,
      pickup,
      ...(delivery
        ? { shipping: pickup ? { address: {}, contactDetails: delivery.contactDetails } : delivery }
        : {}),
      ...(billing ? { billing: toApi(billing) } : !pickup && delivery ? { billing: delivery } : {}),
    },
  };
}

/** The card's details, each problem named at its field (all of them at once), or the offline choice. */
export function readPayment(form: FormData, now = new Date()): Read<PaymentChoice> {
  const read = readForm(
    form,
    paymentSchema(() => now),
  );
  if (read.errors) return read;
  if (read.value.paymentMethod === 'OFFLINE') return { value: { type: 'OFFLINE' } };
  return { value: { type: 'SANDBOX_CARD', card: checkCard(read.value, now, cardNumberCheck).card } };
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
  ...CARD_WORDS,
  email: 'Enter a valid e-mail address, such as name@example.com.',
};
