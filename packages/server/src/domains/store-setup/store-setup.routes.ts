import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireMerchant } from '../access/index.js';
import { getStoreSettings, updateStoreSettings } from './settings/settings.service.js';
import { type StoreIdentityCache, updateStoreIdentity } from './settings/store-identity.service.js';
import { Converter, pickupOut, ratesIn, regionOut, settingsIn, settingsOut } from './setup.mapper.js';
import {
  createPickupLocation,
  createShippingRegion,
  deletePickupLocation,
  deleteShippingRegion,
  getShippingRegion,
  listPickupLocations,
  listShippingRegions,
  updatePickupLocation,
  updateShippingRegion,
} from './shipping/shipping.service.js';
import {
  CreatePickupRequest,
  CreateRegionRequest,
  EmptyResponse,
  IdParams,
  PickupResponse,
  PickupsResponse,
  RegionResponse,
  RegionsResponse,
  SettingsResponse,
  UpdatePickupRequest,
  UpdateRegionRequest,
  UpdateSettingsRequest,
} from './store-setup.contract.js';

/**
 * Store settings, shipping and tax set-up (admin API). Any merchant key reads; owner and staff keys and
 * apps write, except the store settings, which only the owner changes.
 */
export const storeSetupRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  storeIdentity: StoreIdentityCache;
  /** The store currency now (set in the admin, else STORE_CURRENCY). */
  storeCurrency: () => string;
}> = async (app, { db, config, storeIdentity, storeCurrency: currency }) => {
  const preHandler = requireMerchant();
  const base = '/admin-api/v1';

  const settingsTags = ['admin: store settings'];
  app.get(
    `${base}/store-settings`,
    {
      schema: { summary: 'Store settings', tags: settingsTags, response: { 200: SettingsResponse } },
      preHandler,
    },
    async () => ({
      settings: settingsOut(
        await getStoreSettings(db, currency()),
        await storeIdentity.current(),
        config.publicUrl,
      ),
    }),
  );
  app.patch(
    `${base}/store-settings`,
    {
      schema: {
        summary: 'Change store settings',
        tags: settingsTags,
        body: UpdateSettingsRequest,
        response: { 200: SettingsResponse },
      },
      preHandler: requireMerchant({ ownerOnly: true }),
    },
    async (request) => {
      const { storeName, contactEmail, logoMediaId, ...rest } = request.body.settings;
      const patch = settingsIn(rest, new Converter(currency()));
      const settings = await db.transaction(async (tx) => {
        await updateStoreIdentity(tx, {
          ...(storeName !== undefined ? { storeName } : {}),
          ...(contactEmail !== undefined ? { contactEmail } : {}),
          ...(logoMediaId !== undefined ? { logoMediaId } : {}),
        });
        return updateStoreSettings(tx, patch, currency());
      });
      storeIdentity.changed();
      return {
        settings: settingsOut(settings, await storeIdentity.current(), config.publicUrl),
      };
    },
  );

  const shippingTags = ['admin: shipping'];
  app.get(
    `${base}/shipping-regions`,
    {
      schema: {
        summary: 'Shipping regions and rates',
        tags: shippingTags,
        response: { 200: RegionsResponse },
      },
      preHandler,
    },
    async () => ({ shippingRegions: (await listShippingRegions(db)).map((r) => regionOut(r, currency())) }),
  );
  app.post(
    `${base}/shipping-regions`,
    {
      schema: {
        summary: 'Create a shipping region',
        tags: shippingTags,
        body: CreateRegionRequest,
        response: { 200: RegionResponse },
      },
      preHandler,
    },
    async (request) => {
      const { rates, destinations, ...rest } = request.body.shippingRegion;
      const c = new Converter(currency());
      const input = c.done({
        ...rest,
        destinations: destinations.map((d) => d.toUpperCase()),
        rates: ratesIn(rates ?? [], c),
      });
      return { shippingRegion: regionOut(await createShippingRegion(db, input), currency()) };
    },
  );
  app.get(
    `${base}/shipping-regions/:id`,
    {
      schema: {
        summary: 'A shipping region',
        tags: shippingTags,
        params: IdParams,
        response: { 200: RegionResponse },
      },
      preHandler,
    },
    async (request) => ({
      shippingRegion: regionOut(await getShippingRegion(db, request.params.id), currency()),
    }),
  );
  app.patch(
    `${base}/shipping-regions/:id`,
    {
      schema: {
        summary: 'Change a shipping region',
        tags: shippingTags,
        params: IdParams,
        body: UpdateRegionRequest,
        response: { 200: RegionResponse },
      },
      preHandler,
    },
    async (request) => {
      const { rates, destinations, ...rest } = request.body.shippingRegion;
      const c = new Converter(currency());
      const patch = c.done({
        ...rest,
        ...(destinations ? { destinations: destinations.map((d) => d.toUpperCase()) } : {}),
        ...(rates ? { rates: ratesIn(rates, c) } : {}),
      });
      return {
        shippingRegion: regionOut(await updateShippingRegion(db, request.params.id, patch), currency()),
      };
    },
  );
  app.delete(
    `${base}/shipping-regions/:id`,
    {
      schema: {
        summary: 'Delete a shipping region',
        tags: shippingTags,
        params: IdParams,
        response: { 200: EmptyResponse },
      },
      preHandler,
    },
    async (request) => {
      await deleteShippingRegion(db, request.params.id);
      return {};
    },
  );

  app.get(
    `${base}/pickup-locations`,
    {
      schema: { summary: 'Pickup locations', tags: shippingTags, response: { 200: PickupsResponse } },
      preHandler,
    },
    async () => ({ pickupLocations: (await listPickupLocations(db)).map((p) => pickupOut(p, currency())) }),
  );
  app.post(
    `${base}/pickup-locations`,
    {
      schema: {
        summary: 'Create a pickup location',
        tags: shippingTags,
        body: CreatePickupRequest,
        response: { 200: PickupResponse },
      },
      preHandler,
    },
    async (request) => {
      const { fee, offeredTo, ...rest } = request.body.pickupLocation;
      const c = new Converter(currency());
      const input = c.done({
        ...rest,
        ...(fee !== undefined ? { feeMinor: c.minor(fee, 'pickupLocation.fee') } : {}),
        ...(offeredTo ? { offeredTo: [...new Set(offeredTo.map((d) => d.toUpperCase()))] } : {}),
      });
      return { pickupLocation: pickupOut(await createPickupLocation(db, input), currency()) };
    },
  );
  app.patch(
    `${base}/pickup-locations/:id`,
    {
      schema: {
        summary: 'Change a pickup location',
        tags: shippingTags,
        params: IdParams,
        body: UpdatePickupRequest,
        response: { 200: PickupResponse },
      },
      preHandler,
    },
    async (request) => {
      const { fee, offeredTo, ...rest } = request.body.pickupLocation;
      const c = new Converter(currency());
      const patch = c.done({
        ...rest,
        ...(fee !== undefined ? { feeMinor: c.minor(fee, 'pickupLocation.fee') } : {}),
        ...(offeredTo ? { offeredTo: [...new Set(offeredTo.map((d) => d.toUpperCase()))] } : {}),
      });
      return {
        pickupLocation: pickupOut(await updatePickupLocation(db, request.params.id, patch), currency()),
      };
    },
  );
  app.delete(
    `${base}/pickup-locations/:id`,
    {
      schema: {
        summary: 'Delete a pickup location',
        tags: shippingTags,
        params: IdParams,
        response: { 200: EmptyResponse },
      },
      preHandler,
    },
    async (request) => {
      await deletePickupLocation(db, request.params.id);
      return {};
    },
  );
};
