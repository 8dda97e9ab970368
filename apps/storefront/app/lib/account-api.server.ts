import type { Identity, Money, Transport } from '@openshelf/sdk';

// The member's subscriptions: the SDK has no module for them yet, so this one call uses its transport.

/** A saved address of the member's profile. */
export type ProfileAddress = Identity['identityProfile']['addresses'][number]['address'];

export interface Subscription {
  id: string;
  orderId: string;
  title: string;
  frequency: string;
  interval: number;
  billingCycles: number;
  cyclesBilled: number;
  price: Money;
  status: string;
  startDate: string;
  nextBillingDate?: string;
}

export async function listOwnSubscriptions(transport: Transport): Promise<Subscription[]> {
  const reply = await transport.request<{ subscriptions: Subscription[] }>({
    method: 'GET',
    path: '/ecom/v1/subscriptions',
  });
  return reply.subscriptions;
}
