import { useState } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { Field, FieldError, FormAlert } from '../../components/Field';
import { useHydrated } from '../../components/hydrated';
import { LineSummary } from '../../components/LineSummary';
import { Summary } from '../../components/Summary';
import type { Address, CheckoutView, Contact } from '../../lib/checkout.server';
import type { CheckoutActionData } from './checkout';

const COUNTRIES: [string, string][] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['AT', 'Austria'],
  ['SE', 'Sweden'],
  ['DK', 'Denmark'],
  ['AU', 'Australia'],
];

interface Props {
  checkout: CheckoutView;
  member: boolean;
  result: CheckoutActionData | undefined;
}

/** The hosted checkout: one page, one form per step, each usable without JavaScript. */
export function CheckoutForms({ checkout, member, result }: Props) {
  const errors = result?.fields ?? {};
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const blocking = checkout.violations.filter((v) => v.severity === 'ERROR');
  const hasDetails = Boolean(
    checkout.email && (!checkout.shippable || checkout.shippingDestination?.address?.country),
  );
  return (
    <div className="container page checkout">
      <h1>Checkout</h1>
      <div className="checkout-layout">
        <div className="checkout-steps">
          <FormAlert message={result?.form} />
          {blocking.length > 0 ? (
            <div className="alert alert-error" role="alert">
              {blocking.map((v) => (
                <p key={v.description}>{v.description}</p>
              ))}
            </div>
          ) : null}
          {checkout.calculationErrors.map((message) => (
            <p key={message} className="alert alert-warning">
              {message}
            </p>
          ))}

          <section className="card step" aria-labelledby="step-details">
            <h2 id="step-details">1. Contact{checkout.shippable ? ' and delivery address' : ''}</h2>
            <Form method="post" className="form-grid" noValidate>
              <input type="hidden" name="intent" value="details" />
              <input type="hidden" name="shippable" value={checkout.shippable ? '1' : '0'} />
              <Field
                name="email"
                label="E-mail"
                type="email"
                autoComplete="email"
                required
                defaultValue={checkout.email ?? ''}
                error={errors.email}
                className="span-2"
              />
              {checkout.shippable ? (
                <AddressFields prefix="shipping" value={checkout.shippingDestination} errors={errors} />
              ) : null}
              <BillingFields checkout={checkout} errors={errors} />
              <button type="submit" className="button span-2" disabled={busy}>
                {hasDetails ? 'Update details' : 'Continue'}
              </button>
            </Form>
          </section>

          {checkout.shippable ? (
            <ShippingStep checkout={checkout} error={errors.shippingOption} enabled={hasDetails} />
          ) : null}

          <section className="card step" aria-labelledby="step-discounts">
            <h2 id="step-discounts">{checkout.shippable ? '3' : '2'}. Coupon and gift card</h2>
            <CodeForm
              intent="coupon"
              name="couponCode"
              label="Coupon code"
              applied={checkout.couponCode}
              error={errors.couponCode}
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
              error={errors.giftCardCode}
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
                      {m.eligible ? null : <span className="muted"> — {m.reason ?? 'not usable here'}</span>}
                    </label>
                  ))}
                </fieldset>
                <FieldError id="membership-error" error={errors.membership} />
                <button type="submit" className="button button-secondary">
                  Use memberships
                </button>
              </Form>
            </section>
          ) : null}

          <PaymentStep
            checkout={checkout}
            errors={errors}
            busy={busy}
            blocked={blocking.length > 0 || !hasDetails}
          />
        </div>

        <aside className="card checkout-aside" aria-label="Order summary">
          <h2>Order summary</h2>
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
          <Summary summary={checkout.priceSummary} />
        </aside>
      </div>
    </div>
  );
}

function AddressFields({
  prefix,
  value,
  errors,
}: {
  prefix: string;
  value: { address?: Address; contactDetails?: Contact } | undefined;
  errors: Record<string, string>;
}) {
  const a = value?.address ?? {};
  const c = value?.contactDetails ?? {};
  const section = prefix === 'billing' ? 'billing' : 'shipping';
  const sub = a.subdivision?.includes('-') ? a.subdivision.split('-')[1] : a.subdivision;
  return (
    <>
      <Field
        name={`${prefix}.firstName`}
        label="First name"
        autoComplete={`${section} given-name`}
        required
        defaultValue={c.firstName ?? ''}
        error={errors[`${prefix}.firstName`]}
      />
      <Field
        name={`${prefix}.lastName`}
        label="Last name"
        autoComplete={`${section} family-name`}
        required
        defaultValue={c.lastName ?? ''}
        error={errors[`${prefix}.lastName`]}
      />
      <Field
        name={`${prefix}.addressLine`}
        label="Street address"
        autoComplete={`${section} address-line1`}
        required
        defaultValue={a.addressLine ?? ''}
        error={errors[`${prefix}.addressLine`]}
        className="span-2"
      />
      <Field
        name={`${prefix}.addressLine2`}
        label="Apartment, suite (optional)"
        autoComplete={`${section} address-line2`}
        defaultValue={a.addressLine2 ?? ''}
        error={errors[`${prefix}.addressLine2`]}
        className="span-2"
      />
      <Field
        name={`${prefix}.city`}
        label="City"
        autoComplete={`${section} address-level2`}
        required
        defaultValue={a.city ?? ''}
        error={errors[`${prefix}.city`]}
      />
      <Field
        name={`${prefix}.postalCode`}
        label="Postal code"
        autoComplete={`${section} postal-code`}
        required
        defaultValue={a.postalCode ?? ''}
        error={errors[`${prefix}.postalCode`]}
      />
      <Field
        name={`${prefix}.subdivision`}
        label="State or region (e.g. NY)"
        autoComplete={`${section} address-level1`}
        defaultValue={sub ?? ''}
        error={errors[`${prefix}.subdivision`]}
      />
      <div className={`field${errors[`${prefix}.country`] ? ' field-invalid' : ''}`}>
        <label htmlFor={`field-${prefix}.country`}>Country</label>
        <select
          id={`field-${prefix}.country`}
          name={`${prefix}.country`}
          autoComplete={`${section} country`}
          defaultValue={a.country ?? 'US'}
          aria-invalid={errors[`${prefix}.country`] ? true : undefined}
          aria-describedby={errors[`${prefix}.country`] ? `field-${prefix}.country-error` : undefined}
        >
          {COUNTRIES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        <FieldError id={`field-${prefix}.country-error`} error={errors[`${prefix}.country`]} />
      </div>
      <Field
        name={`${prefix}.phone`}
        label="Phone (optional)"
        type="tel"
        autoComplete={`${section} tel`}
        defaultValue={c.phone ?? ''}
        error={errors[`${prefix}.phone`]}
        className="span-2"
      />
    </>
  );
}

function BillingFields({ checkout, errors }: { checkout: CheckoutView; errors: Record<string, string> }) {
  const hasBillingErrors = Object.keys(errors).some((k) => k.startsWith('billing.'));
  const differs = Boolean(
    checkout.billingInfo?.address?.addressLine &&
      checkout.billingInfo.address.addressLine !== checkout.shippingDestination?.address?.addressLine,
  );
  const [same, setSame] = useState(checkout.shippable && !differs && !hasBillingErrors);
  const hydrated = useHydrated();
  return (
    <fieldset className="span-2 billing">
      <legend>Billing address</legend>
      {checkout.shippable ? (
        <label className="check">
          <input
            type="checkbox"
            name="billingSame"
            defaultChecked={same}
            onChange={(e) => setSame(e.target.checked)}
          />
          Same as the delivery address
        </label>
      ) : null}
      {/* Without JavaScript the fields are always there (ignored when the box is ticked). */}
      {!same || !hydrated ? (
        <div className="form-grid">
          <AddressFields prefix="billing" value={checkout.billingInfo} errors={errors} />
        </div>
      ) : null}
    </fieldset>
  );
}

function ShippingStep({
  checkout,
  error,
  enabled,
}: {
  checkout: CheckoutView;
  error?: string | undefined;
  enabled: boolean;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <section className="card step" aria-labelledby="step-shipping">
      <h2 id="step-shipping">2. Delivery</h2>
      {!enabled ? (
        <p className="muted">Enter your address first to see the delivery options.</p>
      ) : checkout.shippingOptions.length === 0 ? (
        <p className="alert alert-warning">We do not deliver to this address yet. Try another address.</p>
      ) : (
        <Form method="post" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
          <input type="hidden" name="intent" value="shipping" />
          <fieldset aria-describedby={error ? 'shipping-error' : undefined}>
            <legend className="visually-hidden">Delivery option</legend>
            {checkout.shippingOptions.map((option) => (
              <label key={option.code} className="option-row">
                <input
                  type="radio"
                  name="shippingOption"
                  value={option.code}
                  defaultChecked={checkout.selectedShippingCode === option.code}
                />
                <span className="option-text">
                  <strong>{option.title}</strong>
                  {option.deliveryTime ? <span className="muted"> · {option.deliveryTime}</span> : null}
                  {option.slot ? <span className="muted"> · {formatSlot(option.slot)}</span> : null}
                  {option.pickup ? (
                    <span className="option-detail">
                      {[option.pickup.address.addressLine, option.pickup.address.city]
                        .filter(Boolean)
                        .join(', ')}
                      {option.instructions ? ` — ${option.instructions}` : ''}
                    </span>
                  ) : null}
                </span>
                <span className="option-price">
                  {Number(option.price.amount) === 0 ? 'Free' : option.price.formattedAmount}
                </span>
              </label>
            ))}
          </fieldset>
          <FieldError id="shipping-error" error={error} />
          {hydrated ? null : (
            <button type="submit" className="button button-secondary">
              Use this option
            </button>
          )}
        </Form>
      )}
    </section>
  );
}

function formatSlot(slot: { from: string; to: string }): string {
  const from = new Date(slot.from);
  const to = new Date(slot.to);
  const day = from.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const time = (d: Date) =>
    d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time(from)}–${time(to)} UTC`;
}

function CodeForm(props: {
  intent: string;
  name: string;
  label: string;
  applied?: string | undefined;
  error?: string | undefined;
}) {
  const { intent, name, label, applied, error } = props;
  if (applied) {
    return (
      <Form method="post" className="coupon-applied">
        <input type="hidden" name="intent" value={`remove-${intent}`} />
        <p>
          {label.replace(' code', '')} <strong>{applied}</strong> applied.{' '}
          <button type="submit" className="link-button">
            Remove
          </button>
        </p>
      </Form>
    );
  }
  const id = `field-${name}`;
  return (
    <Form method="post" className="coupon-form">
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={id}>{label}</label>
      <div className="inline-field">
        <input
          id={id}
          name={name}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="button button-secondary">
          Apply
        </button>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </Form>
  );
}

function PaymentStep({
  checkout,
  errors,
  busy,
  blocked,
}: {
  checkout: CheckoutView;
  errors: Record<string, string>;
  busy: boolean;
  blocked: boolean;
}) {
  const [method, setMethod] = useState('SANDBOX_CARD');
  const total = checkout.payNowTotal ?? checkout.priceSummary.total;
  return (
    <section className="card step" aria-labelledby="step-payment">
      <h2 id="step-payment">Payment</h2>
      <Form method="post" className="form-grid" noValidate>
        <input type="hidden" name="intent" value="place" />
        <fieldset className="span-2">
          <legend className="visually-hidden">Payment method</legend>
          <label className="option-row">
            <input
              type="radio"
              name="paymentMethod"
              value="SANDBOX_CARD"
              defaultChecked
              onChange={() => setMethod('SANDBOX_CARD')}
            />
            <span className="option-text">
              <strong>Card</strong>
              <span className="option-detail">
                Sandbox: use 4242 4242 4242 4242, any future date and any CVC.
              </span>
            </span>
          </label>
          <label className="option-row">
            <input type="radio" name="paymentMethod" value="OFFLINE" onChange={() => setMethod('OFFLINE')} />
            <span className="option-text">
              <strong>Pay later</strong>
              <span className="option-detail">
                Bank transfer or at pickup; we hold your order until it is paid.
              </span>
            </span>
          </label>
        </fieldset>
        {method === 'SANDBOX_CARD' ? (
          <>
            <Field
              name="cardNumber"
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              error={errors.cardNumber}
              className="span-2"
            />
            <Field
              name="cardExpiry"
              label="Expiry (MM/YY)"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              error={errors.cardExpiry}
            />
            <Field
              name="cardCvc"
              label="Security code"
              inputMode="numeric"
              autoComplete="cc-csc"
              error={errors.cardCvc}
            />
          </>
        ) : null}
        <button type="submit" className="button button-large span-2" disabled={busy || blocked}>
          {busy ? 'Placing order…' : `Place order · ${total.formattedAmount}`}
        </button>
        {blocked ? <p className="muted span-2">Enter your contact details and address above first.</p> : null}
      </Form>
    </section>
  );
}
