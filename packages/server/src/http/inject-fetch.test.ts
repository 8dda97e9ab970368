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
    app.get('/*', async (request) => ({ url: request.url, type: request.headers['content-type'] ?? null }));
    app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
    app.post('/form', async (request) => ({ type: request.headers['content-type'] ?? null }));
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

  it('sends the path and query `new URL` would, whatever the SDK builds', async () => {
    const urls = [
      'http://x/a/b?.r=eyJxIjoxfQ&x=1',
      'http://x/caf%C3%A9?q=%20',
      'http://x/café?q=a b',
      'http://x/a/./b/../c?d',
      'http://x/a#frag',
      'http://x',
      'http://x?y=1',
    ];
    for (const url of urls) {
      const seen = (await (await injectFetch(app)(url)).json()) as { url: string };
      const expected = new URL(url);
      expect(seen.url).toBe(`${expected.pathname}${expected.search}`);
    }
  });

  it('answers like a fetch Response: text once, clone, body stream, status text', async () => {
    const response = await injectFetch(app)('http://x/a');
    expect(response).toBeInstanceOf(Response);
    expect(response.statusText).toBe('OK');
    const copy = response.clone();
    expect(await response.text()).toBe('{"url":"/a","type":null}');
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(await new Response(copy.body).json()).toEqual({ url: '/a', type: null });
    const bytes = await (await injectFetch(app)('http://x/a')).arrayBuffer();
    expect(new TextDecoder().decode(bytes)).toBe('{"url":"/a","type":null}');
  });

  it('sends other bodies and Request objects through a standard Request', async () => {
    const form = new FormData();
    form.set('field', 'value');
    const sent = await injectFetch(app)('http://x/form', { method: 'POST', body: form });
    expect(((await sent.json()) as { type: string }).type).toMatch(/^multipart\/form-data; boundary=/);
    const request = new Request('http://x/r?s=1', { headers: new Headers({ 'Content-Type': 'a/b' }) });
    expect(await (await injectFetch(app)(request)).json()).toEqual({ url: '/r?s=1', type: 'a/b' });
  });
});
