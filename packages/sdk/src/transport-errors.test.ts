import { describe, expect, it } from 'vitest';
import { ApplicationError, SystemError, TokenRequestError, ValidationError } from './errors.js';
import { fakeFetch, replies } from './testing/fake-fetch.js';
import { createTransport } from './transport.js';

// What a request throws: replies that are not a success, network failures, aborts and token errors.
const BASE = 'http://127.0.0.1:3000/api';
describe('request failures', () => {
  it.each([
    { name: '201 with a body', reply: { status: 201, body: { product: {} } }, status: 201 },
    { name: '204 without a body', reply: { status: 204 }, status: 204 },
    { name: '200 with an empty body', reply: { status: 200, rawBody: '' }, status: 200 },
    { name: '200 with HTML', reply: { status: 200, rawBody: '<html>' }, status: 200 },
    {
      name: '500 with details',
      reply: { status: 500, body: { message: 'Internal error', details: {} } },
      status: 500,
    },
    { name: '502 with HTML', reply: { status: 502, rawBody: '<html>bad gateway</html>' }, status: 502 },
  ])('$name → SystemError with the request id', async ({ reply, status }) => {
    const fake = fakeFetch(replies({ ...reply, headers: { 'x-wix-request-id': 'req-7' } }));
    const error = await createTransport({ baseUrl: BASE, fetch: fake.fetch })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SystemError);
    expect((error as SystemError).message).toBe('System error occurred, request-id: req-7');
    expect((error as SystemError).status).toBe(status);
    expect((error as SystemError).requestId).toBe('req-7');
  });

  it('keeps the JSON parse failure of a 200 as the cause', async () => {
    const fake = fakeFetch(replies({ rawBody: 'not json' }));
    const error = await createTransport({ baseUrl: BASE, fetch: fake.fetch })
      .request({ method: 'GET', path: '/x' })
      .catch((e: unknown) => e);
    expect((error as SystemError).cause).toBeInstanceOf(SyntaxError);
  });

  it('maps application errors with the request id header', async () => {
    const fake = fakeFetch(
      replies({
        status: 404,
        headers: { 'x-wix-request-id': 'req-12345' },
        body: {
          message: 'Checkout not found',
          details: { applicationError: { code: 'CHECKOUT_NOT_FOUND', description: 'No checkout "missing"' } },
        },
      }),
    );
    const error = await createTransport({ baseUrl: BASE, fetch: fake.fetch })
      .request({ method: 'GET', path: '/ecom/v1/checkouts/missing' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error).toMatchObject({
      message: 'Checkout not found: No checkout "missing"',
      code: 'CHECKOUT_NOT_FOUND',
      status: 404,
      requestId: 'req-12345',
    });
  });

  it('maps validation errors with the per-call argument names', async () => {
    const fake = fakeFetch(
      replies({
        status: 400,
        body: {
          details: {
            validationError: {
              fieldViolations: [
                { field: 'lineItems[0].quantity', description: 'must be at least 1', violatedRule: 'MIN' },
              ],
            },
          },
        },
      }),
    );
    const error = await createTransport({ baseUrl: BASE, fetch: fake.fetch })
      .request({
        method: 'POST',
        path: '/ecom/v1/carts/current/add-to-cart',
        body: { lineItems: [{ quantity: 0 }] },
        argumentNames: { lineItems: 'options.lineItems' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      'INVALID_ARGUMENT: "options.lineItems[0].quantity" must be at least 1',
    );
  });

  it('turns a network failure into a SystemError that keeps the cause', async () => {
    const cause = new TypeError('fetch failed');
    const transport = createTransport({ baseUrl: BASE, fetch: () => Promise.reject(cause) });
    const error = await transport.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SystemError);
    expect((error as SystemError).message).toBe('System error occurred');
    expect((error as SystemError).cause).toBe(cause);
    expect((error as SystemError).status).toBeUndefined();
  });

  it('lets an abort through unchanged and passes the signal to fetch', async () => {
    const controller = new AbortController();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    let seen: AbortSignal | null | undefined;
    const transport = createTransport({
      baseUrl: BASE,
      fetch: (_url, init) => {
        seen = init?.signal;
        return Promise.reject(abort);
      },
    });
    const error = await transport
      .request({ method: 'GET', path: '/x', signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBe(abort);
    expect(seen).toBe(controller.signal);
  });

  it('lets token errors reach the caller unchanged, without sending the request', async () => {
    const tokenError = new TokenRequestError(
      'Failed to fetch tokens from OAuth API: Bad Request. request id: r. Response: {}',
    );
    const fake = fakeFetch(replies({ body: {} }));
    const transport = createTransport({
      baseUrl: BASE,
      fetch: fake.fetch,
      getAuthHeader: () => Promise.reject(tokenError),
    });
    await expect(transport.request({ method: 'GET', path: '/x' })).rejects.toBe(tokenError);
    expect(fake.calls).toHaveLength(0);
  });
});
