import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { StripeConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireCaller } from '../access/index.js';
import { EmptyOut } from '../pricing/index.js';
import { deleteSavedPaymentMethod, listSavedPaymentMethods } from './payment-methods.service.js';
import { SavedPaymentMethodParams, SavedPaymentMethodsResponse } from './payments.contract.js';
import { cardProviderOf, type PaymentProviders } from './providers/payment-providers.service.js';

const PaymentSettingsResponse = Type.Object({
  cardProvider: Type.Union([Type.Literal('STRIPE'), Type.Literal('SANDBOX_CARD'), Type.Literal('NONE')]),
  stripe: Type.Optional(
    Type.Object({
      publishableKey: Type.String(),
      /** Where the hosted checkout loads Stripe.js from (https://js.stripe.com/v3 unless set otherwise). */
      scriptUrl: Type.String(),
    }),
  ),
});

/**
 * Our payment calls besides create-order and select-payment-method (docs/api/cart-checkout-orders.md "Payments"): a member's saved
 * payment methods (their own only).
 */
export const paymentRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  providers: PaymentProviders;
  stripe?: Pick<StripeConfig, 'publishableKey' | 'jsUrl'> | undefined;
}> = async (app, { db, providers, stripe }) => {
  const tags = ['ecom: payments'];
  // Public: which card form a checkout shows (the publishable key is meant for browsers).
  // Read per request: the owner may switch between the sandbox and Stripe in the admin (ADR 050).
  const settings = () => {
    const cardProvider = cardProviderOf(providers)?.name;
    return {
      cardProvider: cardProvider === 'STRIPE' || cardProvider === 'SANDBOX_CARD' ? cardProvider : 'NONE',
      ...(stripe && cardProvider === 'STRIPE'
        ? { stripe: { publishableKey: stripe.publishableKey, scriptUrl: stripe.jsUrl } }
        : {}),
    } as const;
  };
  app.get(
    '/ecom/v1/payment-settings',
    {
      schema: {
        summary: 'How this store takes cards: the sandbox, or Stripe with its publishable key',
        tags,
        response: { 200: PaymentSettingsResponse },
      },
    },
    async () => settings(),
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
