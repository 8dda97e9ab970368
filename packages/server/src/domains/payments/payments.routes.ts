import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import { requireCaller } from '../access/index.js';
import { EmptyOut } from '../pricing/index.js';
import { deleteSavedPaymentMethod, listSavedPaymentMethods } from './payment-methods.service.js';
import { SavedPaymentMethodParams, SavedPaymentMethodsResponse } from './payments.contract.js';

/**
 * Our payment calls besides create-order and select-payment-method (docs/api/cart-checkout-orders.md "Payments"): a member's saved
 * payment methods (their own only).
 */
export const paymentRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const tags = ['ecom: payments'];
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
