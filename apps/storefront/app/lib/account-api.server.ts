import type { Transport } from '@openshelf/sdk';

// The signed-in member's own data: identity (profile, addresses), orders and subscriptions. The SDK has
// no members/orders modules yet, so these calls use its transport, in this one file.

export interface Money {
  amount: string;
  formattedAmount: string;
}

export interface Address {
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
}

export interface Identity {
  id: string;
  revision: string;
  createdDate: string;
  email: { address: string; isVerified: boolean };
  identityProfile: {
    firstName?: string;
    lastName?: string;
    nickname?: string;
    phones: string[];
    emails: string[];
    addresses: { address: Address; tag: string }[];
  };
}

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  phones?: string[];
  addresses?: { address: Address; tag: string }[];
}

export interface OrderLine {
  id: string;
  quantity: number;
  productName: { original: string };
  image?: { url?: string; altText?: string };
  descriptionLines: {
    name: { original: string };
    plainText?: { original: string };
    colorInfo?: { original: string };
  }[];
  price: Money;
  totalPriceAfterTax: Money;
  subscriptionInfo?: { title?: string; frequency?: string; interval?: number; billingCycles?: number };
  downloads?: { fileId: string; url: string; expiresAt: string }[];
}

export interface Order {
  id: string;
  number: string;
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  createdDate: string;
  lineItems: OrderLine[];
  priceSummary: { subtotal: Money; shipping: Money; tax: Money; discount: Money; total: Money };
  shippingInfo?: { title?: string; shippingDestination?: { address?: Address } };
}

export interface Subscription {
  id: string;
  orderId: string;
  title: string;
  frequency: string;
  interval: number;
  billingCycles: number;
  price: Money;
  status: string;
  startDate: string;
  nextBillingDate?: string;
}

const IDENTITY_ME = '/_api/iam/identity/v1/identities/me';

export async function readOwnIdentity(transport: Transport): Promise<Identity> {
  const reply = await transport.request<{ identity: Identity }>({ method: 'GET', path: IDENTITY_ME });
  return reply.identity;
}

/** Saves profile changes; `revision` is the one read, so a concurrent edit elsewhere is refused (409). */
export async function updateOwnProfile(
  transport: Transport,
  revision: string,
  changes: ProfileChanges,
): Promise<Identity> {
  const reply = await transport.request<{ identity: Identity }>({
    method: 'PATCH',
    path: IDENTITY_ME,
    body: { identity: { revision, identityProfile: changes } },
  });
  return reply.identity;
}

export async function queryOwnOrders(
  transport: Transport,
  paging: { limit: number; offset: number },
): Promise<{ orders: Order[]; total: number }> {
  const reply = await transport.queryRequest<{ orders: Order[]; metadata: { total?: number } }>(
    '/ecom/v1/orders/query',
    { query: { sort: [{ fieldName: 'createdDate', order: 'DESC' }], paging } },
  );
  return { orders: reply.orders, total: reply.metadata.total ?? reply.orders.length };
}

export async function getOwnOrder(transport: Transport, orderId: string): Promise<Order> {
  const reply = await transport.request<{ order: Order }>({
    method: 'GET',
    path: `/ecom/v1/orders/${encodeURIComponent(orderId)}`,
  });
  return reply.order;
}

export async function listOwnSubscriptions(transport: Transport): Promise<Subscription[]> {
  const reply = await transport.request<{ subscriptions: Subscription[] }>({
    method: 'GET',
    path: '/ecom/v1/subscriptions/my',
  });
  return reply.subscriptions;
}
