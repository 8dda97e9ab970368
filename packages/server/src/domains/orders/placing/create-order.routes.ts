import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mountOnPrefixes } from '../../../lib/http/prefixes.js';
import { requireCaller } from '../../access/index.js';
import type { LocalCatalogChanges } from '../../catalog/index.js';
import { CheckoutIdParams } from '../../checkout/index.js';
import type { PaymentProviders } from '../../payments/index.js';
import { paymentMethodIn } from '../../payments/index.js';
import { CHECKOUT_PREFIXES, type EcomDeps, ecomHttp } from '../../pricing/index.js';
import { CreateOrderRequest, CreateOrderResponse } from './create-order.contract.js';
import { createOrder } from './create-order.service.js';

interface CreateOrderDeps extends EcomDeps {
  catalogChanges: Pick<LocalCatalogChanges, 'committed'>;
  providers: PaymentProviders;
}

/** POST /checkouts/{id}/create-order (wire-protocol.md §4.2): the checkout's owner or a merchant. */
const orderCreationRoutes: FastifyPluginAsyncTypebox<CreateOrderDeps> = async (
  app,
  { catalogChanges, providers, ...ecom },
) => {
  const http = ecomHttp(ecom);
  app.post(
    '/:id/create-order',
    {
      schema: {
        summary: 'Create the order (idempotent per checkout)',
        tags: ['ecom: checkout'],
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
          ...(body.paymentMethod ? { method: paymentMethodIn(body.paymentMethod) } : {}),
          ...(body.delayCapture !== undefined ? { delayCapture: body.delayCapture } : {}),
          ...(body.savePaymentMethod !== undefined ? { savePaymentMethod: body.savePaymentMethod } : {}),
        },
        { ...http.ctx(request), providers },
      );
      // The order took stock and has committed: this process's catalog reads must show it now.
      catalogChanges.committed();
      return created;
    },
  );
};

/** create-order on the protocol clients' checkouts path and the spec's. */
export const createOrderRoutes: FastifyPluginAsyncTypebox<CreateOrderDeps> = (app, deps) =>
  mountOnPrefixes(app, orderCreationRoutes, deps, CHECKOUT_PREFIXES);
