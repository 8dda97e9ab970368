import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/client.js';
import { requireMerchant } from '../../access/index.js';
import { Converter, taxRatesIn, taxRegionOut } from '../setup.mapper.js';
import {
  CreateTaxRegionRequest,
  EmptyResponse,
  IdParams,
  TaxRegionResponse,
  TaxRegionsResponse,
  UpdateTaxRegionRequest,
} from '../store-setup.contract.js';
import {
  createTaxRegion,
  deleteTaxRegion,
  getTaxRegion,
  listTaxRegions,
  updateTaxRegion,
} from './tax.service.js';

/** Tax regions and their rates (admin API, any merchant key). */
export const taxRoutes: FastifyPluginAsyncTypebox<{ db: Db; storeCurrency: () => string }> = async (
  app,
  { db, storeCurrency: currency },
) => {
  const preHandler = requireMerchant();
  const base = '/admin-api/v1';

  const taxTags = ['admin: tax'];
  app.get(
    `${base}/tax-regions`,
    {
      schema: { summary: 'Tax regions and rates', tags: taxTags, response: { 200: TaxRegionsResponse } },
      preHandler,
    },
    async () => ({ taxRegions: (await listTaxRegions(db)).map(taxRegionOut) }),
  );
  app.post(
    `${base}/tax-regions`,
    {
      schema: {
        summary: 'Create a tax region',
        tags: taxTags,
        body: CreateTaxRegionRequest,
        response: { 200: TaxRegionResponse },
      },
      preHandler,
    },
    async (request) => {
      const { rates, ...rest } = request.body.taxRegion;
      const c = new Converter(currency());
      const input = c.done({ ...rest, rates: taxRatesIn(rates ?? [], c) });
      return { taxRegion: taxRegionOut(await createTaxRegion(db, input)) };
    },
  );
  app.get(
    `${base}/tax-regions/:id`,
    {
      schema: {
        summary: 'A tax region',
        tags: taxTags,
        params: IdParams,
        response: { 200: TaxRegionResponse },
      },
      preHandler,
    },
    async (request) => ({ taxRegion: taxRegionOut(await getTaxRegion(db, request.params.id)) }),
  );
  app.patch(
    `${base}/tax-regions/:id`,
    {
      schema: {
        summary: 'Change a tax region',
        tags: taxTags,
        params: IdParams,
        body: UpdateTaxRegionRequest,
        response: { 200: TaxRegionResponse },
      },
      preHandler,
    },
    async (request) => {
      const { rates, ...rest } = request.body.taxRegion;
      const c = new Converter(currency());
      const patch = c.done({ ...rest, ...(rates ? { rates: taxRatesIn(rates, c) } : {}) });
      return { taxRegion: taxRegionOut(await updateTaxRegion(db, request.params.id, patch)) };
    },
  );
  app.delete(
    `${base}/tax-regions/:id`,
    {
      schema: {
        summary: 'Delete a tax region',
        tags: taxTags,
        params: IdParams,
        response: { 200: EmptyResponse },
      },
      preHandler,
    },
    async (request) => {
      await deleteTaxRegion(db, request.params.id);
      return {};
    },
  );
};
