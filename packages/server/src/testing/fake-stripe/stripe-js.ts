/**
 * The part of Stripe.js (https://js.stripe.com/v3) the hosted checkout uses, for the browser suites:
 * `Stripe(publishableKey)`, `elements({ clientSecret })`, `create('payment')`, `mount`, `on('change')`,
 * `submit()` and `confirmPayment({ elements, confirmParams: { return_url }, redirect })`. The real Payment
 * Element draws its fields in an iframe; this one draws labelled inputs in the mount point (never named,
 * so a form post never carries them). Confirming posts to the fake's API with the publishable key and the
 * client secret as Stripe.js does, then follows Stripe's redirects: 3-D Secure, then return_url.
 */
export function stripeJsSource(apiBase: string): string {
  return `(() => {
  const API = ${JSON.stringify(apiBase)};
  const field = (id, label, autocomplete, inputmode) => {
    const wrap = document.createElement('div');
    wrap.className = 'field';
    const l = document.createElement('label');
    l.htmlFor = id;
    l.textContent = label;
    const input = document.createElement('input');
    input.id = id;
    input.autocomplete = autocomplete;
    input.inputMode = inputmode;
    wrap.append(l, input);
    return { wrap, input };
  };
  function Stripe(publishableKey) {
    if (!/^pk_/.test(publishableKey)) throw new Error('Stripe(): a publishable key (pk_…) is required');
    const confirmPayment = async ({ elements, clientSecret, confirmParams = {}, redirect = 'always' }) => {
      const secret = clientSecret || elements._clientSecret;
      const card = elements._card;
      if (!card) throw new Error('confirmPayment: no Payment Element is mounted');
      const number = card.number.input.value.replace(/\\D/g, '');
      const expiry = /^(\\d{1,2})\\s*\\/\\s*(\\d{2})$/.exec(card.expiry.input.value.trim());
      if (number.length < 12) return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
      if (!expiry) return { error: { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." } };
      if (!/^\\d{3,4}$/.test(card.cvc.input.value.trim())) return { error: { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." } };
      const intentId = secret.split('_secret_')[0];
      const body = new URLSearchParams({
        key: publishableKey,
        client_secret: secret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': number,
        'payment_method_data[card][exp_month]': expiry[1],
        'payment_method_data[card][exp_year]': '20' + expiry[2],
        'payment_method_data[card][cvc]': card.cvc.input.value.trim(),
        return_url: confirmParams.return_url || '',
      });
      const response = await fetch(API + '/v1/payment_intents/' + intentId + '/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const reply = await response.json();
      if (reply.error) return { error: reply.error };
      if (reply.status === 'requires_action' && reply.next_action && reply.next_action.redirect_to_url) {
        window.location.assign(reply.next_action.redirect_to_url.url);
        return new Promise(() => {});
      }
      if (redirect === 'if_required') return { paymentIntent: reply };
      const back = new URL(confirmParams.return_url);
      back.searchParams.set('payment_intent', reply.id);
      back.searchParams.set('payment_intent_client_secret', secret);
      back.searchParams.set('redirect_status', 'succeeded');
      window.location.assign(back.toString());
      return new Promise(() => {});
    };
    return {
      elements(options = {}) {
        const elements = { _clientSecret: options.clientSecret, _card: undefined };
        elements.submit = async () => ({});
        elements.create = (type) => {
          if (type !== 'payment') throw new Error('this fake Stripe.js only has the payment element');
          const listeners = {};
          let host;
          const element = {
            mount(target) {
              host = typeof target === 'string' ? document.querySelector(target) : target;
              const number = field('stripe-card-number', 'Card number', 'cc-number', 'numeric');
              const expiry = field('stripe-card-expiry', 'Expiration date (MM / YY)', 'cc-exp', 'numeric');
              const cvc = field('stripe-card-cvc', 'Security code', 'cc-csc', 'numeric');
              host.replaceChildren(number.wrap, expiry.wrap, cvc.wrap);
              elements._card = { number, expiry, cvc };
              const changed = () => (listeners.change || []).forEach((cb) => cb({ complete: number.input.value.length >= 12, empty: !number.input.value }));
              [number, expiry, cvc].forEach((f) => f.input.addEventListener('input', changed));
              setTimeout(() => (listeners.ready || []).forEach((cb) => cb({})), 0);
            },
            on(name, callback) {
              (listeners[name] = listeners[name] || []).push(callback);
              return element;
            },
            focus() {
              elements._card && elements._card.number.input.focus();
            },
            // As Stripe's: the fields leave the page.
            destroy() {
              host && host.replaceChildren();
            },
            unmount() {
              host && host.replaceChildren();
            },
          };
          return element;
        };
        elements.getElement = () => null;
        return elements;
      },
      confirmPayment,
    };
  }
  // The release train the real script reports (and @stripe/stripe-js checks against its own).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
}

/** Stripe's test 3-D Secure page, reduced to its two choices. */
export function threeDSecurePage(intentId: string, amount: number, currency: string): string {
  const price = `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure test page</title></head>
<body><main><h1>3D Secure 2 test page</h1><p>Confirm the payment of ${price}.</p>
<form method="post" action="/3ds/${intentId}/complete"><button type="submit">Complete authentication</button></form>
<form method="post" action="/3ds/${intentId}/fail"><button type="submit">Fail authentication</button></form>
</main></body></html>`;
}
