import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Db } from '../../../db/client.js';
import { mountOnPrefixes } from '../../../lib/http/prefixes.js';
import { requireCaller } from '../../access/index.js';
import { actorOf } from '../../events/index.js';
import type { PaymentProviders } from '../../payments/index.js';
import {
  paymentMethodIn,
  SelectPaymentMethodRequest,
  SelectPaymentMethodResponse,
} from '../../payments/index.js';
import { CHECKOUT_PREFIXES, type PricingEnv } from '../../pricing/index.js';
import { CheckoutIdParams } from '../checkout.contract.js';
import { prepareCheckoutPayment } from './payment-intent.service.js';
import { selectPaymentMethod } from './payment-selection.service.js';

const PreparePaymentRequest = Type.Object({
  savePaymentMethod: Type.Optional(Type.Boolean()),
  delayCapture: Type.Optional(Type.Boolean()),
});
const PreparePaymentResponse = Type.Object({
  paymentIntentId: Type.String(),
  clientSecret: Type.String({ description: 'For Stripe.js only: confirms this one payment' }),
});

interface PaymentSelectionDeps {
  db: Db;
  clock: () => Date;
  pricing: PricingEnv;
  providers: PaymentProviders;
}

/**
 * Choosing how a checkout will be paid (docs/api/payments.md), for a create-order without paymentMethod,
 * and the Stripe PaymentIntent the hosted checkout's Payment Element confirms.
 */
const paymentChoiceRoutes: FastifyPluginAsyncTypebox<PaymentSelectionDeps> = async (
  app,
  { db, clock, pricing, providers },
) => {
  const tags = ['ecom: payments'];
  app.post(
    '/:id/select-payment-method',
    {
      schema: {
        summary: 'Choose how the checkout will be paid (used by a create-order without paymentMethod)',
        tags,
        params: CheckoutIdParams,
        body: SelectPaymentMethodRequest,
        response: { 200: SelectPaymentMethodResponse },
      },
      preHandler: requireCaller(['visitor', 'member', 'staff', 'app']),
    },
    async (request) => {
      const body = request.body;
      const paymentMethod = await selectPaymentMethod(
        db,
        {
          checkoutId: request.params.id,
          method: paymentMethodIn(body.paymentMethod),
          savePaymentMethod: body.savePaymentMethod ?? false,
          delayCapture: body.delayCapture ?? false,
        },
        { caller: request.caller, actor: actorOf(request.caller), now: clock(), providers },
      );
      return { paymentMethod };
    },
  );
  app.post(
    '/:id/payment-intent',
    {
      schema: {
        summary: 'A Stripe PaymentIntent for the checkout, for Stripe.js to confirm (Stripe stores only)',
        tags,
        params: CheckoutIdParams,
        body: PreparePaymentRequest,
        response: { 200: PreparePaymentResponse },
      },
      preHandler: requireCaller(['visitor', 'member', 'staff', 'app']),
    },
    async (request) => {
      const prepared = await prepareCheckoutPayment(
        db,
        {
          checkoutId: request.params.id,
          savePaymentMethod: request.body.savePaymentMethod ?? false,
          delayCapture: request.body.delayCapture ?? false,
        },
        { caller: request.caller, env: pricing, now: clock(), providers },
      );
      return { paymentIntentId: prepared.paymentIntentId, clientSecret: prepared.clientSecret };
    },
  );
};

/** Payment selection on the protocol clients' checkouts path and the spec's. */
export const paymentSelectionRoutes: FastifyPluginAsyncTypebox<PaymentSelectionDeps> = (app, deps) =>
  mountOnPrefixes(app, paymentChoiceRoutes, deps, CHECKOUT_PREFIXES);
