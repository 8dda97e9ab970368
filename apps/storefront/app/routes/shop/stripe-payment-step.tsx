import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import { FieldError, FormAlert } from '../../components/Field';
import { useHydrated } from '../../components/hydrated';
import type { CheckoutView } from '../../lib/checkout.server';
import { amountDue } from '../../lib/figures';
import { type FormErrors, fieldError } from '../../lib/forms/form-errors';
import type { StripePayment } from '../../lib/stripe-payment.server';
import { blockedWords, PayLaterOption } from './checkout-steps';

/** Loads Stripe.js from the configured address once; `loadStripe` then uses the `Stripe` it defined. */
function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
  if (existing?.dataset.loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = '1';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error('Stripe.js did not load')));
    if (!existing) {
      script.src = src;
      document.head.append(script);
    }
  });
}

const CARD_UNAVAILABLE =
  'Card payment is not available at the moment. Try again in a few minutes, or choose Pay later.';

/**
 * The payment step when Stripe takes the cards: Stripe's Payment Element collects and confirms the card
 * (3-D Secure included), then Stripe sends the shopper back to this page, which places the order. Cards
 * need JavaScript (Stripe's fields are its script); "Pay later" is a plain form and works without it.
 */
export function StripePaymentStep({
  checkout,
  payment,
  errors,
  alert,
  busy,
  blocked,
  pickup = false,
}: {
  checkout: CheckoutView;
  payment: StripePayment;
  errors: FormErrors | undefined;
  alert?: string | undefined;
  busy: boolean;
  blocked: boolean;
  /** The shopper collects the order: only contact details are needed first. */
  pickup?: boolean;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const firstSaved = payment.savedCards[0];
  // A member with a card kept with Stripe pays with it by default: one click, and no JavaScript needed.
  const [method, setMethod] = useState<string>(firstSaved ? `SAVED:${firstSaved.id}` : 'STRIPE');
  const stripeCardError = fieldError(errors, 'stripeCard');
  const [cardError, setCardError] = useState<string | undefined>(stripeCardError ?? payment.problem);
  // Ready for which PaymentIntent: a new amount (another delivery option, a coupon) brings a new client
  // secret and a new Payment Element, and the card must not be sent through the old one meanwhile.
  const [readyFor, setReadyFor] = useState<string>();
  const [paying, setPaying] = useState(false);
  const [saving, setSaving] = useState(payment.saveCard);
  useEffect(() => setSaving(payment.saveCard), [payment.saveCard]);
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements }>(undefined);
  const total = amountDue(checkout.figures);
  const { clientSecret, publishableKey, scriptUrl } = payment;
  const ready = readyFor !== undefined && readyFor === clientSecret;

  useEffect(() => setCardError(stripeCardError ?? payment.problem), [stripeCardError, payment.problem]);

  useEffect(() => {
    if (!hydrated || method !== 'STRIPE' || !clientSecret || !mountPoint.current) return;
    let live = true;
    let mounted: { destroy(): void } | undefined;
    const target = mountPoint.current;
    (async () => {
      await loadScript(scriptUrl);
      const loaded = await loadStripe(publishableKey);
      if (!loaded || !live) return;
      const elements = loaded.elements({ clientSecret });
      const element = elements.create('payment');
      element.on('ready', () => live && setReadyFor(clientSecret));
      element.mount(target);
      mounted = element;
      stripe.current = { stripe: loaded, elements };
    })().catch(() => live && setCardError(CARD_UNAVAILABLE));
    return () => {
      live = false;
      // The old Payment Element goes with its PaymentIntent (Stripe's own advice for a new client secret).
      mounted?.destroy();
    };
  }, [hydrated, method, clientSecret, publishableKey, scriptUrl]);

  async function payByCard(event: FormEvent<HTMLFormElement>) {
    if (method !== 'STRIPE') return;
    event.preventDefault();
    const loaded = stripe.current;
    if (!loaded) return;
    setPaying(true);
    setCardError(undefined);
    // Back to this very page (still in an app's flow, if any); its loader places the order.
    const back = new URL(window.location.href);
    back.search = new URLSearchParams(
      [...back.searchParams].filter(
        ([key]) => !key.startsWith('payment_intent') && key !== 'redirect_status',
      ),
    ).toString();
    const { error } = await loaded.stripe.confirmPayment({
      elements: loaded.elements,
      confirmParams: { return_url: back.toString() },
    });
    // Only a failure comes back here; success leaves the page for the bank or the return address.
    setPaying(false);
    setCardError(
      error.type === 'card_error' || error.type === 'validation_error'
        ? (error.message ?? 'Your card was declined. Use another card.')
        : CARD_UNAVAILABLE,
    );
  }

  const payable = method !== 'STRIPE' || (hydrated && ready && !paying);

  /** Keeping the card needs another PaymentIntent (for the member's Stripe Customer): the page asks anew. */
  function chooseSaving(save: boolean) {
    setSaving(save);
    const url = new URL(window.location.href);
    if (save) url.searchParams.set('saveCard', '1');
    else url.searchParams.delete('saveCard');
    navigate(`${url.pathname}${url.search}`, { replace: true, preventScrollReset: true });
  }
  return (
    <section className="card step" aria-labelledby="step-payment">
      <h2 id="step-payment">Payment</h2>
      <Form method="post" className="form-grid" noValidate onSubmit={payByCard}>
        <input type="hidden" name="intent" value="place" />
        <fieldset className="span-2">
          <legend className="visually-hidden">Payment method</legend>
          {payment.savedCards.map((card) => (
            <label className="option-row" key={card.id}>
              <input
                type="radio"
                name="paymentMethod"
                value={`SAVED:${card.id}`}
                defaultChecked={card.id === firstSaved?.id}
                onChange={() => setMethod(`SAVED:${card.id}`)}
              />
              <span className="option-text">
                <strong>
                  {card.brand.charAt(0)}
                  {card.brand.slice(1).toLowerCase()} ending {card.last4}
                </strong>
                <span className="option-detail">
                  Saved card, expires {String(card.expMonth).padStart(2, '0')}/
                  {String(card.expYear).slice(-2)}
                </span>
              </span>
            </label>
          ))}
          <label className="option-row">
            <input
              type="radio"
              name="paymentMethod"
              value="STRIPE"
              defaultChecked={!firstSaved}
              onChange={() => setMethod('STRIPE')}
            />
            <span className="option-text">
              <strong>{firstSaved ? 'Another card' : 'Card'}</strong>
              <span className="option-detail">Paid securely through Stripe.</span>
            </span>
          </label>
          <PayLaterOption onSelect={() => setMethod('OFFLINE')} />
        </fieldset>
        {method === 'STRIPE' ? (
          <div className="span-2 stripe-card">
            {hydrated ? (
              <>
                {/* Stripe.js owns what is inside: React renders nothing in it. */}
                <div ref={mountPoint} className="stripe-element" />
                {clientSecret && !ready && !cardError ? (
                  <p className="muted">Loading the card form…</p>
                ) : null}
              </>
            ) : (
              <p className="muted">Paying by card needs JavaScript. Turn it on, or choose Pay later.</p>
            )}
            <FieldError id="stripe-card-error" error={cardError} />
            {payment.canSave && hydrated ? (
              <label className="check">
                <input
                  type="checkbox"
                  checked={saving}
                  onChange={(event) => chooseSaving(event.currentTarget.checked)}
                />{' '}
                Save this card for my next purchases
              </label>
            ) : null}
          </div>
        ) : null}
        {method.startsWith('SAVED:') ? <FieldError id="stripe-card-error" error={cardError} /> : null}
        <div className="span-2">
          <FormAlert message={alert} />
        </div>
        <button
          type="submit"
          className="button button-large span-2"
          disabled={busy || blocked || paying || (hydrated && !payable)}
        >
          {busy || paying ? 'Placing order…' : `Place order · ${total.formattedAmount}`}
        </button>
        {blocked ? <p className="muted span-2">{blockedWords(pickup)}</p> : null}
      </Form>
    </section>
  );
}
