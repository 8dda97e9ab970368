import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, shopperCheckout } from '../../../testing/ecom.js';
import {
  createClient,
  memberTokens,
  registerMember,
  SHOP_ORIGIN,
  uniqueEmail,
  visitorTokens,
} from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { checkouts } from '../checkout.schema.js';

// overrideCheckoutUrl is where getCheckoutUrl sends the buyer instead of the hosted checkout: a shopper
// may only name this store or the allowed origins of the OAuth client their token came from; a merchant
// this store or an origin registered for one of its clients. Checked when set and again when served.
const STORE = 'https://store.example';
const OTHER_APP = 'https://other.example';

let t: TestApp;
let owner: string;
let appKey: string;
let appClient: string;
let otherClient: string;
let pagesClient: string;
let mugId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: STORE, REQUIRE_EMAIL_VERIFICATION: 'false' } });
  owner = await merchantKey(t.database);
  appKey = await merchantKey(t.database, 'app');
  ({ clientId: appClient } = await createClient(t, owner));
  ({ clientId: otherClient } = await createClient(t, owner, {
    redirectUris: [`${OTHER_APP}/callback`],
    allowedOrigins: [OTHER_APP],
  }));
  ({ clientId: pagesClient } = await createClient(t, owner, { redirectUris: [`${STORE}/callback`] }));
  await setUpTestStore(t.database.db);
  mugId = (await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 })).id;
});
afterAll(() => t.close());

const send = (authorization: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
const patchCheckout = (authorization: string, id: string, payload: object) =>
  send(authorization, 'PATCH', `/ecom/v1/checkouts/${id}`, payload);
const checkoutUrl = async (authorization: string, id: string) => {
  const reply = await send(authorization, 'GET', `/ecom/v1/checkouts/${id}/checkout-url`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().checkoutUrl as string;
};
const readCheckout = async (authorization: string, id: string) =>
  (await send(authorization, 'GET', `/ecom/v1/checkouts/${id}`)).json().checkout;
const violationOf = (reply: { json(): { details: { validationError: { fieldViolations: object[] } } } }) =>
  reply.json().details.validationError.fieldViolations;

/** The hosted checkout's URL: a redirect session for this checkout, opened once by any browser. */
async function expectHostedCheckout(url: string, checkoutId: string) {
  const parsed = new URL(url);
  expect(parsed.origin + parsed.pathname).toBe(`${STORE}/checkout/${checkoutId}`);
  const entered = await t.app.inject({
    method: 'POST',
    url: '/_api/redirects-api/v1/hosted-page',
    payload: { session: parsed.searchParams.get('session'), clientId: pagesClient },
  });
  expect(entered.statusCode, entered.body).toBe(200);
  expect(entered.json().flow).toMatchObject({ kind: 'ecomCheckout', checkoutId });
}

describe('overrideCheckoutUrl', () => {
  it("lets an app's visitor point at the app's origins or this store, nowhere else; a refused request changes nothing", async () => {
    const visitor = (await visitorTokens(t, appClient)).access_token;
    const checkoutId = await shopperCheckout(t.app, visitor, [lineItem(mugId)]);
    const own = `${SHOP_ORIGIN}/pay?step=1`;
    const set = await patchCheckout(visitor, checkoutId, {
      checkout: { buyerNote: 'first' },
      overrideCheckoutUrl: own,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await checkoutUrl(visitor, checkoutId)).toBe(own);

    for (const url of ['https://evil.example/pay', `${OTHER_APP}/pay`, `${SHOP_ORIGIN}.evil.example/pay`]) {
      const refused = await patchCheckout(visitor, checkoutId, {
        checkout: { buyerNote: 'second' },
        overrideCheckoutUrl: url,
      });
      expect(refused.statusCode, url).toBe(400);
      expect(violationOf(refused)).toEqual([
        expect.objectContaining({
          field: 'overrideCheckoutUrl',
          violatedRule: 'FORMAT',
          description: expect.stringContaining(SHOP_ORIGIN),
        }),
      ]);
    }
    // Nothing of the refused requests was stored: the note and the override are the first ones.
    expect(await readCheckout(visitor, checkoutId)).toMatchObject({
      buyerNote: 'first',
      overrideCheckoutUrl: own,
    });
    expect(await checkoutUrl(visitor, checkoutId)).toBe(own);

    const onStore = `${STORE}/pay-later`;
    expect((await patchCheckout(visitor, checkoutId, { overrideCheckoutUrl: onStore })).statusCode).toBe(200);
    expect(await checkoutUrl(visitor, checkoutId)).toBe(onStore);

    const created = await send(visitor, 'POST', '/ecom/v1/checkouts', {
      lineItems: [lineItem(mugId)],
      overrideCheckoutUrl: 'https://evil.example/pay',
    });
    expect(created.statusCode).toBe(400);
    expect(violationOf(created)).toEqual([expect.objectContaining({ field: 'overrideCheckoutUrl' })]);
  });

  it("applies to the cart too, and the checkout made from the cart carries the cart's override", async () => {
    const visitor = (await visitorTokens(t, appClient)).access_token;
    await send(visitor, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mugId)] });
    const refused = await send(visitor, 'PATCH', '/ecom/v1/carts/current', {
      cartInfo: { overrideCheckoutUrl: 'https://evil.example/pay', buyerNote: 'lost?' },
    });
    expect(refused.statusCode).toBe(400);
    expect(violationOf(refused)).toEqual([
      expect.objectContaining({ field: 'cartInfo.overrideCheckoutUrl' }),
    ]);
    const own = `${SHOP_ORIGIN}/pay`;
    const set = await send(visitor, 'PATCH', '/ecom/v1/carts/current', {
      cartInfo: { overrideCheckoutUrl: own },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().cart).toMatchObject({ overrideCheckoutUrl: own });
    expect(set.json().cart.buyerNote).toBeUndefined();
    const { checkoutId } = (await send(visitor, 'POST', '/ecom/v1/carts/current/create-checkout', {})).json();
    expect(await checkoutUrl(visitor, checkoutId)).toBe(own);
  });

  it('follows the client of a member’s session', async () => {
    const { sessionToken } = await registerMember(t, { email: uniqueEmail('override') });
    const member = (
      await memberTokens(t, { clientId: otherClient, sessionToken, redirectUri: `${OTHER_APP}/callback` })
    ).access_token;
    const checkoutId = await shopperCheckout(t.app, member, [lineItem(mugId)]);
    const refused = await patchCheckout(member, checkoutId, { overrideCheckoutUrl: `${SHOP_ORIGIN}/pay` });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(violationOf(refused))).toContain(OTHER_APP);
    const set = await patchCheckout(member, checkoutId, { overrideCheckoutUrl: `${OTHER_APP}/pay` });
    expect(set.statusCode, set.body).toBe(200);
    expect(await checkoutUrl(member, checkoutId)).toBe(`${OTHER_APP}/pay`);
  });

  it("lets merchant keys use this store or any enabled client's origins; each caller is served only what it may use", async () => {
    const visitor = (await visitorTokens(t, appClient)).access_token;
    const checkoutId = await shopperCheckout(t.app, visitor, [lineItem(mugId)]);
    for (const key of [owner, appKey]) {
      const refused = await patchCheckout(key, checkoutId, {
        overrideCheckoutUrl: 'https://evil.example/pay',
      });
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(violationOf(refused))).toContain('OAuth clients');
    }
    const cartId = (await readCheckout(visitor, checkoutId)).cartId as string;
    const cartRefused = await send(appKey, 'PATCH', `/ecom/v1/carts/${cartId}`, {
      cartInfo: { overrideCheckoutUrl: 'https://evil.example/pay' },
    });
    expect(cartRefused.statusCode).toBe(400);
    expect(violationOf(cartRefused)).toEqual([
      expect.objectContaining({ field: 'cartInfo.overrideCheckoutUrl' }),
    ]);

    const elsewhere = `${OTHER_APP}/pay`;
    const set = await patchCheckout(appKey, checkoutId, { overrideCheckoutUrl: elsewhere });
    expect(set.statusCode, set.body).toBe(200);
    expect(await checkoutUrl(owner, checkoutId)).toBe(elsewhere);
    // The visitor's app may not send its shoppers to another app's site: they get the hosted checkout.
    await expectHostedCheckout(await checkoutUrl(visitor, checkoutId), checkoutId);

    // A client the owner disabled no longer vouches for its origin, for setting or serving.
    const disabled = await send(owner, 'PATCH', `/admin-api/v1/oauth-clients/${otherClient}`, {
      disabled: true,
    });
    expect(disabled.statusCode).toBe(200);
    try {
      expect((await patchCheckout(owner, checkoutId, { overrideCheckoutUrl: elsewhere })).statusCode).toBe(
        400,
      );
      expect(new URL(await checkoutUrl(owner, checkoutId)).pathname).toBe(`/checkout/${checkoutId}`);
    } finally {
      await send(owner, 'PATCH', `/admin-api/v1/oauth-clients/${otherClient}`, { disabled: false });
    }
  });

  it('does not serve a stored override that is no longer allowed: the hosted checkout instead, the value kept', async () => {
    const visitor = (await visitorTokens(t, appClient)).access_token;
    const checkoutId = await shopperCheckout(t.app, visitor, [lineItem(mugId)]);
    // Stored before the rule existed (an upgraded store).
    await t.database.db
      .update(checkouts)
      .set({ overrideCheckoutUrl: 'https://evil.example/pay' })
      .where(eq(checkouts.id, checkoutId));
    await expectHostedCheckout(await checkoutUrl(visitor, checkoutId), checkoutId);
    expect((await readCheckout(visitor, checkoutId)).overrideCheckoutUrl).toBe('https://evil.example/pay');

    // Allowed when set, then the owner took the origin off the app's client.
    const { clientId } = await createClient(t, owner);
    const shopper = (await visitorTokens(t, clientId)).access_token;
    const theirs = await shopperCheckout(t.app, shopper, [lineItem(mugId)], {
      overrideCheckoutUrl: `${SHOP_ORIGIN}/pay`,
    });
    expect(await checkoutUrl(shopper, theirs)).toBe(`${SHOP_ORIGIN}/pay`);
    const removed = await send(owner, 'PATCH', `/admin-api/v1/oauth-clients/${clientId}`, {
      allowedOrigins: [],
    });
    expect(removed.statusCode).toBe(200);
    await expectHostedCheckout(await checkoutUrl(shopper, theirs), theirs);
  });
});
