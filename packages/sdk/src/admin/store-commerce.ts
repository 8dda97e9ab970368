import type { CardProviderInput, PaymentProviderSettings, StoreCurrency } from '../entities/index.js';
import type { Transport } from '../transport.js';

const ADMIN = '/admin-api/v1';

/**
 * The store currency and who takes card payments (owner only to change). The currency changes only
 * before the first order and only to one with as many decimal places (prices are not converted):
 * otherwise an `ApplicationError` (409) with code `CURRENCY_LOCKED` or `CURRENCY_MINOR_UNITS_DIFFER`.
 */
export function storeCommerceModules(transport: Transport) {
  const currency = async (reply: Promise<{ storeCurrency: StoreCurrency }>) => (await reply).storeCurrency;
  const providers = async (reply: Promise<{ paymentProviders: PaymentProviderSettings }>) =>
    (await reply).paymentProviders;
  return {
    storeCurrency: {
      get: (): Promise<StoreCurrency> =>
        currency(transport.request({ method: 'GET', path: `${ADMIN}/store-currency` })),
      /** An ISO 4217 code, or null for STORE_CURRENCY. */
      set: (code: string | null): Promise<StoreCurrency> =>
        currency(
          transport.request({ method: 'PUT', path: `${ADMIN}/store-currency`, body: { currency: code } }),
        ),
    },
    paymentProviders: {
      get: (): Promise<PaymentProviderSettings> =>
        providers(transport.request({ method: 'GET', path: `${ADMIN}/payment-providers` })),
      /** STRIPE only when its keys are set in the server's environment (a `ValidationError` otherwise). */
      set: (cardProvider: CardProviderInput): Promise<PaymentProviderSettings> =>
        providers(
          transport.request({ method: 'PUT', path: `${ADMIN}/payment-providers`, body: { cardProvider } }),
        ),
    },
  };
}
