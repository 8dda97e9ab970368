import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type Stripe from 'stripe';
import Type from 'typebox';
import { AppError } from '../../../lib/http/errors.js';
import type { LocalCatalogChanges } from '../../catalog/index.js';
import type { PaymentProviders } from '../../payments/index.js';
import type { EcomDeps } from '../../pricing/index.js';
import { applyStripeEvent } from './stripe-webhook.service.js';

/** Stripe sends events of at most a few kilobytes; this bounds what an unverified caller can make us hash. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * POST /payments/v1/stripe/webhook (docs/api/payments.md): Stripe's events, verified with the webhook
 * signing secret on the raw body (a bad or missing signature is a 400 and changes nothing), then applied
 * once. Stripe retries any non-2xx, so a failure worth retrying answers 503.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncTypebox<
  EcomDeps & {
    catalogChanges: Pick<LocalCatalogChanges, 'committed'>;
    providers: PaymentProviders;
    stripe: Stripe;
    webhookSecret: string;
  }
> = async (app, { db, clock, pricing, catalogChanges, providers, stripe, webhookSecret }) => {
  // The signature covers the exact bytes Stripe sent: this plugin's JSON is kept raw, not parsed.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: MAX_EVENT_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/payments/v1/stripe/webhook',
    {
      schema: {
        summary: 'Stripe webhook endpoint (events signed with STRIPE_WEBHOOK_SECRET)',
        tags: ['ecom: payments'],
        headers: Type.Object({ 'stripe-signature': Type.Optional(Type.String({ maxLength: 2048 })) }),
        response: { 200: Type.Object({ received: Type.Boolean(), outcome: Type.String() }) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (!signature || !Buffer.isBuffer(body))
        throw new AppError('INVALID_SIGNATURE', 'Missing Stripe signature', {
          status: 400,
          description: 'The Stripe-Signature header and a JSON body are required.',
        });
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(body, signature, webhookSecret);
      } catch (error) {
        throw new AppError('INVALID_SIGNATURE', 'The Stripe signature does not match', {
          status: 400,
          description:
            'The event is not signed with STRIPE_WEBHOOK_SECRET (or is too old): nothing was changed. ' +
            'Check that the secret is the one of this endpoint in Stripe’s dashboard.',
          cause: error,
        });
      }
      const outcome = await applyStripeEvent(db, event, {
        env: pricing,
        now: clock(),
        providers,
      });
      // An order placed from the event took stock: this process's catalog reads must show it.
      if (outcome === 'applied') catalogChanges.committed();
      return { received: true, outcome };
    },
  );
};
