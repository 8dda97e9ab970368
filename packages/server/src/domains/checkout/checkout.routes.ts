import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { invalidField } from '../../lib/http/errors.js';
import { mountOnPrefixes } from '../../lib/http/prefixes.js';
import { requireCaller } from '../access/index.js';
import {
  CHECKOUT_PREFIXES,
  catalogLinesIn,
  customLinesIn,
  type EcomDeps,
  EmptyOut,
  ecomHttp,
  merchantDiscountsIn,
  RemoveLineItemsRequest,
  UpdateQuantitiesRequest,
} from '../pricing/index.js';
import {
  AddToCheckoutRequest,
  CheckoutIdParams,
  CheckoutResponse,
  CreateCheckoutRequest,
  UpdateCheckoutRequest,
} from './checkout.contract.js';
import { checkoutOut } from './checkout.mapper.js';
import { createCheckoutFromLineItems, getCheckout, getCheckoutByCartId } from './checkout.service.js';
import { checkoutFieldMaskIn, checkoutInfoIn } from './checkout-in.mapper.js';
import {
  addToCheckout,
  markCheckoutAsCompleted,
  removeCheckoutCoupon,
  removeCheckoutGiftCard,
  removeCheckoutLineItems,
  removeOverrideCheckoutUrl,
  updateCheckout,
  updateCheckoutLineItemsQuantity,
} from './checkout-update.service.js';
import { checkOverrideCheckoutUrl } from './checkout-url/override-checkout-url.service.js';

/**
 * Checkouts (wire-protocol.md §4.2): shoppers work on their own checkouts, merchants (API keys) on any.
 * create-order lives with the orders (orders.routes.ts).
 */
const checkoutCallRoutes: FastifyPluginAsyncTypebox<EcomDeps> = async (app, deps) => {
  const http = ecomHttp(deps);
  const { db, env } = http;
  const tags = ['ecom: checkout'];
  const preHandler = requireCaller(['visitor', 'member', 'staff', 'app']);
  const params = CheckoutIdParams;
  const reply = { 200: CheckoutResponse };
  /** Merchant discounts sent at the top level or inside the checkout part (`checkoutInfo`, `checkout`). */
  const discountsOf = (
    body: { merchantDiscounts?: Parameters<typeof merchantDiscountsIn>[0] },
    part: { merchantDiscounts?: Parameters<typeof merchantDiscountsIn>[0] } | undefined,
    partName: string,
    caller: Parameters<typeof merchantDiscountsIn>[2],
  ) => {
    if (body.merchantDiscounts !== undefined && part?.merchantDiscounts !== undefined)
      throw invalidField(
        `${partName}.merchantDiscounts`,
        'ONE_OF_ALIGNMENT',
        'send merchant discounts once: here or as the top-level merchantDiscounts',
      );
    return part?.merchantDiscounts !== undefined
      ? merchantDiscountsIn(part.merchantDiscounts, env.currency, caller, `${partName}.merchantDiscounts`)
      : merchantDiscountsIn(body.merchantDiscounts, env.currency, caller);
  };

  app.post(
    '',
    {
      schema: {
        summary: 'Create a checkout from line items',
        tags,
        body: CreateCheckoutRequest,
        response: reply,
      },
      preHandler,
    },
    async (request) => {
      const body = request.body;
      const info = checkoutInfoIn(body.checkoutInfo, undefined, 'checkoutInfo');
      const merchantDiscounts = discountsOf(body, body.checkoutInfo, 'checkoutInfo', request.caller);
      await checkOverrideCheckoutUrl(
        db,
        http.publicUrl,
        request.caller,
        body.overrideCheckoutUrl,
        'overrideCheckoutUrl',
      );
      const buyer = body.checkoutInfo?.buyerInfo;
      const view = await createCheckoutFromLineItems(
        db,
        {
          lineItems: catalogLinesIn(body.lineItems, http, request),
          customLines: customLinesIn(body.customLineItems, env.currency, request.caller),
          channelType: body.channelType ?? 'WEB',
          ...(body.couponCode ? { couponCode: body.couponCode } : {}),
          ...(body.giftCardCode ? { giftCardCode: body.giftCardCode } : {}),
          ...(body.overrideCheckoutUrl ? { overrideCheckoutUrl: body.overrideCheckoutUrl } : {}),
          ...info,
          ...(merchantDiscounts ? { merchantDiscounts } : {}),
          ...(buyer?.visitorId || buyer?.memberId
            ? {
                buyer: {
                  ...(buyer.visitorId ? { visitorId: buyer.visitorId } : {}),
                  ...(buyer.memberId ? { memberId: buyer.memberId } : {}),
                },
              }
            : {}),
        },
        http.ctx(request),
      );
      return { checkout: checkoutOut(view) };
    },
  );

  app.get(
    '/:id',
    { schema: { summary: 'Get a checkout', tags, params, response: reply }, preHandler },
    async (request) => ({
      checkout: checkoutOut(await getCheckout(db, env, request.params.id, request.caller, http.now())),
    }),
  );
  app.patch(
    '/:id',
    {
      schema: {
        summary: 'Update a checkout',
        tags,
        params,
        body: UpdateCheckoutRequest,
        response: reply,
      },
      preHandler,
    },
    async (request) => {
      const body = request.body;
      const quantities = (body.lineItems ?? []).flatMap((item, index) => {
        if (item.catalogReference) return [];
        if (!item.id || item.quantity === undefined)
          throw invalidField(
            `lineItems[${index}]`,
            'REQUIRED_FIELD',
            'needs id and quantity to change a line, or catalogReference to add one',
          );
        return [{ id: item.id, quantity: item.quantity }];
      });
      const additions = (body.lineItems ?? []).flatMap((item) =>
        item.catalogReference ? [{ catalogReference: item.catalogReference, quantity: item.quantity }] : [],
      );
      const merchantDiscounts = discountsOf(body, body.checkout, 'checkout', request.caller);
      await checkOverrideCheckoutUrl(
        db,
        http.publicUrl,
        request.caller,
        body.overrideCheckoutUrl,
        'overrideCheckoutUrl',
      );
      const view = await updateCheckout(
        db,
        request.params.id,
        {
          ...checkoutInfoIn(body.checkout, checkoutFieldMaskIn(body.fieldMask)),
          ...(merchantDiscounts ? { merchantDiscounts } : {}),
          ...(body.couponCode ? { couponCode: body.couponCode } : {}),
          ...(body.giftCardCode ? { giftCardCode: body.giftCardCode } : {}),
          ...(body.overrideCheckoutUrl ? { overrideCheckoutUrl: body.overrideCheckoutUrl } : {}),
          quantities,
          addLineItems: catalogLinesIn(additions, http, request),
          customLines: customLinesIn(body.customLineItems, env.currency, request.caller),
        },
        http.ctx(request),
      );
      return { checkout: checkoutOut(view) };
    },
  );

  app.get(
    '/by-cart-id/:id',
    { schema: { summary: 'Get the checkout of a cart', tags, params, response: reply }, preHandler },
    async (request) => ({
      checkout: checkoutOut(
        await getCheckoutByCartId(db, env, request.params.id, request.caller, http.now()),
      ),
    }),
  );

  // `/:id/checkout-url` is served by the redirects domain: it is a redirect session's URL.

  const simple = [
    ['/remove-coupon', 'Remove the coupon', removeCheckoutCoupon],
    ['/remove-gift-card', 'Remove the gift card', removeCheckoutGiftCard],
    ['/remove-override-checkout-url', 'Remove the override checkout URL', removeOverrideCheckoutUrl],
  ] as const;
  for (const [suffix, summary, change] of simple) {
    app.post(
      `/:id${suffix}`,
      { schema: { summary, tags, params, response: reply }, preHandler },
      async (request) => ({
        checkout: checkoutOut(await change(db, request.params.id, http.ctx(request))),
      }),
    );
  }

  app.post(
    '/:id/add-to-checkout',
    {
      schema: { summary: 'Add lines', tags, params, body: AddToCheckoutRequest, response: reply },
      preHandler,
    },
    async (request) => {
      const view = await addToCheckout(
        db,
        request.params.id,
        {
          lineItems: catalogLinesIn(request.body.lineItems, http, request),
          customLines: customLinesIn(request.body.customLineItems, env.currency, request.caller),
        },
        http.ctx(request),
      );
      return { checkout: checkoutOut(view) };
    },
  );

  app.post(
    '/:id/remove-line-items',
    {
      schema: {
        summary: 'Remove lines',
        tags,
        params,
        body: RemoveLineItemsRequest,
        response: reply,
      },
      preHandler,
    },
    async (request) => ({
      checkout: checkoutOut(
        await removeCheckoutLineItems(db, request.params.id, request.body.lineItemIds, http.ctx(request)),
      ),
    }),
  );

  app.post(
    '/:id/update-line-items-quantity',
    {
      schema: {
        summary: 'Change line quantities',
        tags,
        params,
        body: UpdateQuantitiesRequest,
        response: reply,
      },
      preHandler,
    },
    async (request) => ({
      checkout: checkoutOut(
        await updateCheckoutLineItemsQuantity(
          db,
          request.params.id,
          request.body.lineItems,
          http.ctx(request),
        ),
      ),
    }),
  );

  app.post(
    '/:id/mark-as-completed',
    {
      schema: {
        summary: 'Mark the checkout completed (idempotent)',
        tags,
        params,
        body: Type.Optional(Type.Object({ orderId: Type.Optional(Type.String({ maxLength: 100 })) })),
        response: { 200: EmptyOut },
      },
      preHandler,
    },
    async (request) => {
      await markCheckoutAsCompleted(db, request.params.id, http.ctx(request));
      return {};
    },
  );
};

/** Checkouts on the protocol clients' path and the spec's. */
export const checkoutRoutes: FastifyPluginAsyncTypebox<EcomDeps> = (app, deps) =>
  mountOnPrefixes(app, checkoutCallRoutes, deps, CHECKOUT_PREFIXES);
