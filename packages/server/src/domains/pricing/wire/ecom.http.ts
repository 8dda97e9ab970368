import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { Db } from '../../../db/client.js';
import type { Caller } from '../../access/index.js';
import type { EventActor } from '../../events/index.js';
import { actorOf } from '../../events/index.js';
import { STORES_APP_ID } from '../lines/line.types.js';
import { lineExtrasIn } from '../lines/line-extras.mapper.js';
import type { CatalogLineRequest } from '../lines/line-list.rules.js';
import type { PricingEnv } from '../pricing.service.js';
import type { LineItemIn } from './common.contract.js';

/** A priced call's context: the app's pricing env and who asks, when. */
export interface CheckoutContext {
  env: PricingEnv;
  caller: Caller;
  actor: EventActor;
  now: Date;
}

/** What the ecom plugins (cart, checkout, create-order) take from the app. */
export interface EcomDeps {
  db: Db;
  clock: () => Date;
  /** The store's currency, public URL and tax provider, as every priced call needs them. */
  pricing: PricingEnv;
}

/** What ecom routes need from the app, in service terms. */
export function ecomHttp({ db, clock, pricing: env }: EcomDeps) {
  return {
    db,
    env,
    publicUrl: env.baseUrl,
    now: () => clock(),
    ctx: (request: FastifyRequest): CheckoutContext => ({
      env,
      caller: request.caller,
      actor: actorOf(request.caller),
      now: clock(),
    }),
  };
}
export type EcomHttp = ReturnType<typeof ecomHttp>;

/** Requested catalog lines in service terms (quantity defaults to 1, appId to the stores app). */
export function catalogLinesIn(
  lineItems: readonly LineItemRequest[] | undefined,
  http: Pick<EcomHttp, 'env' | 'now'>,
  request: Pick<FastifyRequest, 'caller'>,
): CatalogLineRequest[] {
  const items = lineItems ?? [];
  const extras = lineExtrasIn(items as Static<typeof LineItemIn>[], {
    caller: request.caller,
    currency: http.env.currency,
    now: http.now(),
  });
  return items.map((item, index) => ({
    catalogReference: {
      appId: item.catalogReference.appId ?? STORES_APP_ID,
      catalogItemId: item.catalogReference.catalogItemId,
      ...(item.catalogReference.options ? { options: item.catalogReference.options } : {}),
    },
    quantity: item.quantity ?? 1,
    ...(Object.keys(extras[index] ?? {}).length > 0 ? { extras: extras[index] } : {}),
  }));
}

type LineItemRequest = Omit<Static<typeof LineItemIn>, 'catalogReference'> & {
  catalogReference: { appId?: string; catalogItemId: string; options?: Record<string, unknown> };
};
