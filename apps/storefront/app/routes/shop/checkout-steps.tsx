import { useEffect, useRef, useState } from 'react';
import { Form, useSubmit } from 'react-router';
import { CardFields, FieldError, FormAlert } from '../../components/Field';
import { useHydrated } from '../../components/hydrated';
import type { CheckoutView } from '../../lib/checkout.server';
import { amountDue } from '../../lib/figures';
import type { FormErrors } from '../../lib/forms/form-errors';
import { useFormKit } from '../../lib/forms/use-form-kit';
import { paymentSchema } from './checkout.schema';

const PAYMENT = paymentSchema();

export function ShippingStep({
  checkout,
  error,
  enabled,
  pickupOnly = false,
}: {
  checkout: CheckoutView;
  error?: string | undefined;
  enabled: boolean;
  /** The shopper chose store pickup: only the pickup locations are offered. */
  pickupOnly?: boolean;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const options = pickupOnly
    ? checkout.shippingOptions.filter((option) => option.pickup)
    : checkout.shippingOptions;
  return (
    <section className="card step" aria-labelledby="step-shipping">
      <h2 id="step-shipping">2. {pickupOnly ? 'Pickup' : 'Delivery'}</h2>
      {!enabled ? (
        <p className="muted">Enter your address, or choose store pickup, to see the options.</p>
      ) : options.length === 0 ? (
        <p className="alert alert-warning">We do not deliver to this address yet. Try another address.</p>
      ) : (
        <Form method="post" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
          <input type="hidden" name="intent" value="shipping" />
          <fieldset aria-describedby={error ? 'shipping-error' : undefined}>
            <legend className="visually-hidden">Delivery option</legend>
            {options.map((option) => (
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

/**
 * A coupon or gift card code. Sent without reloading the page's scroll position; afterwards the focus
 * stays where the shopper was: on the "applied" message, on the input again after a removal, on the
 * input with its error after a refusal (useFocusFirstError). Without JavaScript the page comes back at
 * this section (the redirect's #discounts).
 */
export function CodeForm(props: {
  intent: string;
  name: string;
  label: string;
  applied?: string | undefined;
  error?: string | undefined;
}) {
  const { intent, name, label, applied, error } = props;
  const message = useRef<HTMLParagraphElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const before = useRef(applied);
  useEffect(() => {
    if (before.current === applied) return;
    // Applied or removed by this form just now: the element that replaced the pressed button takes the focus.
    if (applied) message.current?.focus();
    else input.current?.focus();
    before.current = applied;
  }, [applied]);
  if (applied) {
    return (
      <Form method="post" className="coupon-applied" preventScrollReset>
        <input type="hidden" name="intent" value={`remove-${intent}`} />
        <p ref={message} tabIndex={-1} role="status">
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
    <Form method="post" className="coupon-form" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={id}>{label}</label>
      <div className="inline-field">
        <input
          ref={input}
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

export function PaymentStep({
  checkout,
  errors,
  alert,
  busy,
  blocked,
  pickup = false,
}: {
  checkout: CheckoutView;
  errors: FormErrors | undefined;
  /** Why the last "Place order" failed, when it was not one field's fault (shown by the button). */
  alert?: string | undefined;
  busy: boolean;
  blocked: boolean;
  /** The shopper collects the order: only contact details are needed first. */
  pickup?: boolean;
}) {
  const [method, setMethod] = useState('SANDBOX_CARD');
  const total = amountDue(checkout.figures);
  // The card is checked in the browser as the action checks it (card-validator), field by field.
  const kit = useFormKit(PAYMENT, errors, 'checkout-payment');
  return (
    <section className="card step" aria-labelledby="step-payment">
      <h2 id="step-payment">Payment</h2>
      <Form method="post" className="form-grid" {...kit.form}>
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
          <PayLaterOption onSelect={() => setMethod('OFFLINE')} />
        </fieldset>
        {method === 'SANDBOX_CARD' ? <CardFields errors={kit.errors} /> : null}
        <div className="span-2">
          <FormAlert message={alert} />
        </div>
        <button type="submit" className="button button-large span-2" disabled={busy || blocked}>
          {busy ? 'Placing order…' : `Place order · ${total.formattedAmount}`}
        </button>
        {blocked ? <p className="muted span-2">{blockedWords(pickup)}</p> : null}
      </Form>
    </section>
  );
}

/** What "Place order" waits for, by how the order is received. */
export function blockedWords(pickup: boolean): string {
  return pickup
    ? 'Enter your e-mail and name above, then press Continue.'
    : 'Enter your contact details and address above first.';
}

/** The payment choice that charges nothing now: the order waits for the merchant to mark it paid. */
export function PayLaterOption({ onSelect }: { onSelect: () => void }) {
  return (
    <label className="option-row">
      <input type="radio" name="paymentMethod" value="OFFLINE" onChange={onSelect} />
      <span className="option-text">
        <strong>Pay later</strong>
        <span className="option-detail">
          Bank transfer or at pickup; we hold your order until it is paid.
        </span>
      </span>
    </label>
  );
}
