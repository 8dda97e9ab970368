import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FormObject, list, record, text } from './form.js';
import {
  type FakeCharge,
  type FakeIntent,
  type FakePaymentMethod,
  type FakeStore,
  idOf,
  invalid,
  missing,
  outcomeOf,
  paymentMethodFor,
  publicMethod,
  type Reply,
  type Route,
  TEST_METHODS,
} from './state.js';
import { threeDSecurePage } from './stripe-js.js';

const cardError = (intent: FakeIntent): Reply => ({
  status: 402,
  body: { error: { ...intent.last_payment_error, type: 'card_error', payment_intent: intent } },
});

/**
 * Taking money: customers, payment methods and PaymentIntents (create, confirm, capture, cancel, retrieve
 * with `expand`), test cards' outcomes, and the 3-D Secure page the fake serves in their place.
 */
export function fakeCharges(store: FakeStore) {
  const methodFor = (id: string | undefined): FakePaymentMethod | undefined => {
    if (!id) return undefined;
    const known = store.methods.get(id);
    if (known) return known;
    const number = TEST_METHODS[id];
    if (!number) return undefined;
    const method = paymentMethodFor(number);
    store.methods.set(method.id, method);
    return method;
  };

  const view = (intent: FakeIntent, expand: string[]) => {
    const { return_url: _returnUrl, ...rest } = intent;
    const method = intent.payment_method ? store.methods.get(intent.payment_method) : undefined;
    const charge = intent.latest_charge ? store.charges.get(intent.latest_charge) : undefined;
    return {
      ...rest,
      ...(expand.includes('payment_method') && method ? { payment_method: publicMethod(method) } : {}),
      ...(expand.includes('latest_charge') && charge ? { latest_charge: charge } : {}),
    };
  };

  function settle(intent: FakeIntent, method: FakePaymentMethod) {
    const charge: FakeCharge = {
      id: idOf('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.capture_method === 'manual' ? 0 : intent.amount,
      amount_refunded: 0,
      refunded: false,
      captured: intent.capture_method !== 'manual',
      payment_intent: intent.id,
      status: 'succeeded',
    };
    store.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    intent.next_action = null;
    intent.last_payment_error = null;
    if (intent.setup_future_usage && intent.customer) method.customer = intent.customer;
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      store.emit('payment_intent.amount_capturable_updated', view(intent, []));
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      store.emit('payment_intent.succeeded', view(intent, []));
    }
  }

  function confirm(intent: FakeIntent, form: FormObject, offSession: boolean): Reply {
    const data = form.payment_method_data;
    let method = methodFor(text(form.payment_method) ?? intent.payment_method ?? undefined);
    if (!method && data && typeof data === 'object' && !Array.isArray(data)) {
      const card = record(data.card as FormObject);
      const number = (card.number ?? '').replace(/\D/g, '');
      method = paymentMethodFor(number, Number(card.exp_month ?? 12), Number(card.exp_year ?? 2034));
      store.methods.set(method.id, method);
    }
    if (!method) return missing(text(form.payment_method) ?? '', 'payment_method');
    if (method.customer && intent.customer && method.customer !== intent.customer)
      return invalid('The provided PaymentMethod belongs to another customer.');
    intent.payment_method = method.id;
    const returnUrl = text(form.return_url);
    if (returnUrl) intent.return_url = returnUrl;
    const outcome = outcomeOf(method);
    if (outcome.kind === 'decline' || (outcome.kind === '3ds' && offSession)) {
      const code = outcome.kind === 'decline' ? outcome.code : 'authentication_required';
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = {
        type: 'card_error',
        code: outcome.kind === 'decline' ? 'card_declined' : 'authentication_required',
        decline_code: code,
        message:
          outcome.kind === 'decline'
            ? outcome.message
            : 'Your card was declined. This transaction requires authentication.',
      };
      store.emit('payment_intent.payment_failed', view(intent, []));
      return cardError(intent);
    }
    if (outcome.kind === '3ds') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${store.base()}/3ds/${intent.id}`, return_url: intent.return_url ?? '' },
      };
      return { status: 200, body: intent };
    }
    settle(intent, method);
    return { status: 200, body: intent };
  }

  const routes: Route[] = [
    [
      'POST',
      /^\/v1\/customers$/,
      () => (form) => {
        const customer = { id: idOf('cus'), object: 'customer' as const, metadata: record(form.metadata) };
        store.customers.set(customer.id, customer);
        return { status: 200, body: customer };
      },
    ],
    [
      'GET',
      /^\/v1\/payment_methods\/([\w]+)$/,
      (m) => () => {
        const method = methodFor(m[1]);
        return method ? { status: 200, body: publicMethod(method) } : missing(m[1] ?? '');
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      () => (form) => {
        const amount = Number(text(form.amount));
        if (!Number.isInteger(amount) || amount < 50) return invalid('Amount must be at least 50 cents');
        const customer = text(form.customer) ?? null;
        if (customer && !store.customers.has(customer)) return missing(customer, 'customer');
        const id = idOf('pi');
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount,
          amount_capturable: 0,
          amount_received: 0,
          currency: text(form.currency) ?? 'usd',
          status: 'requires_payment_method',
          capture_method: text(form.capture_method) === 'manual' ? 'manual' : 'automatic',
          client_secret: `${id}_secret_${idOf('s').slice(2)}`,
          customer,
          metadata: record(form.metadata),
          payment_method: null,
          setup_future_usage: text(form.setup_future_usage) ?? null,
          latest_charge: null,
          last_payment_error: null,
          next_action: null,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        store.intents.set(id, intent);
        if (text(form.confirm) === 'true') {
          const reply = confirm(intent, form, text(form.off_session) === 'true');
          if (reply.status !== 200) return reply;
        } else if (text(form.payment_method)) {
          const method = methodFor(text(form.payment_method));
          if (!method) return missing(text(form.payment_method) ?? '', 'payment_method');
          intent.payment_method = method.id;
          intent.status = 'requires_confirmation';
        }
        return { status: 200, body: view(intent, list(form.expand)) };
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/(pi_\w+)$/,
      (m) => (_form, auth, query) => {
        const intent = store.intents.get(m[1] ?? '');
        if (!intent || (!auth.secret && query.get('client_secret') !== intent.client_secret))
          return missing(m[1] ?? '');
        const expand = [...query.entries()]
          .filter(([key]) => key.startsWith('expand'))
          .map(([, value]) => value);
        return { status: 200, body: view(intent, expand) };
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/(pi_\w+)\/confirm$/,
      (m) => (form, auth) => {
        const intent = store.intents.get(m[1] ?? '');
        if (!intent || (!auth.secret && text(form.client_secret) !== intent.client_secret))
          return missing(m[1] ?? '');
        if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation')
          return invalid(
            `This PaymentIntent's status is ${intent.status}.`,
            'payment_intent_unexpected_state',
          );
        const reply = confirm(intent, form, text(form.off_session) === 'true');
        return reply.status === 200 ? { status: 200, body: view(intent, list(form.expand)) } : reply;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/(pi_\w+)\/capture$/,
      (m) => (form) => {
        const intent = store.intents.get(m[1] ?? '');
        if (!intent) return missing(m[1] ?? '');
        if (intent.status !== 'requires_capture')
          return invalid(
            `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
          );
        const amount = Number(text(form.amount_to_capture) ?? intent.amount);
        intent.status = 'succeeded';
        intent.amount_received = amount;
        intent.amount_capturable = 0;
        const charge = store.charges.get(intent.latest_charge ?? '');
        if (charge) Object.assign(charge, { captured: true, amount_captured: amount });
        store.emit('payment_intent.succeeded', view(intent, []));
        return { status: 200, body: view(intent, list(form.expand)) };
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/(pi_\w+)\/cancel$/,
      (m) => (form) => {
        const intent = store.intents.get(m[1] ?? '');
        if (!intent) return missing(m[1] ?? '');
        if (intent.status === 'succeeded' || intent.status === 'canceled')
          return invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
          );
        intent.status = 'canceled';
        intent.amount_capturable = 0;
        store.emit('payment_intent.canceled', view(intent, []));
        return { status: 200, body: view(intent, list(form.expand)) };
      },
    ],
  ];

  /** The 3-D Secure page: "Complete" or "Fail", then back to the shop's return_url as Stripe does. */
  function threeDSecure(req: IncomingMessage, res: ServerResponse, path: string) {
    const match = /^\/3ds\/(pi_\w+)(?:\/(complete|fail))?$/.exec(path);
    const intent = store.intents.get(match?.[1] ?? '');
    if (!match || !intent) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'unknown payment' }));
    }
    if (!match[2] || req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(threeDSecurePage(intent.id, intent.amount, intent.currency));
    }
    if (intent.status === 'requires_action') {
      if (match[2] === 'complete') {
        const method = store.methods.get(intent.payment_method ?? '');
        if (method) settle(intent, method);
      } else {
        intent.status = 'requires_payment_method';
        intent.next_action = null;
        intent.last_payment_error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
      }
    }
    const back = new URL(intent.return_url ?? store.base());
    back.searchParams.set('payment_intent', intent.id);
    back.searchParams.set('payment_intent_client_secret', intent.client_secret);
    back.searchParams.set('redirect_status', match[2] === 'complete' ? 'succeeded' : 'failed');
    res.writeHead(303, { location: back.toString() });
    res.end();
  }

  return { routes, view, threeDSecure };
}
