import { createClient } from '../client.js';
import { fakeFetch } from './fake-fetch.js';

// One reply that satisfies every call's unwrapping, so each case only checks what was sent.
export const ANY_REPLY = {
  product: { id: 'p1', createdDate: '2024-05-01T10:00:00.000Z', lastUpdated: '2024-05-02T10:00:00.000Z' },
  products: [],
  collection: { id: 'c1', createdDate: '2024-05-01T10:00:00.000Z' },
  collections: [],
  cart: { id: 'cart1', lineItems: [], createdDate: '2024-05-01T10:00:00.000Z' },
  checkout: { id: 'chk1', lineItems: [] },
  order: { id: 'o1', lineItems: [] },
  orders: [],
  variant: { id: 'p1-v1' },
  variants: [],
  metadata: { count: 0, offset: 0, total: 0 },
  facets: {},
  identity: { id: 'm1' },
  redirectSession: {
    fullUrl: 'https://shop.example/x',
    urlDetails: { endpoint: 'https://shop.example/oauth2/authorize' },
  },
  checkoutId: 'chk1',
  checkoutUrl: 'https://shop.example/checkout/chk1',
  orderId: 'o1',
};

export function setUp(reply: unknown = ANY_REPLY) {
  const fake = fakeFetch(() => ({ body: reply, headers: { 'x-wix-request-id': 'req-1' } }));
  // Tokens given up front, so no call mints any.
  const client = createClient({
    baseUrl: 'https://api.example/',
    fetch: fake.fetch,
    tokens: {
      accessToken: { value: 'access-1', expiresAt: 4_000_000_000 },
      refreshToken: { value: 'r', role: 'visitor' },
    },
  });
  return { client, fake };
}
