import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import { requireCaller } from '../access/index.js';
import { actorOf } from '../events/index.js';
import type { PaymentProviders } from '../payments/index.js';
import {
  paymentMethodIn,
  SelectPaymentMethodRequest,
  SelectPaymentMethodResponse,
} from '../payments/index.js';
import { CHECKOUT_PREFIXES, onPaths } from '../pricing/index.js';
import { CheckoutIdParams } from './checkout.contract.js';
import { selectPaymentMethod } from './payment-selection.service.js';

/** Choosing how a checkout will be paid (docs/api/cart-checkout-orders.md "Payments"), for a create-order without paymentMethod. */
export const paymentSelectionRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: () => Date;
  providers: PaymentProviders;
}> = async (app, { db, clock, providers }) => {
  const tags = ['ecom: payments'];
  onPaths(CHECKOUT_PREFIXES, '/:id/select-payment-method', (url, hide) =>
    app.post(
      url,
      {
        schema: {
          summary: 'Choose how the checkout will be paid (used by a create-order without paymentMethod)',
          tags,
          hide,
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
    ),
  );
};
