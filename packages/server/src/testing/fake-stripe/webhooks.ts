import Stripe from 'stripe';
import { FAKE_STRIPE_KEYS } from './keys.js';
import { idOf } from './state.js';

/**
 * The fake's events: each change is recorded as a Stripe event and, when delivering automatically, sent
 * at once (not awaited, as Stripe's deliveries race the API's reply) to the webhook URL, signed with
 * Stripe's real scheme by the real `stripe` package.
 */
export function webhookSender(options: { webhookUrl?: string | undefined; autoDeliver?: boolean }) {
  const events: Stripe.Event[] = [];
  const deliveries: Promise<unknown>[] = [];
  let webhookUrl = options.webhookUrl;
  let autoDeliver = options.autoDeliver ?? false;
  const signer = new Stripe(FAKE_STRIPE_KEYS.secretKey);

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

  return {
    events,
    emit,
    deliver,
    setWebhookUrl(url: string, deliverAutomatically = autoDeliver) {
      webhookUrl = url;
      autoDeliver = deliverAutomatically;
    },
    /** Waits for the events sent automatically so far. */
    async delivered() {
      await Promise.all(deliveries);
    },
  };
}
