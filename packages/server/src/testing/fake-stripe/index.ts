import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { fakeCharges } from './charges.js';
import { fakeDisputes } from './disputes.js';
import { FAKE_STRIPE_KEYS } from './keys.js';
import { fakeRefunds } from './refunds.js';
import { fakeStripeServer, type Hold } from './server.js';
import type {
  FakeCharge,
  FakeCustomer,
  FakeDispute,
  FakeIntent,
  FakePaymentMethod,
  FakeRefund,
  FakeStore,
} from './state.js';
import { webhookSender } from './webhooks.js';

export { FAKE_STRIPE_KEYS };

/**
 * A local fake of the parts of Stripe's API the store uses (ADR 035), served over real HTTP for the real
 * `stripe` client and for a fake Stripe.js in Chromium: customers, payment methods, PaymentIntents (create,
 * confirm, capture, cancel, retrieve with `expand`), refunds; form-encoded bodies; `Idempotency-Key`
 * honoured (same key, same reply; same key with other parameters, Stripe's 400); test cards (4242…
 * succeeds, 4000000000000002 declines, 4000002500003155 asks for 3-D Secure on a page the fake serves);
 * events signed with Stripe's real scheme and delivered to a webhook URL; refunds and disputes made in
 * Stripe's dashboard. Its parts: charges.ts, refunds.ts, disputes.ts, webhooks.ts, server.ts.
 */
export async function startFakeStripe(options: { webhookUrl?: string; autoDeliver?: boolean } = {}) {
  const webhooks = webhookSender(options);
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  const dropReplies: ((path: string) => boolean)[] = [];
  const slowReplies: { matches: (path: string) => boolean; ms: number }[] = [];
  const holds: Hold[] = [];
  let base = '';
  const store: FakeStore = {
    intents: new Map<string, FakeIntent>(),
    methods: new Map<string, FakePaymentMethod>(),
    charges: new Map<string, FakeCharge>(),
    customers: new Map<string, FakeCustomer>(),
    refunds: new Map<string, FakeRefund>(),
    disputes: new Map<string, FakeDispute>(),
    emit: webhooks.emit,
    base: () => base,
  };
  const { intents, methods, charges, customers, refunds } = store;
  const charging = fakeCharges(store);
  const refunding = fakeRefunds(store);
  const disputes = fakeDisputes(store);
  const server = fakeStripeServer({
    routes: [...charging.routes, ...refunding.routes],
    base: () => base,
    threeDSecure: charging.threeDSecure,
    requests,
    dropReplies,
    slowReplies,
    holds,
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
    events: webhooks.events as Stripe.Event[],
    requests,
    /** The next reply to a path that matches is lost after the work is done (once per call). */
    dropNextReply(matches: (path: string) => boolean) {
      dropReplies.push(matches);
    },
    /**
     * Holds the next request to a path that matches, `before` doing it (Stripe never hears of it) or
     * `after` (done, the reply never sent): for killing the store at that moment. `arrived` resolves when
     * it is held; `release` drops its connection.
     */
    holdNext(matches: Hold['matches'], when: 'before' | 'after') {
      let arrived: () => void = () => {};
      let release: () => void = () => {};
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ matches, when, arrived, released });
      return { arrived: arrival, release };
    },
    /** The next reply to a path that matches is sent only after `ms` (the work is done at once). */
    slowNextReply(matches: (path: string) => boolean, ms: number) {
      slowReplies.push({ matches, ms });
    },
    setWebhookUrl: webhooks.setWebhookUrl,
    deliver: webhooks.deliver,
    /** Waits for the events sent automatically so far. */
    delivered: webhooks.delivered,
    refunds,
    refundInDashboard: refunding.refundInDashboard,
    failNextRefunds: refunding.failNextRefunds,
    ...disputes,
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
