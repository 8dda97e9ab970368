import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore } from '../src/testing/ecom.js';
import { fuzzableRoutes } from '../src/testing/fuzz.js';
import { createTestApp, memberToken, merchantKey, type TestApp, visitorToken } from '../src/testing/index.js';

// Who may call what (issue 9): every route of the app × every kind of caller, asserted from one table.
// A caller a route is not for gets 401 (anonymous) or 403 — whatever it sends, since guards run before
// input validation; a caller it is for never does. Resources are then checked one level down: another
// shopper's cart, checkout and order stay out of reach (0 leaks).

type Access =
  | 'public' // anyone, with or without a token
  | 'shopper' // visitor and member tokens (their own cart)
  | 'member' // member tokens only (saved payment methods)
  | 'buyerOrMerchant' // shoppers (their own checkouts and orders) and merchant keys
  | 'memberOrMerchant' // member tokens (their own record) and merchant keys
  | 'merchant' // staff and app keys
  | 'owner' // the owner's key only
  | 'staff' // staff (owner or staff keys and sessions), not apps
  | 'credentials'; // checks credentials it is given (sign-in, tokens, codes): no caller rule to assert

/** The one table: first match wins. Method `*` is any method. */
const TABLE: [method: string, path: RegExp, access: Access][] = [
  ['*', /^\/(healthz|readyz|docs|\.well-known\/|oauth2\/jwks$|media\/|r\/|dev\/mailbox)/, 'public'],
  [
    '*',
    /^\/(oauth2\/|_api\/iam\/(authentication|verification|recovery)\/|v[12]\/(register|login|change-password|sign-on|logout|callback|verify|:factorType|auth\/|Start|start|send-email|recover|activation-email))/,
    'credentials',
  ],
  ['*', /^\/_api\/iam\/captcha\//, 'public'],
  ['*', /^\/_api\/iam\/(identity|factors)\//, 'credentials'],
  // @wix/members: one's own member; the directory is public (each member's visibility is theirs to set).
  // getCurrentMember needs a token; a visitor's or a store key gets the platform's 404 NOT_FOUND (no
  // current member), not a refusal.
  ['GET', /^(\/_api)?\/members\/v1\/members\/my$/, 'buyerOrMerchant'],
  ['*', /^(\/_api)?\/members\/v1\/members\/(my|join-community|leave-community)/, 'member'],
  ['PATCH', /^(\/_api)?\/members\/v1\/members\/:id$/, 'memberOrMerchant'],
  // Clearing a contact list: merchants any member's, a member only their own id (a 403 for the id used
  // here; members/public-sdk-members.test.ts asserts both sides).
  ['DELETE', /^(\/_api)?\/members\/v1\/members\/:id\/(phones|emails|addresses)$/, 'credentials'],
  ['DELETE', /^(\/_api)?\/members\/v1\/members\/:id$/, 'owner'],
  ['POST', /^(\/_api)?\/members\/v1\/members\/:id\/(slug|approve|block)$/, 'merchant'],
  ['*', /^(\/_api)?\/members\/v1\/members/, 'public'],
  ['*', /^\/(_api\/redirects-api|headless)\/v1\/redirect-session$|^\/v1\/redirect-session$/, 'credentials'],
  // A hosted page opens its redirect session: the session token in its URL is the credential (single use).
  ['POST', /^\/_api\/redirects-api\/v1\/hosted-page$/, 'credentials'],
  // Then reads its flow, which only the shopper who opened it may do.
  ['GET', /^\/_api\/redirects-api\/v1\/hosted-page\//, 'shopper'],
  ['POST', /^\/admin-api\/v1\/auth\/login$/, 'credentials'],
  // A member's second factors (seen, and turned off for a member who lost them): the store's people only.
  ['*', /^\/admin-api\/v1\/members\/:id\/second-factors$/, 'staff'],
  ['*', /^\/admin-api\/v1\/auth\/(logout|me)$/, 'staff'],
  ['*', /^\/admin-api\/v1\/(api-keys|oauth-clients|signing-keys|staff|mailbox)/, 'owner'],
  ['PATCH', /^\/admin-api\/v1\/(store-settings|identity-settings)$/, 'owner'],
  // The store currency and card provider (ADR 050): any merchant key reads them, only the owner sets them.
  ['PUT', /^\/admin-api\/v1\/(store-currency|payment-providers)$/, 'owner'],
  // E-mail previews hold the store's templates and identity: staff only, not apps' keys.
  ['GET', /^\/admin-api\/v1\/emails/, 'staff'],
  ['*', /^\/admin-api\//, 'merchant'],
  ['*', /^\/(ecom\/)?v1\/carts\/current/, 'shopper'],
  // The elevated cart calls (a shopper's cart by id: merchant discounts, custom lines) are the store's.
  ['*', /^\/(ecom\/)?v1\/carts(\/:id)?$/, 'merchant'],
  ['*', /^\/ecom\/v1\/subscriptions/, 'shopper'],
  // Plans on sale are public; buying one and reading memberships is for members.
  ['GET', /^\/_api\/plans\/v1\/plans(\/[^/]+)?$/, 'public'],
  ['*', /^\/_api\/plans\/v1\//, 'member'],
  // @wix/pricing-plans: the plans on sale, v2 and v3, are public.
  ['*', /^(\/_api)?\/pricing-plans\/v[23]\/plans/, 'public'],
  ['*', /^\/(pricing-plans|_api\/pricing-plans-member-orders)\/v2\/member\/orders/, 'member'],
  ['*', /^\/_api\/preferences\/v1\//, 'shopper'],
  ['*', /^\/ecom\/v1\/payment-methods/, 'member'],
  // Which card form a checkout shows (the publishable key is meant for browsers).
  ['GET', /^\/ecom\/v1\/payment-settings$/, 'public'],
  // After the order: its shipments are read by its buyer too; notes, shipping and refunds are the store's.
  ['POST', /^\/ecom\/v1\/orders\/:id\/activities$/, 'merchant'],
  ['GET', /^\/ecom\/v1\/fulfillments\/orders\/:orderId$/, 'buyerOrMerchant'],
  ['GET', /^\/ecom\/v1\/payments\/orders\/:orderId$/, 'buyerOrMerchant'],
  ['*', /^\/ecom\/v1\/(fulfillments|order-billing|payments\/orders)\//, 'merchant'],
  ['*', /^\/(ecom\/)?v1\/(checkouts|orders)/, 'buyerOrMerchant'],
  ['GET', /^\/ecom\/v1\/downloads\//, 'public'],
  // An order e-mail's link: no sign-in, its key is the credential (ADR 042; a wrong key is a 404).
  ['GET', /^\/ecom\/v1\/order-links\//, 'public'],
  // The catalog: reads (including query and search calls sent as POST) are public, writes are merchant.
  ['*', /\/(query|query-platformized|search|productOptionsAvailability)$/, 'public'],
  ['GET', /^\/(stores-reader|stores)\/v1\/|^\/v[12]\//, 'public'],
  ['*', /^\/(stores-reader|stores)\/v1\/|^\/v[12]\/(products|collections|variants|bulk)/, 'merchant'],
  // Catalog v3 product writes (the public productsV3 module's path); v3 reads are not served.
  ['*', /^\/stores\/v3\/products/, 'merchant'],
];

const CALLERS = ['anonymous', 'visitorA', 'visitorB', 'memberA', 'memberB', 'staff', 'app', 'owner'] as const;
type CallerName = (typeof CALLERS)[number];
const SHOPPERS: CallerName[] = ['visitorA', 'visitorB', 'memberA', 'memberB'];

/** Which callers each access class admits. */
function admits(access: Access, caller: CallerName): boolean {
  switch (access) {
    case 'public':
    case 'credentials':
      return true;
    case 'shopper':
      return SHOPPERS.includes(caller);
    case 'member':
      return caller === 'memberA' || caller === 'memberB';
    case 'buyerOrMerchant':
      return caller !== 'anonymous';
    case 'memberOrMerchant':
      return caller !== 'anonymous' && !caller.startsWith('visitor');
    case 'merchant':
      return caller === 'staff' || caller === 'app' || caller === 'owner';
    case 'owner':
      return caller === 'owner';
    case 'staff':
      return caller === 'staff' || caller === 'owner';
  }
}

function accessOf(method: string, url: string): Access | undefined {
  return TABLE.find(([m, path]) => (m === '*' || m === method) && path.test(url))?.[2];
}

let t: TestApp;
const tokens = {} as Record<CallerName, string | undefined>;
beforeAll(async () => {
  t = await createTestApp();
  await setUpTestStore(t.database.db);
  Object.assign(tokens, {
    anonymous: undefined,
    visitorA: visitorToken('matrix-va'),
    visitorB: visitorToken('matrix-vb'),
    memberA: memberToken('matrix-ma'),
    memberB: memberToken('matrix-mb'),
    staff: await merchantKey(t.database, 'staff'),
    app: await merchantKey(t.database, 'app'),
    owner: await merchantKey(t.database, 'owner'),
  });
});
afterAll(() => t.close());

const call = (caller: CallerName, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as HTTPMethods,
    url,
    headers: tokens[caller] ? { authorization: tokens[caller] } : {},
    ...(payload ? { payload } : method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('access matrix: every route × every caller', () => {
  it('has a rule for every route', () => {
    const missing = fuzzableRoutes(t.app)
      .filter((route) => !accessOf(route.method, route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('refuses exactly the callers the table refuses, and admits the others', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of fuzzableRoutes(t.app)) {
      const access = accessOf(route.method, route.url) as Access;
      const url = route.url.replace(/:[A-Za-z]+|\*/g, '00000000-0000-4000-8000-000000000000');
      for (const caller of CALLERS) {
        const reply = await call(caller, route.method, url);
        checked += 1;
        const refused = reply.statusCode === 401 || reply.statusCode === 403;
        if (reply.statusCode >= 500)
          wrong.push(`${caller} ${route.method} ${route.url} → ${reply.statusCode}`);
        if (access === 'credentials') continue;
        if (admits(access, caller) && refused)
          wrong.push(`${caller} refused ${route.method} ${route.url} (${access}) → ${reply.statusCode}`);
        if (!admits(access, caller)) {
          const expected = caller === 'anonymous' ? 401 : 403;
          if (reply.statusCode !== expected)
            wrong.push(
              `${caller} ${route.method} ${route.url} (${access}) → ${reply.statusCode}, expected ${expected}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
    console.info(`access matrix: ${checked} route × caller pairs checked`);
  });

  it("keeps every shopper's cart, checkout and order away from every other shopper (0 leaks)", async () => {
    const mug = await createTestProduct(t.database.db, { name: 'Matrix mug', priceMinor: 1500 });
    for (const owner of ['visitorA', 'memberA'] as const) {
      const added = await call(owner, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        lineItems: [lineItem(mug.id, 1)],
      });
      expect(added.statusCode).toBe(200);
      const cartId = added.json().cart.id as string;
      const { checkoutId } = (
        await call(owner, 'POST', '/ecom/v1/carts/current/create-checkout', { channelType: 'WEB' })
      ).json();
      await call(owner, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
        checkout: { buyerInfo: { email: `${owner}@example.com` } },
      });
      const ordered = await call(owner, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {});
      expect(ordered.statusCode, ordered.body).toBe(200);
      const orderId = ordered.json().orderId as string;
      // The owner reads its own; the store's keys read it too.
      expect((await call(owner, 'GET', `/ecom/v1/orders/${orderId}`)).statusCode).toBe(200);
      expect((await call('staff', 'GET', `/ecom/v1/orders/${orderId}`)).statusCode).toBe(200);
      const others = SHOPPERS.filter((s) => s !== owner);
      for (const other of others) {
        const attempts: [string, string, object?][] = [
          ['GET', `/ecom/v1/checkouts/${checkoutId}`],
          ['GET', `/ecom/v1/checkouts/by-cart-id/${cartId}`],
          ['PATCH', `/ecom/v1/checkouts/${checkoutId}`, { checkout: { buyerNote: 'mine now' } }],
          ['POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {}],
          ['POST', `/ecom/v1/checkouts/${checkoutId}/add-to-checkout`, { lineItems: [lineItem(mug.id)] }],
          ['GET', `/ecom/v1/orders/${orderId}`],
        ];
        for (const [method, url, body] of attempts) {
          const reply = await call(other, method, url, body);
          expect([403, 404], `${other} ${method} ${url} → ${reply.statusCode} ${reply.body}`).toContain(
            reply.statusCode,
          );
        }
        const listed = (await call(other, 'POST', '/ecom/v1/orders/query', { query: {} })).json();
        expect(JSON.stringify(listed)).not.toContain(orderId);
        const theirCart = (await call(other, 'GET', '/ecom/v1/carts/current')).json();
        expect(JSON.stringify(theirCart)).not.toContain(cartId);
      }
    }
  });
});
