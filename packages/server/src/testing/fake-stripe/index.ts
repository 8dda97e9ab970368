import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { decodeStripeForm, type FormObject, list, record, text } from './form.js';
import {
  type FakeCharge,
  type FakeIntent,
  type FakePaymentMethod,
  idOf,
  outcomeOf,
  paymentMethodFor,
  publicMethod,
  TEST_METHODS,
} from './state.js';
import { stripeJsSource, threeDSecurePage } from './stripe-js.js';

export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_openshelffake',
  publishableKey: 'pk_test_openshelffake',
  webhookSecret: 'whsec_openshelffake',
} as const;

type Reply = { status: number; body: unknown };
type Handler = (form: FormObject, auth: Auth, query: URLSearchParams) => Reply;
type Auth = { secret: boolean; key: string };

const cardError = (intent: FakeIntent) => ({
  status: 402,
  body: { error: { ...intent.last_payment_error, type: 'card_error', payment_intent: intent } },
});
const missing = (id: string, param = 'id') => ({
  status: 404,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such object: '${id}'`,
    },
  },
});
const invalid = (message: string, code = 'parameter_invalid') => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code, message } },
});

/**
 * A local fake of the parts of Stripe's API the store uses (ADR 035), served over real HTTP for the real
 * `stripe` client and for a fake Stripe.js in Chromium: customers, payment methods, PaymentIntents (create,
 * confirm, capture, cancel, retrieve with `expand`), refunds; form-encoded bodies; `Idempotency-Key`
 * honoured (same key, same reply; same key with other parameters, Stripe's 400); test cards (4242…
 * succeeds, 4000000000000002 declines, 4000002500003155 asks for 3-D Secure on a page the fake serves);
 * events signed with Stripe's real scheme and delivered to a webhook URL.
 */
export async function startFakeStripe(options: { webhookUrl?: string; autoDeliver?: boolean } = {}) {
  const intents = new Map<string, FakeIntent>();
  const methods = new Map<string, FakePaymentMethod>();
  const charges = new Map<string, FakeCharge>();
  const customers = new Map<string, { id: string; object: 'customer'; metadata: Record<string, string> }>();
  const idempotent = new Map<string, { body: string; reply: Reply }>();
  const events: Stripe.Event[] = [];
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  const deliveries: Promise<unknown>[] = [];
  const dropReplies: ((path: string) => boolean)[] = [];
  let webhookUrl = options.webhookUrl;
  let autoDeliver = options.autoDeliver ?? false;
  let base = '';
  const signer = new Stripe(FAKE_STRIPE_KEYS.secretKey);

  const methodFor = (id: string | undefined): FakePaymentMethod | undefined => {
    if (!id) return undefined;
    const known = methods.get(id);
    if (known) return known;
    const number = TEST_METHODS[id];
    if (!number) return undefined;
    const method = paymentMethodFor(number);
    methods.set(method.id, method);
    return method;
  };

  const view = (intent: FakeIntent, expand: string[]) => {
    const { return_url: _returnUrl, ...rest } = intent;
    const method = intent.payment_method ? methods.get(intent.payment_method) : undefined;
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    return {
      ...rest,
      ...(expand.includes('payment_method') && method ? { payment_method: publicMethod(method) } : {}),
      ...(expand.includes('latest_charge') && charge ? { latest_charge: charge } : {}),
    };
  };

  function emit(type: string, object: unknown) {
    const event = {
      id: idOf('evt'),
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: JSON.parse(JSON.stringify(object)) },
    } as unknown as Stripe.Event;
    events.push(event);
    if (autoDeliver && webhookUrl) deliveries.push(deliver(event).catch(() => {}));
  }

  /** Sends an event to the webhook URL, signed as Stripe signs (or with a given signature header). */
  async function deliver(event: Stripe.Event, signature?: string) {
    if (!webhookUrl) throw new Error('the fake has no webhook URL');
    const payload = JSON.stringify(event);
    const header =
      signature ??
      signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_KEYS.webhookSecret });
    return fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
  }

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
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    intent.next_action = null;
    intent.last_payment_error = null;
    if (intent.setup_future_usage && intent.customer) method.customer = intent.customer;
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
      emit('payment_intent.amount_capturable_updated', view(intent, []));
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      emit('payment_intent.succeeded', view(intent, []));
    }
  }

  function confirm(intent: FakeIntent, form: FormObject, offSession: boolean): Reply {
    const data = form.payment_method_data;
    let method = methodFor(text(form.payment_method) ?? intent.payment_method ?? undefined);
    if (!method && data && typeof data === 'object' && !Array.isArray(data)) {
      const card = record(data.card as FormObject);
      const number = (card.number ?? '').replace(/\D/g, '');
      method = paymentMethodFor(number, Number(card.exp_month ?? 12), Number(card.exp_year ?? 2034));
      methods.set(method.id, method);
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
      emit('payment_intent.payment_failed', view(intent, []));
      return cardError(intent);
    }
    if (outcome.kind === '3ds') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${base}/3ds/${intent.id}`, return_url: intent.return_url ?? '' },
      };
      return { status: 200, body: intent };
    }
    settle(intent, method);
    return { status: 200, body: intent };
  }

  const routes: [string, RegExp, (match: RegExpMatchArray) => Handler][] = [
    [
      'POST',
      /^\/v1\/customers$/,
      () => (form) => {
        const customer = { id: idOf('cus'), object: 'customer' as const, metadata: record(form.metadata) };
        customers.set(customer.id, customer);
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
        if (customer && !customers.has(customer)) return missing(customer, 'customer');
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
        intents.set(id, intent);
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
        const intent = intents.get(m[1] ?? '');
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
        const intent = intents.get(m[1] ?? '');
        if (!intent || (!auth.secret && text(form.client_secret) !== intent.client_secret))
          return missing(m[1] ?? '');
        if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation')
          return invalid(
            `This PaymentIntent's status is ${intent.status}.`,
            'payment_intent_unexpected_state',
          );
        const reply = confirm(intent, form, false);
        return reply.status === 200 ? { status: 200, body: view(intent, list(form.expand)) } : reply;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/(pi_\w+)\/capture$/,
      (m) => (form) => {
        const intent = intents.get(m[1] ?? '');
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
        const charge = charges.get(intent.latest_charge ?? '');
        if (charge) Object.assign(charge, { captured: true, amount_captured: amount });
        emit('payment_intent.succeeded', view(intent, []));
        return { status: 200, body: view(intent, list(form.expand)) };
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/(pi_\w+)\/cancel$/,
      (m) => (form) => {
        const intent = intents.get(m[1] ?? '');
        if (!intent) return missing(m[1] ?? '');
        if (intent.status === 'succeeded' || intent.status === 'canceled')
          return invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
          );
        intent.status = 'canceled';
        intent.amount_capturable = 0;
        emit('payment_intent.canceled', view(intent, []));
        return { status: 200, body: view(intent, list(form.expand)) };
      },
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      () => (form) => {
        const intent = intents.get(text(form.payment_intent) ?? '');
        const charge = charges.get(intent?.latest_charge ?? '');
        if (!intent || !charge || intent.status !== 'succeeded')
          return invalid('This PaymentIntent has no successful charge to refund.', 'charge_not_refundable');
        const left = intent.amount_received - charge.amount_refunded;
        const amount = Number(text(form.amount) ?? left);
        if (amount > left)
          return invalid(
            `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
            'amount_too_large',
          );
        charge.amount_refunded += amount;
        charge.refunded = charge.amount_refunded >= intent.amount_received;
        const refund = {
          id: idOf('re'),
          object: 'refund',
          amount,
          payment_intent: intent.id,
          charge: charge.id,
          status: 'succeeded',
        };
        emit('charge.refunded', charge);
        return { status: 200, body: refund };
      },
    ],
  ];

  /** The 3-D Secure page: "Complete" or "Fail", then back to the shop's return_url as Stripe does. */
  function threeDSecure(req: IncomingMessage, res: ServerResponse, path: string) {
    const match = /^\/3ds\/(pi_\w+)(?:\/(complete|fail))?$/.exec(path);
    const intent = intents.get(match?.[1] ?? '');
    if (!match || !intent) return send(res, { status: 404, body: { error: 'unknown payment' } });
    if (!match[2] || req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(threeDSecurePage(intent.id, intent.amount, intent.currency));
    }
    if (intent.status === 'requires_action') {
      if (match[2] === 'complete') {
        const method = methods.get(intent.payment_method ?? '');
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
    const back = new URL(intent.return_url ?? base);
    back.searchParams.set('payment_intent', intent.id);
    back.searchParams.set('payment_intent_client_secret', intent.client_secret);
    back.searchParams.set('redirect_status', match[2] === 'complete' ? 'succeeded' : 'failed');
    res.writeHead(303, { location: back.toString() });
    res.end();
  }

  function send(res: ServerResponse, reply: Reply, headers: Record<string, string> = {}) {
    res.writeHead(reply.status, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      ...headers,
    });
    res.end(JSON.stringify(reply.body));
  }

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const path = url.pathname;
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'content-type, authorization',
          'access-control-allow-methods': 'GET, POST',
        });
        return res.end();
      }
      if (path === '/v3') {
        res.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'access-control-allow-origin': '*',
        });
        return res.end(stripeJsSource(base));
      }
      if (path.startsWith('/3ds/')) return threeDSecure(req, res, path);
      const form = decodeStripeForm(body);
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const key = bearer ?? text(form.key) ?? url.searchParams.get('key') ?? '';
      const auth = { secret: key === FAKE_STRIPE_KEYS.secretKey, key };
      if (!auth.secret && key !== FAKE_STRIPE_KEYS.publishableKey)
        return send(res, {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${key}` } },
        });
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? 'GET', path, ...(idempotencyKey ? { idempotencyKey } : {}) });
      const route = routes.find(([method, pattern]) => method === req.method && pattern.test(path));
      if (!route) return send(res, missing(path, 'url'));
      // Publishable keys may only confirm and read a PaymentIntent with its client secret (as Stripe.js does).
      if (!auth.secret && !/^\/v1\/payment_intents\/pi_\w+(\/confirm)?$/.test(path))
        return send(res, {
          status: 401,
          body: {
            error: {
              type: 'invalid_request_error',
              message: 'This API call cannot be made with a publishable API key.',
            },
          },
        });
      const cacheKey = idempotencyKey ? `${key}:${idempotencyKey}` : undefined;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      let reply: Reply;
      if (cached) {
        reply =
          cached.body === body
            ? cached.reply
            : {
                status: 400,
                body: {
                  error: {
                    type: 'idempotency_error',
                    message:
                      'Keys for idempotent requests can only be used with the same parameters they were first used with.',
                  },
                },
              };
      } else {
        reply = route[2](path.match(route[1]) as RegExpMatchArray)(form, auth, url.searchParams);
        // Stripe keeps the first reply of a key (errors included) and sends it again for a retry.
        if (cacheKey) idempotent.set(cacheKey, { body, reply: JSON.parse(JSON.stringify(reply)) });
      }
      const drop = dropReplies.findIndex((matches) => matches(path));
      if (drop >= 0) {
        // Done, but the reply is lost on the way back (the client sees the connection reset).
        dropReplies.splice(drop, 1);
        return req.socket.destroy();
      }
      send(
        res,
        reply,
        idempotencyKey ? { 'idempotency-key': idempotencyKey, 'request-id': idOf('req') } : {},
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    port,
    /** The store's environment for this fake (createTestApp's `env`). */
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_KEYS.webhookSecret,
      STRIPE_API_BASE: base,
      STRIPE_JS_URL: `${base}/v3`,
      STRIPE_TIMEOUT_MS: '5000',
    },
    intents,
    charges,
    customers,
    methods,
    events,
    requests,
    /** The next reply to a path that matches is lost after the work is done (once per call). */
    dropNextReply(matches: (path: string) => boolean) {
      dropReplies.push(matches);
    },
    setWebhookUrl(url: string, deliverAutomatically = autoDeliver) {
      webhookUrl = url;
      autoDeliver = deliverAutomatically;
    },
    deliver,
    /** Waits for the events sent automatically so far. */
    async delivered() {
      await Promise.all(deliveries);
    },
    /** Confirms a PaymentIntent as Stripe.js would in the browser (publishable key + client secret). */
    async confirmInBrowser(
      intentId: string,
      clientSecret: string,
      cardNumber: string,
      returnUrl = `${base}/return`,
    ) {
      const response = await fetch(`${base}/v1/payment_intents/${intentId}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          key: FAKE_STRIPE_KEYS.publishableKey,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': cardNumber,
          'payment_method_data[card][exp_month]': '12',
          'payment_method_data[card][exp_year]': '2034',
          'payment_method_data[card][cvc]': '123',
          return_url: returnUrl,
        }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
