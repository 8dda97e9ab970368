import { useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Field, FieldError, FormAlert } from '../../components/Field';
import { useHydrated } from '../../components/hydrated';
import { LineSummary } from '../../components/LineSummary';
import { Summary } from '../../components/Summary';
import type { Destinations } from '../../lib/address-format';
import type { Address, CheckoutView, Contact } from '../../lib/checkout.server';
import { amountDue } from '../../lib/figures';
import { FirstError, useFocusFirstError } from '../../lib/forms/first-error';
import { fieldError } from '../../lib/forms/form-errors';
import { useFormKit } from '../../lib/forms/use-form-kit';
import type { StripePayment } from '../../lib/stripe-payment.server';
import type { CheckoutActionData, CheckoutLinks } from './checkout';
import { detailsSchema } from './checkout.schema';
import { ADDRESS_INPUTS, AddressFields, BillingFields } from './checkout-address';
import { CodeForm, PaymentStep, ShippingStep } from './checkout-steps';
import { StripePaymentStep } from './stripe-payment-step';

interface Props {
  checkout: CheckoutView;
  member: boolean;
  links: CheckoutLinks;
  result: CheckoutActionData | undefined;
  /** Set when Stripe takes the cards (its Payment Element replaces the card fields). */
  stripe?: StripePayment | undefined;
  destinations: Destinations;
}

/** The checkout's inputs in page order, for finding the first error. */
const INPUT_ORDER = [
  'email',
  'receive',
  ...ADDRESS_INPUTS.map((name) => `shipping.${name}`),
  ...ADDRESS_INPUTS.map((name) => `billing.${name}`),
  'couponCode',
  'giftCardCode',
  'cardNumber',
  'cardExpiry',
  'cardCvc',
];

/** Steps that show their own form's message (the rest show it at the top of the page). */
const SECTION_INTENTS = ['details', 'shipping', 'coupon', 'gift-card', 'place'];

/** The hosted checkout: one page, one form per step, each usable without JavaScript. */
export function CheckoutForms({ checkout, member, links, result, stripe, destinations }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  // While a form is being sent, the problems of the last try are gone: they may no longer hold.
  const errors = busy ? undefined : result?.errors;
  const hydrated = useHydrated();
  const blocking = checkout.violations.filter((v) => v.severity === 'ERROR');
  const pickupChosen = isPickupChosen(checkout);
  const typed = result?.values;
  const [receive, setReceive] = useState<'delivery' | 'pickup'>(
    typed?.receive === 'pickup' || (!typed && pickupChosen) ? 'pickup' : 'delivery',
  );
  const contactOnly = receive === 'pickup' && hydrated;
  const hasDetails = Boolean(
    checkout.email &&
      (!checkout.shippable ||
        checkout.shippingDestination?.address?.country ||
        (pickupChosen && checkout.shippingDestination?.contactDetails?.firstName)),
  );
  useFocusFirstError(errors);
  // Checked in the browser with the action's schema, for the country chosen now (its required parts).
  const details = useFormKit(
    (formData) => detailsSchema(formData, { destinations }),
    errors,
    'checkout-details',
  );
  const summary = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // A phone starts with the summary folded to its total, above the form; a desktop keeps it open beside.
    if (summary.current && window.matchMedia('(max-width: 900px)').matches) summary.current.open = false;
  }, []);
  const firstError = INPUT_ORDER.find((name) => fieldError(errors, name));
  // A message about one step's form shows in that step, where the shopper just pressed its button.
  const alertFor = (...intents: string[]) =>
    result && intents.includes(result.intent) ? result.errors.form : undefined;
  const elsewhere = result && !SECTION_INTENTS.includes(result.intent) ? result.errors.form : undefined;
  return (
    <FirstError.Provider value={firstError}>
      <div className="container page checkout">
        <h1>Checkout</h1>
        <nav className="checkout-links" aria-label="Checkout">
          {/* Plain links: in an app's flow they lead back to the app's own pages (another site). */}
          <a href={links.cart}>Back to cart</a>
          {links.continueShopping ? <a href={links.continueShopping}>Continue shopping</a> : null}
          {links.login ? <a href={links.login}>Log in</a> : null}
        </nav>
        <div className="checkout-layout">
          {/* First in the page, so a phone shows it at the top (collapsed); the desktop grid puts it at the right. */}
          <aside className="card checkout-aside" aria-label="Order summary">
            <details className="summary-details" open ref={summary}>
              <summary>
                <h2>Order summary</h2>
                <span className="summary-toggle-total">{amountDue(checkout.figures).formattedAmount}</span>
              </summary>
              <ul className="summary-lines">
                {checkout.lineItems.map((line) => (
                  <li key={line.id}>
                    <LineSummary line={line} />
                    <p className="line-qty">
                      {line.quantity} × {line.price.formattedAmount}
                    </p>
                  </li>
                ))}
              </ul>
              <Summary figures={checkout.figures} pending={pendingTotals(checkout)} />
            </details>
          </aside>
          <div className="checkout-steps">
            <FormAlert message={elsewhere} />
            {blocking.length > 0 ? (
              <div className="alert alert-error" role="alert">
                {blocking.map((v) => (
                  <p key={v.description}>{v.description}</p>
                ))}
              </div>
            ) : null}
            {/* A problem the API gives both as a violation and a calculation error is said once. */}
            {checkout.calculationErrors
              .filter((message) => !blocking.some((v) => v.description === message))
              .map((message) => (
                <p key={message} className="alert alert-warning">
                  {message}
                </p>
              ))}

            <section className="card step" aria-labelledby="step-details">
              <h2 id="step-details">1. Contact{checkout.shippable ? ' and delivery' : ''}</h2>
              <Form method="post" className="form-grid" {...details.form}>
                <input type="hidden" name="intent" value="details" />
                <FormAlert message={alertFor('details')} />
                <input type="hidden" name="shippable" value={checkout.shippable ? '1' : '0'} />
                <Field
                  name="email"
                  label="E-mail"
                  type="email"
                  autoComplete="email"
                  required
                  defaultValue={checkout.email ?? ''}
                  errors={details.errors}
                  className="span-2"
                />
                {checkout.shippable && destinations.pickup ? (
                  <ReceiveChoice
                    receive={receive}
                    onChange={setReceive}
                    error={fieldError(details.errors, 'receive')}
                  />
                ) : null}
                {checkout.shippable ? (
                  <AddressFields
                    prefix="shipping"
                    value={typed ? typedValue(typed, 'shipping') : checkout.shippingDestination}
                    errors={details.errors}
                    destinations={destinations}
                    contactOnly={contactOnly}
                    country={typed?.['shipping.country']}
                  />
                ) : null}
                {contactOnly ? null : (
                  <BillingFields
                    checkout={checkout}
                    errors={details.errors}
                    destinations={destinations}
                    value={typed ? typedValue(typed, 'billing') : undefined}
                    country={typed?.['billing.country']}
                  />
                )}
                <button type="submit" className="button span-2" disabled={busy}>
                  {hasDetails ? 'Update details' : 'Continue'}
                </button>
              </Form>
            </section>

            {checkout.shippable ? (
              <ShippingStep
                checkout={checkout}
                error={fieldError(errors, 'shippingOption') ?? alertFor('shipping')}
                enabled={hasDetails}
                pickupOnly={pickupChosen && !checkout.shippingDestination?.address?.country}
              />
            ) : null}

            <section className="card step" id="discounts" aria-labelledby="step-discounts">
              <h2 id="step-discounts">{checkout.shippable ? '3' : '2'}. Coupon and gift card</h2>
              <FormAlert message={alertFor('coupon', 'gift-card')} />
              <CodeForm
                intent="coupon"
                name="couponCode"
                label="Coupon code"
                applied={checkout.couponCode}
                error={fieldError(errors, 'couponCode')}
              />
              <CodeForm
                intent="gift-card"
                name="giftCardCode"
                label="Gift card code"
                applied={
                  checkout.giftCard
                    ? `${checkout.giftCard.obfuscatedCode ?? 'Gift card'} (${checkout.giftCard.amount?.formattedAmount ?? ''})`
                    : undefined
                }
                error={fieldError(errors, 'giftCardCode')}
              />
            </section>

            {member && checkout.memberships.length > 0 ? (
              <section className="card step" aria-labelledby="step-memberships">
                <h2 id="step-memberships">Memberships</h2>
                <Form method="post">
                  <input type="hidden" name="intent" value="membership" />
                  <fieldset>
                    <legend>Pay for eligible items with a membership</legend>
                    {checkout.memberships.map((m) => (
                      <label key={m.id} className="check">
                        <input
                          type="checkbox"
                          name="membershipId"
                          value={m.id}
                          disabled={!m.eligible}
                          defaultChecked={checkout.selectedMembershipIds.includes(m.id)}
                        />
                        {m.name}
                        {m.eligible ? null : (
                          <span className="muted"> — {m.reason ?? 'not usable here'}</span>
                        )}
                      </label>
                    ))}
                  </fieldset>
                  <FieldError id="membership-error" error={fieldError(errors, 'membership')} />
                  <button type="submit" className="button button-secondary">
                    Use memberships
                  </button>
                </Form>
              </section>
            ) : null}

            {links.memberSignIn ? (
              <section className="card step" aria-labelledby="step-sign-in">
                <h2 id="step-sign-in">Log in to buy a plan</h2>
                <p>
                  A plan belongs to a member account. Log in or create one, and you will come back to this
                  checkout to place the order.
                </p>
                <p className="button-row">
                  <Link to={links.memberSignIn.login} className="button">
                    Log in
                  </Link>
                  <Link to={links.memberSignIn.signup} className="button button-secondary">
                    Create an account
                  </Link>
                </p>
              </section>
            ) : stripe ? (
              <StripePaymentStep
                checkout={checkout}
                payment={stripe}
                errors={errors}
                alert={alertFor('place')}
                busy={busy}
                blocked={blocking.length > 0 || !hasDetails}
                pickup={receive === 'pickup'}
              />
            ) : (
              <PaymentStep
                checkout={checkout}
                errors={errors}
                alert={alertFor('place')}
                busy={busy}
                blocked={blocking.length > 0 || !hasDetails}
                pickup={receive === 'pickup'}
              />
            )}
          </div>
        </div>
      </div>
    </FirstError.Provider>
  );
}

/** Delivery, or collecting the order at the store (then only who collects it is asked for). */
function ReceiveChoice({
  receive,
  onChange,
  error,
}: {
  receive: 'delivery' | 'pickup';
  onChange: (receive: 'delivery' | 'pickup') => void;
  error: string | undefined;
}) {
  const hydrated = useHydrated();
  return (
    <fieldset className="span-2 receive" aria-describedby={error ? 'field-receive-error' : undefined}>
      <legend>How do you want to get your order?</legend>
      <label className="check">
        <input
          type="radio"
          name="receive"
          value="delivery"
          defaultChecked={receive === 'delivery'}
          onChange={() => onChange('delivery')}
        />
        Delivery to an address
      </label>
      <label className="check">
        <input
          type="radio"
          name="receive"
          value="pickup"
          defaultChecked={receive === 'pickup'}
          onChange={() => onChange('pickup')}
        />
        Store pickup
      </label>
      {hydrated ? null : (
        <p className="muted">For store pickup, only your name is needed: leave the address empty.</p>
      )}
      <FieldError id="field-receive-error" error={error} />
    </fieldset>
  );
}

/** The shopper chose to collect the order: a pickup is selected and no delivery address is given. */
function isPickupChosen(checkout: CheckoutView): boolean {
  const selected = checkout.shippingOptions.find((option) => option.code === checkout.selectedShippingCode);
  return Boolean(
    selected?.pickup &&
      checkout.shippingDestination?.contactDetails?.firstName &&
      !checkout.shippingDestination.address?.country,
  );
}

/** What the shopper typed for one address (`shipping.city` …), as the form's stored value. */
function typedValue(
  typed: Record<string, string>,
  prefix: string,
): { address: Address; contactDetails: Contact } {
  const get = (name: string) => typed[`${prefix}.${name}`] || undefined;
  const pick = <K extends string>(names: readonly K[]) =>
    Object.fromEntries(names.flatMap((name) => (get(name) ? [[name, get(name)]] : []))) as Partial<
      Record<K, string>
    >;
  return {
    address: pick(['country', 'subdivision', 'city', 'postalCode', 'addressLine', 'addressLine2'] as const),
    contactDetails: pick(['firstName', 'lastName', 'phone'] as const),
  };
}

/**
 * Shipping and tax that are not known yet, worded as such (rather than a final-looking $0.00): shipping
 * until a delivery option is chosen, tax until the address it depends on is given.
 */
function pendingTotals(checkout: CheckoutView): { shipping?: string; tax?: string } {
  // A shopper collecting the order gives no address: its pickup's price and the tax are final as shown.
  if (isPickupChosen(checkout)) return {};
  const address = checkout.shippable ? checkout.shippingDestination?.address : checkout.billingInfo?.address;
  const taxWaits = checkout.violations.some((v) => v.code?.startsWith('TAX_ADDRESS_'));
  const shipping = !checkout.shippable
    ? undefined
    : !address?.country
      ? 'After your address'
      : !checkout.selectedShippingCode
        ? 'Choose a delivery option'
        : undefined;
  return {
    ...(shipping ? { shipping } : {}),
    ...(!address?.country || taxWaits ? { tax: 'After your address' } : {}),
  };
}
