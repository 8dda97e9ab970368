import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import { requireCaller } from '../access/auth.plugin.js';
import { CheckoutIdParams } from '../checkout/checkout.contract.js';
import { actorOf } from '../events/actor.js';
import { EmptyOut } from '../pricing/wire/common.contract.js';
import { CHECKOUT_PREFIXES, onPaths } from '../pricing/wire/ecom-http.js';
import { paymentMethodIn } from './payment-method-in.js';
import {
  deleteSavedPaymentMethod,
  listSavedPaymentMethods,
  selectPaymentMethod,
} from './payment-methods.service.js';
import {
  SavedPaymentMethodParams,
  SavedPaymentMethodsResponse,
  SelectPaymentMethodRequest,
  SelectPaymentMethodResponse,
} from './payments.contract.js';
import type { PaymentProviders } from './payments.service.js';

/**
 * Our payment calls besides create-order (README "Payments"): choosing how a checkout will be paid, and
 * a member's saved payment methods (their own only).
 */
export const paymentRoutes: FastifyPluginAsyncTypebox<{
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

  const member = requireCaller(['member']);
  app.get(
    '/ecom/v1/payment-methods',
    {
      schema: {
        summary: "The member's saved payment methods",
        tags,
        response: { 200: SavedPaymentMethodsResponse },
      },
      preHandler: member,
    },
    async (request) => ({
      paymentMethods: await listSavedPaymentMethods(db, memberKey(request.caller)),
    }),
  );
  app.delete(
    '/ecom/v1/payment-methods/:id',
    {
      schema: {
        summary: 'Delete one of the member’s saved payment methods',
        tags,
        params: SavedPaymentMethodParams,
        response: { 200: EmptyOut },
      },
      preHandler: member,
    },
    async (request) => {
      await deleteSavedPaymentMethod(db, memberKey(request.caller), request.params.id);
      return {};
    },
  );
};

function memberKey(caller: { kind: string; memberId?: string }): string {
  return `member:${caller.memberId}`;
}
