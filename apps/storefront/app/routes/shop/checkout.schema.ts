/**
 * The hosted checkout's forms as schemas (lib/forms/schema-parts.ts), read by its action and checked in
 * the browser with the same code. The contact and delivery form's schema follows what was sent: the
 * chosen country's address form (its required parts, Destinations' formats), delivery or pickup, and
 * whether the billing address is the delivery one.
 */
import * as z from 'zod/mini';
import {
  type AddressFormat,
  type AddressPartName,
  type Destinations,
  missingAddressParts,
} from '../../lib/address-format';
import { type CardNumberCheck, checkCard, luhnCheck } from '../../lib/card-check';
import { asTyped, optionalText, secret, text } from '../../lib/forms/schema-parts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ADDRESS_PARTS = ['addressLine', 'addressLine2', 'city', 'postalCode', 'subdivision'] as const;

export interface DetailsOptions {
  destinations: Destinations;
  /**
   * An address's problems beyond the missing parts: on the server, the postal code and region checks
   * (address.server.ts `addressFormProblems`, which includes the missing parts); the browser has only those.
   */
  addressProblems?: (format: AddressFormat, address: Partial<Record<AddressPartName, string>>) => object;
  /** A country's name for a refusal of one the store does not serve (the server knows them all). */
  countryName?: (code: string) => string;
}

// Inputs a form does not have (a section left out) are read as an empty one, then refused part by part.
const orEmpty = <T extends z.ZodMiniType<unknown, object>>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => value ?? {}),
    schema,
  );

type Problem = (name: string, message: string) => void;

const CONTACT_PARTS = { firstName: optionalText(), lastName: optionalText(), phone: optionalText() };

// Every part is read as text and checked in one place, so that all problems are named at once (zod skips an
// object's own checks when one of its parts is refused).
function checkContact(contact: { firstName: string; lastName: string }, problem: Problem) {
  if (!contact.firstName) problem('firstName', 'Enter a first name.');
  if (!contact.lastName) problem('lastName', 'Enter a last name.');
}

/** Who collects a pickup order: a name (required) and a phone (optional). */
const contactSchema = () =>
  z
    .object(CONTACT_PARTS)
    .check(
      z.superRefine((contact, ctx) =>
        checkContact(contact, (name, message) =>
          ctx.addIssue({ code: 'custom', path: [name], message, input: contact }),
        ),
      ),
    );

const ADDRESS_SHAPE = {
  ...CONTACT_PARTS,
  country: z.pipe(
    optionalText(),
    z.transform((code) => code.toUpperCase()),
  ),
  addressLine: optionalText(),
  addressLine2: optionalText(),
  city: optionalText(),
  postalCode: optionalText(),
  subdivision: optionalText(),
};

/** Who receives the order and where: a name, the country (one the store serves), its required parts. */
function addressSchema({
  destinations,
  addressProblems = missingAddressParts,
  countryName = (code) => destinations.countries.find((c) => c.code === code)?.name ?? code,
}: DetailsOptions) {
  return z.object(ADDRESS_SHAPE).check(
    z.superRefine((address, ctx) => {
      const problem: Problem = (name, message) =>
        ctx.addIssue({ code: 'custom', path: [name], message, input: address });
      checkContact(address, problem);
      if (!address.country) return problem('country', 'Choose a country.');
      const format = destinations.formats[address.country];
      if (!format) {
        const name = countryName(address.country);
        return problem('country', `We do not deliver to ${name}. Choose one of the countries in the list.`);
      }
      for (const [name, message] of Object.entries(addressProblems(format, address)))
        if (typeof message === 'string') problem(name, message);
    }),
  );
}

const email = () =>
  optionalText().check(
    z.superRefine((value, ctx) => {
      const message = !value
        ? 'Enter your e-mail address; we send the receipt there.'
        : EMAIL_PATTERN.test(value)
          ? undefined
          : 'Enter a valid e-mail address, such as name@example.com.';
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    }),
  );

/**
 * Step 1: the e-mail, then for a delivery the address (and the billing one unless it is the same), for a
 * pickup only who collects it; a checkout with nothing to ship asks for the billing address alone.
 */
export function detailsSchema(formData: FormData, options: DetailsOptions) {
  const shippable = formData.get('shippable') === '1';
  const pickup = shippable && formData.get('receive') === 'pickup';
  const billingSame = shippable && formData.get('billingSame') === 'on';
  const address = orEmpty(addressSchema(options));
  return z.object({
    email: email(),
    shipping: pickup ? orEmpty(contactSchema()) : shippable ? address : z.optional(z.unknown()),
    billing: pickup || billingSame ? z.optional(z.unknown()) : address,
  });
}

/** The last step: the offline choice, or the sandbox card's three fields (lib/card-check.ts). */
export function paymentSchema(now = () => new Date(), checkNumber: CardNumberCheck = luhnCheck) {
  return z
    .object({
      paymentMethod: optionalText(),
      cardNumber: secret(asTyped()),
      cardExpiry: secret(asTyped()),
      cardCvc: secret(asTyped()),
    })
    .check(
      z.superRefine((typed, ctx) => {
        if (typed.paymentMethod === 'OFFLINE') return;
        for (const [name, message] of Object.entries(checkCard(typed, now(), checkNumber).problems))
          ctx.addIssue({ code: 'custom', path: [name], message, input: typed });
      }),
    );
}

/** A code typed into the coupon or gift card form. */
export const codeSchema = (name: 'couponCode' | 'giftCardCode') =>
  z.object({
    [name]: text(name === 'couponCode' ? 'Enter a coupon code.' : 'Enter the gift card code.'),
  } as Record<typeof name, ReturnType<typeof text>>);
