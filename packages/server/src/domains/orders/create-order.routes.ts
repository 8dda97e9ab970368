import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import type { AppDeps } from '../../app.js';
import { invalidField } from '../../http/errors.js';
import { requireCaller } from '../../http/plugins/auth.js';
import { CheckoutIdParams } from '../checkout/checkout.contract.js';
import { CHECKOUT_PREFIXES, ecomHttp, onPaths } from '../checkout/ecom-http.js';
import type { PaymentProviders } from '../payments/payments.service.js';
import type { PaymentMethodInput } from '../payments/provider.js';
import { CreateOrderRequest, CreateOrderResponse } from './create-order.contract.js';
import { createOrder } from './create-order.service.js';

/** POST /checkouts/{id}/create-order (wire-protocol.md §4.2): the checkout's owner or a merchant. */
export const createOrderRoutes: FastifyPluginAsyncTypebox<{
  deps: AppDeps;
  providers: PaymentProviders;
}> = async (app, { deps, providers }) => {
  const http = ecomHttp(deps);
  onPaths(CHECKOUT_PREFIXES, '/:id/create-order', (url, hide) =>
    app.post(
      url,
      {
        schema: {
          summary: 'Create the order (idempotent per checkout)',
          tags: ['ecom: checkout'],
          hide,
          params: CheckoutIdParams,
          body: CreateOrderRequest,
          response: { 200: CreateOrderResponse },
        },
        preHandler: requireCaller(['visitor', 'member', 'staff', 'app']),
      },
      async (request) => {
        const body = request.body;
        const created = await createOrder(
          http.db,
          {
            checkoutId: request.params.id,
            method: paymentMethodIn(body.paymentMethod),
            delayCapture: body.delayCapture ?? false,
            savePaymentMethod: body.savePaymentMethod ?? false,
          },
          { ...http.ctx(request), providers },
        );
        // The order took stock and has committed: this process's catalog reads must show it now.
        deps.catalogChanges.committed();
        return created;
      },
    ),
  );
};

function paymentMethodIn(method: Static<typeof CreateOrderRequest>['paymentMethod']): PaymentMethodInput {
  if (!method || method.type === 'OFFLINE') return { type: 'OFFLINE' };
  switch (method.type) {
    case 'SANDBOX_CARD':
      if (!method.card)
        throw invalidField('paymentMethod.card', 'REQUIRED_FIELD', 'is required for SANDBOX_CARD');
      return { type: 'SANDBOX_CARD', card: method.card };
    default:
      if (!method.savedPaymentMethodId)
        throw invalidField(
          'paymentMethod.savedPaymentMethodId',
          'REQUIRED_FIELD',
          'is required for SAVED_METHOD',
        );
      return { type: 'SAVED_METHOD', savedPaymentMethodId: method.savedPaymentMethodId };
  }
}
