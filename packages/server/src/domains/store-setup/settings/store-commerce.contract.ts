import Type from 'typebox';
import { StringEnum } from '../../../lib/http/wire.js';
import { CARD_PROVIDERS } from '../store-setup.schema.js';

/* The store currency and card provider (admin API, ADR 050). */

const CurrencyChoice = Type.Object({
  code: Type.String({ description: 'ISO 4217' }),
  name: Type.String({ description: 'In English, e.g. "Euro"' }),
});

export const StoreCurrencyOut = Type.Object({
  currency: Type.String({ description: 'ISO 4217 code every price is in' }),
  isDefault: Type.Boolean({
    description: 'True while the currency is STORE_CURRENCY from the environment (not set in the admin)',
  }),
  defaultCurrency: Type.String({ description: 'STORE_CURRENCY' }),
  minorUnits: Type.Integer({ description: 'Decimal places of the currency (USD 2, JPY 0)' }),
  changeable: Type.Boolean({ description: 'False once the store has an order' }),
  lockedReason: Type.Optional(
    Type.String({ description: 'Why the currency can no longer change, in words' }),
  ),
  choices: Type.Array(CurrencyChoice, {
    description: 'What the currency may be changed to now: currencies with as many decimal places',
  }),
});
export const StoreCurrencyResponse = Type.Object({ storeCurrency: StoreCurrencyOut });
export const UpdateStoreCurrencyRequest = Type.Object({
  // Null first: the validator coerces types, and would turn a null into "" for a string tried first.
  currency: Type.Union([Type.Null(), Type.String({ maxLength: 10 })], {
    description: 'ISO 4217 code, e.g. EUR; null: back to STORE_CURRENCY',
  }),
});

const CardProviderEnum = StringEnum(CARD_PROVIDERS, {
  description: 'SANDBOX: the built-in test card provider (no money moves); STRIPE: real card payments',
});
export const PaymentProvidersOut = Type.Object({
  cardProvider: CardProviderEnum,
  isDefault: Type.Boolean({
    description: 'True while the environment decides (Stripe when its keys are set, else the sandbox)',
  }),
  stripeConfigured: Type.Boolean({ description: "Whether Stripe's keys are set in the environment" }),
  stripeEnvironment: Type.Array(Type.String(), {
    description: 'The environment variables Stripe needs (its secrets never pass through the admin)',
  }),
});
export const PaymentProvidersResponse = Type.Object({ paymentProviders: PaymentProvidersOut });
export const UpdatePaymentProvidersRequest = Type.Object({
  cardProvider: Type.Union([Type.Null(), CardProviderEnum], {
    description: 'null: back to the default (Stripe when configured, else the sandbox)',
  }),
});
