import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, setUpTestStore, type TestProduct } from '../../testing/ecom.js';
import {
  createClient,
  memberTokens,
  registerMember,
  uniqueEmail,
  visitorTokens,
} from '../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../testing/index.js';

let t: TestApp;
let owner: string;
let clientId: string;
let mug: TestProduct;

beforeAll(async () => {
  t = await createTestApp();
  await setUpTestStore(t.database.db);
  owner = await merchantKey(t.database);
  ({ clientId } = await createClient(t, owner));
  mug = await createTestProduct(t.database.db, { name: 'Mug', priceMinor: 1250 });
});
afterAll(() => t.close());

const send = async (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
  const reply = await t.app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload ? { payload } : {}),
  });
  return reply;
};
const ok = async (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
  const reply = await send(token, method, url, payload);
  if (reply.statusCode !== 200) throw new Error(`${method} ${url} → ${reply.statusCode}: ${reply.body}`);
  return reply.json();
};

const ADDRESS = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};

/** A guest's order through the public calls, paid offline: returns the order id. */
async function guestOrder(token: string, email: string, name: { firstName: string; lastName: string }) {
  await ok(token, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id, 2)] });
  const { checkoutId } = await ok(token, 'POST', '/ecom/v1/carts/current/create-checkout', {});
  await ok(token, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
    checkout: {
      buyerInfo: { email },
      billingInfo: { address: ADDRESS, contactDetails: name },
      shippingInfo: { shippingDestination: { address: ADDRESS, contactDetails: name } },
    },
  });
  const placed = await ok(token, 'POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
    paymentMethod: { type: 'OFFLINE' },
  });
  return placed.orderId as string;
}

describe('customers (admin API)', () => {
  it('lists guest buyers and members together, searchable, with their orders, totals and notes', async () => {
    const guestEmail = uniqueEmail('grace');
    const visitor = (await visitorTokens(t, clientId)).access_token;
    const orderId = await guestOrder(`Bearer ${visitor}`, guestEmail, {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const paid = (await ok(owner, 'POST', `/admin-api/v1/orders/${orderId}/mark-paid`, {})).order;
    const total = { amount: paid.priceSummary.total.amount, currency: 'USD' };
    expect(Number(total.amount)).toBeGreaterThan(25); // 2 × 12.50, shipping and tax
    const memberEmail = uniqueEmail('ada');
    await registerMember(t, { email: memberEmail, profile: { firstName: 'Ada', lastName: 'Lovelace' } });

    const all = await ok(owner, 'GET', '/admin-api/v1/customers');
    const emails = all.customers.map((c: { email: string }) => c.email);
    expect(emails).toEqual(expect.arrayContaining([guestEmail, memberEmail]));
    // Most recent first: the member signed up after the guest ordered.
    expect(emails.indexOf(memberEmail)).toBeLessThan(emails.indexOf(guestEmail));

    const byName = await ok(owner, 'GET', '/admin-api/v1/customers?search=hopp');
    expect(byName.customers).toEqual([
      expect.objectContaining({
        email: guestEmail,
        kind: 'GUEST',
        firstName: 'Grace',
        lastName: 'Hopper',
        ordersCount: 1,
        totalPaid: total,
      }),
    ]);
    const members = await ok(owner, 'GET', '/admin-api/v1/customers?kind=MEMBER&search=lovelace');
    expect(members.customers).toEqual([
      expect.objectContaining({ email: memberEmail, kind: 'MEMBER', ordersCount: 0, firstName: 'Ada' }),
    ]);

    const path = `/admin-api/v1/customers/${encodeURIComponent(guestEmail.toUpperCase())}`;
    const note = await ok(owner, 'POST', `${path}/notes`, {
      note: { body: '  Prefers pick-up on Fridays. ' },
    });
    expect(note.note.body).toBe('Prefers pick-up on Fridays.');
    const detail = await ok(owner, 'GET', path);
    expect(detail.customer.email).toBe(guestEmail);
    expect(detail.orders).toEqual([
      expect.objectContaining({
        id: orderId,
        paymentStatus: 'PAID',
        total,
      }),
    ]);
    expect(detail.notes.map((n: { body: string }) => n.body)).toEqual(['Prefers pick-up on Fridays.']);
  });

  it('refuses what does not fit: unknown customers 404, empty or long notes 400, shoppers 403', async () => {
    const unknown = await send(owner, 'GET', '/admin-api/v1/customers/nobody%40example.com');
    expect(unknown.statusCode).toBe(404);
    const guestEmail = uniqueEmail('bad-note');
    await guestOrder(`Bearer ${(await visitorTokens(t, clientId)).access_token}`, guestEmail, {
      firstName: 'B',
      lastName: 'N',
    });
    const notes = `/admin-api/v1/customers/${encodeURIComponent(guestEmail)}/notes`;
    for (const body of ['   ', 'x'.repeat(2001)]) {
      const refused = await send(owner, 'POST', notes, { note: { body } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details.validationError.fieldViolations[0].field).toBe('note.body');
    }
    const shopper = `Bearer ${(await visitorTokens(t, clientId)).access_token}`;
    expect((await send(shopper, 'GET', '/admin-api/v1/customers')).statusCode).toBe(403);
    expect((await send('', 'GET', '/admin-api/v1/customers')).statusCode).toBe(401);
  });
});

describe('a guest who signs up', () => {
  it('finds their guest orders in the account once the e-mail is verified, and checks out prefilled', async () => {
    const email = uniqueEmail('later-member');
    const visitor = `Bearer ${(await visitorTokens(t, clientId)).access_token}`;
    const orderId = await guestOrder(visitor, email, { firstName: 'Lin', lastName: 'Chen' });
    // Someone else's guest order with another address stays theirs.
    const otherId = await guestOrder(
      `Bearer ${(await visitorTokens(t, clientId)).access_token}`,
      uniqueEmail('other'),
      { firstName: 'O', lastName: 'T' },
    );

    const { sessionToken } = await registerMember(t, {
      email,
      visitorToken: visitor,
      profile: {
        firstName: 'Lin',
        lastName: 'Chen',
        phones: ['+1 212 555 0100'],
        addresses: [
          {
            tag: 'SHIPPING',
            address: {
              country: 'US',
              subdivision: 'US-NY',
              city: 'New York',
              postalCode: '10001',
              addressLine1: '5 Park Ave',
            },
          },
        ],
      },
    });
    const member = `Bearer ${(await memberTokens(t, { clientId, sessionToken })).access_token}`;
    const mine = await ok(member, 'POST', '/ecom/v1/orders/query', { query: {} });
    expect(mine.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect((await send(member, 'GET', `/ecom/v1/orders/${otherId}`)).statusCode).toBe(404);

    // A new checkout starts with the account's e-mail and saved address.
    await ok(member, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems: [lineItem(mug.id, 1)] });
    const { checkoutId } = await ok(member, 'POST', '/ecom/v1/carts/current/create-checkout', {});
    const { checkout } = await ok(member, 'GET', `/ecom/v1/checkouts/${checkoutId}`);
    expect(checkout.buyerInfo.email).toBe(email);
    expect(checkout.shippingInfo.shippingDestination).toMatchObject({
      address: {
        country: 'US',
        subdivision: 'US-NY',
        city: 'New York',
        postalCode: '10001',
        addressLine: '5 Park Ave',
      },
      contactDetails: { firstName: 'Lin', lastName: 'Chen', phone: '+1 212 555 0100' },
    });
  });
});
