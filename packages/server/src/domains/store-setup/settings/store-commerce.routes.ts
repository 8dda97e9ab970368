import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db, DbOrTx, Tx } from '../../../db/client.js';
import { currencyExponent } from '../../../lib/money.js';
import { requireMerchant } from '../../access/index.js';
import { actorOf } from '../../events/index.js';
import {
  PaymentProvidersResponse,
  StoreCurrencyResponse,
  UpdatePaymentProvidersRequest,
  UpdateStoreCurrencyRequest,
} from './store-commerce.contract.js';
import type { StoreCommerce, StoreCommerceCache } from './store-commerce.service.js';
import { changeCardProvider, changeStoreCurrency, STRIPE_ENV_VARS } from './store-commerce-update.service.js';

const CURRENCY_NAMES = new Intl.DisplayNames('en', { type: 'currency' });
const ALL_CURRENCIES = Intl.supportedValuesOf('currency');

export interface StoreCommerceDeps {
  db: Db;
  commerce: StoreCommerceCache;
  /** STORE_CURRENCY. */
  defaultCurrency: string;
  /** Whether STRIPE_* are set (the app made a Stripe client). */
  stripeConfigured: boolean;
  /** From the orders domain (which imports this one): has the store sold? The lock variant holds sales back. */
  storeHasOrders: (db: DbOrTx) => Promise<boolean>;
  lockStoreHasOrders: (tx: Tx) => Promise<boolean>;
  /** Tells this process's catalog caches at once that every price was relabelled (others hear the NOTIFY). */
  catalogCommitted: () => void;
}

/**
 * The store currency and who takes card payments (ADR 050). Any merchant key reads; only the owner
 * changes them, as the other store settings.
 */
export const storeCommerceRoutes: FastifyPluginAsyncTypebox<StoreCommerceDeps> = async (app, deps) => {
  const { db, commerce } = deps;
  const tags = ['admin: store settings'];
  const base = '/admin-api/v1';

  const currencyOut = async (current: StoreCommerce) => {
    const sold = await deps.storeHasOrders(db);
    const digits = currencyExponent(current.currency);
    return {
      storeCurrency: {
        currency: current.currency,
        isDefault: !current.currencySet,
        defaultCurrency: deps.defaultCurrency,
        minorUnits: digits,
        changeable: !sold,
        ...(sold
          ? {
              lockedReason: `The store has orders in ${current.currency}, and prices are not converted: the currency can only change before the first order.`,
            }
          : {}),
        choices: (sold
          ? [current.currency]
          : ALL_CURRENCIES.filter((code) => currencyExponent(code) === digits)
        ).map((code) => ({ code, name: CURRENCY_NAMES.of(code) ?? code })),
      },
    };
  };
  const providersOut = (current: StoreCommerce) => ({
    paymentProviders: {
      cardProvider: current.cardProvider ?? (deps.stripeConfigured ? 'STRIPE' : 'SANDBOX'),
      isDefault: current.cardProvider === undefined,
      stripeConfigured: deps.stripeConfigured,
      stripeEnvironment: [...STRIPE_ENV_VARS],
    },
  });

  app.get(
    `${base}/store-currency`,
    {
      schema: { summary: 'The store currency', tags, response: { 200: StoreCurrencyResponse } },
      preHandler: requireMerchant(),
    },
    async () => currencyOut(await commerce.current()),
  );
  app.put(
    `${base}/store-currency`,
    {
      schema: {
        summary: 'Change the store currency (before the first order; same decimal places)',
        tags,
        body: UpdateStoreCurrencyRequest,
        response: { 200: StoreCurrencyResponse },
      },
      preHandler: requireMerchant({ ownerOnly: true }),
    },
    async (request) => {
      await db.transaction((tx) =>
        changeStoreCurrency(tx, {
          currency: request.body.currency,
          defaultCurrency: deps.defaultCurrency,
          actor: actorOf(request.caller),
          lockStoreHasOrders: deps.lockStoreHasOrders,
        }),
      );
      // Read again before replying: this process's next request already prices in the new currency.
      deps.catalogCommitted();
      return currencyOut(await commerce.changed());
    },
  );
  app.get(
    `${base}/payment-providers`,
    {
      schema: {
        summary: 'Who takes card payments: the sandbox or Stripe',
        tags,
        response: { 200: PaymentProvidersResponse },
      },
      preHandler: requireMerchant(),
    },
    async () => providersOut(await commerce.current()),
  );
  app.put(
    `${base}/payment-providers`,
    {
      schema: {
        summary: 'Choose who takes card payments (Stripe needs its keys in the environment)',
        tags,
        body: UpdatePaymentProvidersRequest,
        response: { 200: PaymentProvidersResponse },
      },
      preHandler: requireMerchant({ ownerOnly: true }),
    },
    async (request) => {
      await db.transaction((tx) =>
        changeCardProvider(tx, {
          cardProvider: request.body.cardProvider,
          stripeConfigured: deps.stripeConfigured,
          actor: actorOf(request.caller),
        }),
      );
      return providersOut(await commerce.changed());
    },
  );
};
