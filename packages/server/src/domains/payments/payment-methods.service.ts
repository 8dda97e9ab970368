import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { invalidField, notFound } from '../../lib/http/errors.js';
import { savedPaymentMethods } from './payments.schema.js';
import type {
  CardSummary,
  PaymentMethodInput,
  PaymentSelection,
} from './providers/payment-provider.types.js';
import {
  assertMethodFits,
  type PaymentProviders,
  requireCardProvider,
} from './providers/payment-providers.service.js';

/** Who may reuse a saved method: `member:<id>`, else `visitor:<id>`; none for merchant-made checkouts. */
export function ownerKeyOf(owner: {
  memberId?: string | null;
  visitorId?: string | null;
}): string | undefined {
  if (owner.memberId) return `member:${owner.memberId}`;
  if (owner.visitorId) return `visitor:${owner.visitorId}`;
  return undefined;
}

export interface SavedPaymentMethodView extends CardSummary {
  id: string;
  provider: string;
  createdDate: Date;
}

/**
 * The method as a checkout keeps it: a new card is tokenized by the gateway now (bad card data: 400), a
 * Stripe payment method is described by Stripe (unknown id: 400); a PaymentIntent is kept by its id.
 */
export async function storableMethod(
  method: PaymentMethodInput,
  providers: PaymentProviders,
): Promise<PaymentSelection['method']> {
  if (method.type === 'OFFLINE' || method.type === 'SAVED_METHOD') return method;
  if (method.type === 'GATEWAY_PAYMENT')
    throw invalidField('paymentMethod.type', 'VALIDATION', 'cannot be chosen for a checkout');
  const provider = requireCardProvider(providers);
  assertMethodFits(method, provider);
  if (method.type === 'GATEWAY_METHOD') {
    // The gateway names the card now, so the checkout shows "Visa ending 4242" and a bad id is a 400 here.
    const card = provider.describeMethod
      ? await provider.describeMethod(method.token)
      : { brand: 'CARD', last4: '', expMonth: 0, expYear: 0 };
    return { type: 'CARD_TOKEN', token: method.token, card };
  }
  if (method.type !== 'SANDBOX_CARD') return method;
  const { token, card } = await provider.tokenize(method.card);
  return { type: 'CARD_TOKEN', token, card };
}

/** A saved method must be the buyer's own (a 400 naming the field otherwise). */
export async function assertOwnMethod(db: DbOrTx, id: string, ownerKey: string | undefined): Promise<void> {
  const [row] = ownerKey
    ? await db
        .select({ id: savedPaymentMethods.id })
        .from(savedPaymentMethods)
        .where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.ownerKey, ownerKey)))
    : [];
  if (!row)
    throw invalidField(
      'paymentMethod.savedPaymentMethodId',
      'VALIDATION',
      'is not a saved payment method of this buyer: list yours with GET /ecom/v1/payment-methods',
    );
}

/** The member's saved payment methods, newest first (what can be shown: brand, last 4, expiry). */
export async function listSavedPaymentMethods(
  db: DbOrTx,
  ownerKey: string,
): Promise<SavedPaymentMethodView[]> {
  const rows = await db
    .select()
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.ownerKey, ownerKey))
    .orderBy(desc(savedPaymentMethods.createdDate), desc(savedPaymentMethods.id));
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    createdDate: row.createdDate,
  }));
}

/** Deletes one of the owner's saved methods; another buyer's id is a 404, so ids cannot be probed. */
export async function deleteSavedPaymentMethod(db: DbOrTx, ownerKey: string, id: string): Promise<void> {
  const deleted = await db
    .delete(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.ownerKey, ownerKey)))
    .returning({ id: savedPaymentMethods.id });
  if (deleted.length === 0) throw notFound('SavedPaymentMethod', id);
}
