import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch } from './inject-fetch.js';

describe('injectFetch (the storefront’s in-process API fetch)', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.post('/echo', async (request, reply) =>
      reply.header('x-seen', 'yes').send({
        ip: request.ip,
        body: request.body,
        auth: request.headers.authorization,
        acceptEncoding: request.headers['accept-encoding'] ?? null,
      }),
    );
    app.get('/empty', async (_request, reply) => reply.status(204).send());
    await app.ready();
  });
  afterAll(() => app.close());

  it('passes method, headers and body through, and returns status, headers and body', async () => {
    const response = await injectFetch(app)('http://in-process/echo', {
      method: 'POST',
      headers: { authorization: 'token-1', 'content-type': 'application/json', 'accept-encoding': 'br' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-seen')).toBe('yes');
    // Never asks for compression: the Response built from the reply would not decode it.
    expect(await response.json()).toMatchObject({ body: { a: 1 }, auth: 'token-1', acceptEncoding: null });
  });

  it('presents the shopper’s address, so per-IP limits count shoppers and not the server', async () => {
    const seenAs = async (address: string) =>
      (
        (await (await injectFetch(app, address)('http://x/echo', { method: 'POST' })).json()) as {
          ip: string;
        }
      ).ip;
    const first = { ip: await seenAs('203.0.113.7') };
    const second = { ip: await seenAs('198.51.100.9') };
    expect(first.ip).toBe('203.0.113.7');
    expect(second.ip).toBe('198.51.100.9');
  });

  it('gives a null body for 204', async () => {
    const response = await injectFetch(app)('http://x/empty');
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });
});
