import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { invalidField } from '../../../lib/http/errors.js';
import { toMinorUnits, toWireMoney } from '../../../lib/money.js';
import { percentToPpm, ppmToPercent } from '../../../lib/ratio.js';
import { requireMerchant } from '../../access/index.js';
import { CATALOG_WRITE, type CatalogHttp } from '../catalog.http.js';
import type { ProductDeposit } from '../catalog.types.js';
import { type DepositSettings, readDeposits, setDeposit } from './deposits.service.js';

const DepositIn = Type.Object({
  variantId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  amount: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Number()])),
  percentage: Type.Optional(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 100 })),
});
const DepositOut = Type.Object({
  amount: Type.Optional(Type.Object({ amount: Type.String(), formattedAmount: Type.String() })),
  percentage: Type.Optional(Type.Number()),
});
const DepositsOut = Type.Object({
  productId: Type.String(),
  deposit: Type.Union([DepositOut, Type.Null()]),
  variants: Type.Array(Type.Object({ variantId: Type.String(), deposit: DepositOut })),
});
const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

/**
 * A product's deposit (ours; the protocol's catalog provides `depositAmount` per item): buyers pay it
 * at checkout and the rest later (DEPOSIT_ONLINE). Merchant keys; `variantId` sets a variant's own.
 */
export const depositRoutes: FastifyPluginAsyncTypebox<{ http: CatalogHttp }> = async (app, { http }) => {
  const tags = ['admin: deposits'];
  const preHandler = requireMerchant();
  const currency = http.currency;
  const out = (settings: DepositSettings) => {
    const one = (deposit: ProductDeposit) =>
      deposit.ppm !== undefined
        ? { percentage: ppmToPercent(deposit.ppm) }
        : { amount: toWireMoney(deposit.amountMinor ?? 0, currency) };
    return {
      productId: settings.productId,
      deposit: settings.deposit ? one(settings.deposit) : null,
      variants: settings.variants.map((v) => ({ variantId: v.variantId, deposit: one(v.deposit) })),
    };
  };
  const url = '/admin-api/v1/products/:id/deposit';
  app.get(
    url,
    {
      schema: { summary: "A product's deposits", tags, params: Params, response: { 200: DepositsOut } },
      preHandler,
    },
    async (request) => out(await readDeposits(http.db, request.params.id)),
  );
  app.put(
    url,
    {
      schema: {
        summary: 'Set the deposit of a product or variant: an amount or a percentage per unit',
        tags,
        params: Params,
        body: DepositIn,
        response: { 200: DepositsOut },
      },
      preHandler,
      config: CATALOG_WRITE,
    },
    async (request) => {
      const { amount, percentage, variantId } = request.body;
      if ((amount === undefined) === (percentage === undefined))
        throw invalidField('amount', 'ONE_OF_ALIGNMENT', 'give exactly one of amount or percentage');
      let deposit: ProductDeposit;
      if (amount !== undefined) {
        const minor = toMinorUnits(amount, currency);
        if (minor === undefined || minor <= 0)
          throw invalidField('amount', 'FORMAT', `must be a positive amount in ${currency}, e.g. "10.00"`);
        deposit = { amountMinor: minor };
      } else {
        const ppm = percentToPpm(percentage as number);
        if (ppm === undefined)
          throw invalidField('percentage', 'DECIMAL_MAX_SCALE', 'must have at most 4 decimals');
        deposit = { ppm };
      }
      const settings = await setDeposit(
        http.db,
        { productId: request.params.id, ...(variantId ? { variantId } : {}), deposit },
        http.write(request).now ?? new Date(),
      );
      return out(settings);
    },
  );
  app.delete(
    url,
    {
      schema: {
        summary: 'Remove the deposit of a product (or of a variant: ?variantId=)',
        tags,
        params: Params,
        querystring: Type.Object({ variantId: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: DepositsOut },
      },
      preHandler,
      config: CATALOG_WRITE,
    },
    async (request) => {
      const { variantId } = request.query;
      return out(
        await setDeposit(
          http.db,
          { productId: request.params.id, ...(variantId ? { variantId } : {}), deposit: null },
          http.write(request).now ?? new Date(),
        ),
      );
    },
  );
};
