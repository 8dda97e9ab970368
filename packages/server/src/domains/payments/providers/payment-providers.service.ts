import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, DbOrTx } from '../../../db/client.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import { type PaymentProviderName, paymentCustomers } from '../payments.schema.js';
import type { PaymentMethodInput, PaymentProvider } from './payment-provider.types.js';
import { sandboxCardProvider } from './sandbox-card.provider.js';
import { stripeProvider } from './stripe.provider.js';

// Which providers a store has and which one takes its cards (ADR 011, ADR 035).

export type PaymentProviders = Partial<Record<PaymentProviderName, PaymentProvider>> & {
  /**
   * Which of them takes new card payments, as the owner chose in the admin (ADR 050); undefined: Stripe
   * when it is there, else the sandbox. Payments already taken stay with the provider that took them.
   */
  readonly cardChoice?: () => PaymentProviderName | undefined;
};

/**
 * The built-in providers: the sandbox card (the zero-config default, which keeps its ledger in the
 * store's database) and, when it is configured, Stripe.
 */
export function defaultPaymentProviders(clock: () => Date, stripe?: Stripe, db?: Db): PaymentProviders {
  const sandbox = sandboxCardProvider(clock, db);
  return stripe ? { STRIPE: stripeProvider(stripe), SANDBOX_CARD: sandbox } : { SANDBOX_CARD: sandbox };
}

/**
 * The provider that takes cards in this store: the owner's choice, else Stripe when it is on, else the
 * sandbox. A choice whose provider is gone (Stripe's keys removed) takes no cards rather than falling
 * back to the sandbox, which would "accept" real shoppers' cards without charging them.
 */
export function cardProviderOf(providers: PaymentProviders): PaymentProvider | undefined {
  const chosen = providers.cardChoice?.();
  if (chosen) return providers[chosen];
  return providers.STRIPE ?? providers.SANDBOX_CARD;
}

export function requireCardProvider(providers: PaymentProviders): PaymentProvider {
  const provider = cardProviderOf(providers);
  if (!provider)
    throw new AppError('UNAVAILABLE', 'Card payments are not configured', {
      status: 503,
      description: 'This store takes no card payments: choose OFFLINE.',
    });
  return provider;
}

/**
 * The gateway's customer for a member (Stripe Customer), created once: the create call's idempotency key
 * is the member, and the unique (provider, owner) row makes concurrent first purchases agree on one.
 */
export async function gatewayCustomerFor(
  db: DbOrTx,
  provider: PaymentProvider,
  ownerKey: string,
): Promise<string | undefined> {
  if (!provider.createCustomer || !ownerKey.startsWith('member:')) return undefined;
  const known = async () =>
    (
      await db
        .select({ ref: paymentCustomers.customerRef })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.provider, provider.name), eq(paymentCustomers.ownerKey, ownerKey)))
    )[0]?.ref;
  const existing = await known();
  if (existing) return existing;
  const created = await provider.createCustomer(ownerKey, {
    idempotencyKey: `openshelf:customer:${ownerKey}`,
  });
  const [inserted] = await db
    .insert(paymentCustomers)
    .values({ provider: provider.name, ownerKey, customerRef: created })
    .onConflictDoNothing()
    .returning({ ref: paymentCustomers.customerRef });
  return inserted?.ref ?? (await known()) ?? created;
}

/** A Stripe payment method or PaymentIntent needs Stripe; card numbers need the sandbox (400 otherwise). */
export function assertMethodFits(method: PaymentMethodInput, provider: PaymentProvider): void {
  const stripeMethod = method.type === 'GATEWAY_METHOD' || method.type === 'PAYMENT_INTENT';
  if (stripeMethod && provider.name !== 'STRIPE')
    throw invalidField(
      'paymentMethod.type',
      'VALIDATION',
      'STRIPE is not available: this store has no Stripe account set up',
    );
}
