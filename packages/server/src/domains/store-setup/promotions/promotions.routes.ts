import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/client.js';
import { pagingMetadata, resolvePaging } from '../../../lib/paging.js';
import { requireMerchant } from '../../access/index.js';
import { Converter, couponIn, couponOut, giftCardOut, giftCardTransactionsOut } from '../setup.mapper.js';
import { EmptyResponse, IdParams, ListQuery } from '../store-setup.contract.js';
import { createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon } from './coupons.service.js';
import {
  disableGiftCard,
  getGiftCard,
  issueGiftCard,
  listGiftCards,
  listGiftCardTransactions,
} from './gift-cards.service.js';
import {
  CouponResponse,
  CouponsResponse,
  CreateCouponRequest,
  GiftCardResponse,
  GiftCardsResponse,
  IssueGiftCardRequest,
  IssueGiftCardResponse,
  UpdateCouponRequest,
} from './promotions.contract.js';

/** Coupons, gift cards, membership plans and members' memberships (admin API, any merchant key). */
export const promotionRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: () => Date;
  /** The store currency now (set in the admin, else STORE_CURRENCY). */
  storeCurrency: () => string;
}> = async (app, { db, clock, storeCurrency: currency }) => {
  const preHandler = requireMerchant();
  const base = '/admin-api/v1';

  const couponTags = ['admin: coupons'];
  app.get(
    `${base}/coupons`,
    {
      schema: {
        summary: 'Coupons (search by code)',
        tags: couponTags,
        querystring: ListQuery,
        response: { 200: CouponsResponse },
      },
      preHandler,
    },
    async (request) => {
      const paging = resolvePaging(request.query);
      const { coupons, total } = await listCoupons(db, {
        paging,
        ...(request.query.code ? { code: request.query.code } : {}),
      });
      return {
        coupons: coupons.map((c) => couponOut(c, currency())),
        metadata: pagingMetadata(coupons.length, paging, total),
      };
    },
  );
  app.post(
    `${base}/coupons`,
    {
      schema: {
        summary: 'Create a coupon',
        tags: couponTags,
        body: CreateCouponRequest,
        response: { 200: CouponResponse },
      },
      preHandler,
    },
    async (request) => {
      const input = couponIn(request.body.coupon, new Converter(currency()));
      const coupon = await createCoupon(db, {
        ...input,
        code: request.body.coupon.code,
        name: request.body.coupon.name,
        kind: request.body.coupon.kind,
      });
      return { coupon: couponOut(coupon, currency()) };
    },
  );
  app.get(
    `${base}/coupons/:id`,
    {
      schema: { summary: 'A coupon', tags: couponTags, params: IdParams, response: { 200: CouponResponse } },
      preHandler,
    },
    async (request) => ({ coupon: couponOut(await getCoupon(db, request.params.id), currency()) }),
  );
  app.patch(
    `${base}/coupons/:id`,
    {
      schema: {
        summary: 'Change a coupon',
        tags: couponTags,
        params: IdParams,
        body: UpdateCouponRequest,
        response: { 200: CouponResponse },
      },
      preHandler,
    },
    async (request) => {
      const patch = couponIn(request.body.coupon, new Converter(currency()));
      return { coupon: couponOut(await updateCoupon(db, request.params.id, patch), currency()) };
    },
  );
  app.delete(
    `${base}/coupons/:id`,
    {
      schema: {
        summary: 'Delete a coupon',
        tags: couponTags,
        params: IdParams,
        response: { 200: EmptyResponse },
      },
      preHandler,
    },
    async (request) => {
      await deleteCoupon(db, request.params.id);
      return {};
    },
  );

  const giftCardTags = ['admin: gift cards'];
  app.get(
    `${base}/gift-cards`,
    {
      schema: {
        summary: 'Gift cards',
        tags: giftCardTags,
        querystring: ListQuery,
        response: { 200: GiftCardsResponse },
      },
      preHandler,
    },
    async (request) => {
      const paging = resolvePaging(request.query);
      const { giftCards, total } = await listGiftCards(db, paging);
      return {
        giftCards: giftCards.map(giftCardOut),
        metadata: pagingMetadata(giftCards.length, paging, total),
      };
    },
  );
  app.post(
    `${base}/gift-cards`,
    {
      schema: {
        summary: 'Issue a gift card (the code is shown once)',
        tags: giftCardTags,
        body: IssueGiftCardRequest,
        response: { 200: IssueGiftCardResponse },
      },
      preHandler,
    },
    async (request) => {
      const input = request.body.giftCard;
      const c = new Converter(currency());
      const initialBalanceMinor = c.done(c.minor(input.initialBalance, 'giftCard.initialBalance'));
      const { giftCard, code } = await db.transaction((tx) =>
        issueGiftCard(tx, {
          initialBalanceMinor,
          currency: c.currency,
          ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}),
          ...(input.recipientEmail ? { recipientEmail: input.recipientEmail } : {}),
          ...(input.code ? { code: input.code } : {}),
        }),
      );
      return { giftCard: giftCardOut(giftCard), code };
    },
  );
  app.get(
    `${base}/gift-cards/:id`,
    {
      schema: {
        summary: 'A gift card, its balance and ledger',
        tags: giftCardTags,
        params: IdParams,
        response: { 200: GiftCardResponse },
      },
      preHandler,
    },
    async (request) => {
      const giftCard = await getGiftCard(db, request.params.id);
      const transactions = await listGiftCardTransactions(db, giftCard.id);
      return {
        giftCard: giftCardOut(giftCard),
        transactions: giftCardTransactionsOut(transactions, giftCard.currency),
      };
    },
  );
  app.post(
    `${base}/gift-cards/:id/disable`,
    {
      schema: {
        summary: 'Disable a gift card',
        tags: giftCardTags,
        params: IdParams,
        response: { 200: GiftCardResponse },
      },
      preHandler,
    },
    async (request) => ({
      giftCard: giftCardOut(await disableGiftCard(db, request.params.id, clock())),
    }),
  );
};
