import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import { currencyExponent, isCurrencyCode } from '../../../lib/money.js';
import { moveCatalogCurrency } from '../../catalog/index.js';
import { type EventActor, recordEvent } from '../../events/index.js';
import { type CardProviderChoice, giftCards, storeSettings } from '../store-setup.schema.js';
import { ensureRow, STORE_SETTINGS_ID } from './settings.service.js';
import { STORE_COMMERCE_CHANNEL } from './store-commerce.service.js';

/** The environment variables Stripe needs; secrets stay there, so the admin can only name them. */
export const STRIPE_ENV_VARS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

export interface CurrencyChange {
  /** ISO 4217 code, or null to go back to STORE_CURRENCY. */
  currency: string | null;
  defaultCurrency: string;
  actor: EventActor;
  /**
   * Whether the store has taken any order, asked so that no order can be placed until this transaction
   * ends (the orders domain locks its table): an order's currency never disagrees with the catalog's.
   */
  lockStoreHasOrders: (tx: Tx) => Promise<boolean>;
}

/**
 * Changes the store currency. Prices are stored as minor units of the current currency and are not
 * converted (ADR 050): the change is refused once anything was sold, and to a currency whose minor unit
 * is a different size (12.50 USD = 1250 would turn into 1250 JPY). Concurrent changes queue on the
 * settings row, so each one checks against what the one before it left.
 */
export async function changeStoreCurrency(tx: Tx, change: CurrencyChange): Promise<void> {
  const to = change.currency === null ? change.defaultCurrency : change.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(to) || !isCurrencyCode(to))
    throw invalidField('currency', 'FORMAT', 'must be an ISO 4217 currency code, such as USD, EUR or GBP', {
      format: 'ISO 4217',
    });
  await ensureRow(tx);
  const [row] = await tx
    .select({ currency: storeSettings.currency })
    .from(storeSettings)
    .where(eq(storeSettings.id, STORE_SETTINGS_ID))
    .for('update');
  const from = row?.currency ?? change.defaultCurrency;
  const stored = change.currency === null ? null : to;
  if (from === to && (row?.currency ?? null) === stored) return;
  if (from !== to) {
    if (await change.lockStoreHasOrders(tx))
      throw new AppError('CURRENCY_LOCKED', `The store currency stays ${from}: the store has orders`, {
        status: 409,
        description:
          `Orders, payments and refunds are recorded in ${from}, and prices are not converted, so the ` +
          'currency can only be changed before the first order. To sell in another currency, open a new ' +
          'store (or a new database) with STORE_CURRENCY set to it.',
        data: { currency: from },
      });
    const fromDigits = currencyExponent(from);
    const toDigits = currencyExponent(to);
    if (fromDigits !== toDigits)
      throw new AppError(
        'CURRENCY_MINOR_UNITS_DIFFER',
        `${to} has ${toDigits} decimal places and ${from} has ${fromDigits}: prices would change value`,
        {
          status: 409,
          description:
            `Prices are stored in ${from}'s smallest unit and are not converted. Choose a currency with ` +
            `${fromDigits} decimal places, or re-enter the prices after starting a store in ${to}.`,
          data: { currency: from, minorUnits: fromDigits, requested: to, requestedMinorUnits: toDigits },
        },
      );
    await moveCatalogCurrency(tx, to);
    // Gift cards issued by hand before the first sale hold balances in the same minor units.
    await tx.update(giftCards).set({ currency: to });
  }
  await tx
    .update(storeSettings)
    .set({ currency: stored, updatedDate: new Date() })
    .where(eq(storeSettings.id, STORE_SETTINGS_ID));
  await tx.execute(sql`SELECT pg_notify(${STORE_COMMERCE_CHANNEL}, '')`);
  await recordEvent(tx, {
    type: 'store.settings.currency_changed',
    entityType: 'store_settings',
    entityId: STORE_SETTINGS_ID,
    payload: { previousCurrency: from, currency: to, isDefault: stored === null },
    actor: change.actor,
  });
}

export interface CardProviderChange {
  /** null: the environment decides (Stripe when its keys are set, else the sandbox). */
  cardProvider: CardProviderChoice | null;
  stripeConfigured: boolean;
  actor: EventActor;
}

/** Chooses who takes card payments; Stripe only when its keys are in the environment. */
export async function changeCardProvider(tx: Tx, change: CardProviderChange): Promise<void> {
  if (change.cardProvider === 'STRIPE' && !change.stripeConfigured)
    throw invalidField(
      'cardProvider',
      'VALIDATION',
      `Stripe is not set up on this server: set ${STRIPE_ENV_VARS.join(', ')} in its environment and restart it, then choose Stripe`,
      { requiredEnvironment: [...STRIPE_ENV_VARS] },
    );
  await ensureRow(tx);
  const [before] = await tx
    .select({ cardProvider: storeSettings.cardProvider })
    .from(storeSettings)
    .where(eq(storeSettings.id, STORE_SETTINGS_ID))
    .for('update');
  if ((before?.cardProvider ?? null) === change.cardProvider) return;
  await tx
    .update(storeSettings)
    .set({ cardProvider: change.cardProvider, updatedDate: new Date() })
    .where(eq(storeSettings.id, STORE_SETTINGS_ID));
  await tx.execute(sql`SELECT pg_notify(${STORE_COMMERCE_CHANNEL}, '')`);
  await recordEvent(tx, {
    type: 'store.settings.card_provider_changed',
    entityType: 'store_settings',
    entityId: STORE_SETTINGS_ID,
    payload: { previousCardProvider: before?.cardProvider ?? null, cardProvider: change.cardProvider },
    actor: change.actor,
  });
}
