import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { ApplicationError, SystemError } from '../errors.js';
import { fakeFetch } from '../testing/fake-fetch.js';
import { ANY_REPLY, setUp } from '../testing/module-client.js';

describe('wire values in replies', () => {
  it('turns dates into Dates and float strings into numbers', async () => {
    const { client } = setUp({
      cart: {
        id: 'cart1',
        createdDate: '2024-05-01T10:00:00.000Z',
        updatedDate: '2024-05-01T11:00:00.000Z',
        lineItems: [{ id: 'l1', physicalProperties: { shippable: true, weight: 'NaN' } }],
        contactInfo: { address: { geocode: { latitude: 'Infinity', longitude: '-Infinity' } } },
      },
    });
    const cart = await client.currentCart.get();
    expect(cart?.createdDate).toEqual(new Date('2024-05-01T10:00:00.000Z'));
    expect(cart?.updatedDate).toBeInstanceOf(Date);
    expect(cart?.lineItems[0]?.physicalProperties.weight).toBeNaN();
    expect(cart?.contactInfo?.address?.geocode).toEqual({ latitude: Infinity, longitude: -Infinity });
  });

  it('returns undefined for a shopper without a cart (404 OWNED_CART_NOT_FOUND), and throws anything else', async () => {
    const noCart = {
      message: 'Cart not found',
      details: { applicationError: { code: 'OWNED_CART_NOT_FOUND', description: 'No cart yet', data: {} } },
    };
    const answering = (status: number, body: unknown) =>
      createClient({
        baseUrl: 'https://api.example',
        fetch: fakeFetch(() => ({ status, body, headers: { 'x-wix-request-id': 'req-1' } })).fetch,
        tokens: {
          accessToken: { value: 'access-1', expiresAt: 4_000_000_000 },
          refreshToken: { value: 'r', role: 'visitor' },
        },
      }).currentCart.get();
    expect(await answering(404, noCart)).toBeUndefined();
    // A 404 for another reason (e.g. a base URL that is not this API) is not "no cart".
    const elsewhere = await answering(404, {
      message: 'Not found',
      details: { applicationError: { code: 'NOT_FOUND', description: 'There is no GET …', data: {} } },
    }).catch((e: unknown) => e);
    expect(elsewhere).toBeInstanceOf(ApplicationError);
    expect((elsewhere as ApplicationError).code).toBe('NOT_FOUND');
    const unauthenticated = await answering(401, {
      message: 'Invalid or expired token',
      details: { applicationError: { code: 'INVALID_TOKEN', description: 'Get a new token', data: {} } },
    }).catch((e: unknown) => e);
    expect((unauthenticated as ApplicationError).code).toBe('INVALID_TOKEN');
    await expect(answering(500, { message: 'Internal error', details: {} })).rejects.toBeInstanceOf(
      SystemError,
    );
  });

  it('turns a 404 of collections.getBySlug into undefined, and other errors into errors', async () => {
    const missing = fakeFetch(() => ({ status: 404, body: { message: 'Collection not found' } }));
    const client = createClient({ baseUrl: 'https://api.example', fetch: missing.fetch });
    expect(await client.collections.getBySlug('nope')).toBeUndefined();
    const broken = fakeFetch(() => ({ status: 403, body: { message: 'Forbidden' } }));
    const other = createClient({ baseUrl: 'https://api.example', fetch: broken.fetch });
    await expect(other.collections.getBySlug('nope')).rejects.toBeInstanceOf(ApplicationError);
  });
});

describe('createClient', () => {
  it('sends no Authorization without a client id or tokens', async () => {
    const fake = fakeFetch(() => ({ body: ANY_REPLY }));
    await createClient({ baseUrl: 'https://api.example', fetch: fake.fetch }).products.get('p1');
    expect(fake.calls[0]!.headers.authorization).toBeUndefined();
  });

  it('mints visitor tokens with the client id, then sends them', async () => {
    const fake = fakeFetch((request) =>
      request.url.endsWith('/oauth2/token')
        ? { body: { access_token: 'minted', refresh_token: 'r1', expires_in: 3600 } }
        : { body: ANY_REPLY },
    );
    const client = createClient({ baseUrl: 'https://api.example', clientId: 'client-1', fetch: fake.fetch });
    await client.currentCart.get();
    expect(fake.calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/oauth2/token',
      '/ecom/v1/carts/current',
    ]);
    expect(fake.calls[0]!.body).toEqual({ clientId: 'client-1', grantType: 'anonymous' });
    expect(fake.calls[1]!.headers.authorization).toBe('minted');
    expect(client.auth.getTokens()?.refreshToken).toEqual({ value: 'r1', role: 'visitor' });
  });

  it('reads the catalog without minting a visitor, and with the visitor once there is one', async () => {
    const fake = fakeFetch((request) =>
      request.url.endsWith('/oauth2/token')
        ? { body: { access_token: 'minted', refresh_token: 'r1', expires_in: 3600 } }
        : { body: ANY_REPLY },
    );
    const client = createClient({ baseUrl: 'https://api.example', clientId: 'client-1', fetch: fake.fetch });
    await client.products.get('p1');
    await client.products.query().find();
    await client.collections.getBySlug('summer');
    expect(fake.calls.map((c) => new URL(c.url).pathname)).not.toContain('/oauth2/token');
    expect(fake.calls.every((c) => c.headers.authorization === undefined)).toBe(true);

    await client.currentCart.get(); // needs an identity: mints one
    await client.products.get('p1');
    expect(fake.calls.filter((c) => c.url.endsWith('/oauth2/token'))).toHaveLength(1);
    expect(fake.calls.at(-1)!.headers.authorization).toBe('minted');
  });

  it('sends extra headers on every call', async () => {
    const fake = fakeFetch(() => ({ body: ANY_REPLY }));
    await createClient({
      baseUrl: 'https://api.example',
      fetch: fake.fetch,
      headers: { 'x-shop': 's1' },
    }).orders.get('o1');
    expect(fake.calls[0]!.headers['x-shop']).toBe('s1');
  });
});
