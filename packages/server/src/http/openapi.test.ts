import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/index.js';
import { inlineReferences } from '../testing/openapi-references.js';
import { shareRepeatedSchemas } from './openapi-components.js';

// The API's documentation as the app publishes it: /docs/json with its shared shapes as components, and
// the documentation's files compressed for clients that accept it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Document = { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };

describe('the OpenAPI document', () => {
  it('names each repeated shape once: the same document, a fraction of its size', async () => {
    const reply = await t.app.inject('/docs/json');
    const document = reply.json() as Document;
    const schemas = document.components.schemas;
    expect(Object.keys(schemas).length).toBeGreaterThan(50);
    expect(schemas).toHaveProperty('PriceSummary');
    expect(schemas).toHaveProperty('LineItem');
    // The checkout reply refers to its shapes instead of spelling them out.
    const checkout = JSON.stringify(document.paths['/ecom/v1/checkouts/{id}']);
    expect(checkout).toContain('#/components/schemas/');
    expect(checkout.length).toBeLessThan(4_000);

    // Every reference names a component, and every component is used.
    const text = reply.body;
    const referenced = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    expect([...referenced].filter((name) => !((name as string) in schemas))).toEqual([]);
    expect(Object.keys(schemas).filter((name) => !referenced.has(name))).toEqual([]);

    // With the references spelled out, it is what @fastify/swagger wrote; sharing that again gives the
    // same document back.
    const inlined = inlineReferences(document as never) as Document;
    expect(JSON.stringify(inlined)).not.toContain('$ref');
    expect(text.length).toBeLessThan(JSON.stringify(inlined).length * 0.3);
    const again = shareRepeatedSchemas(inlined);
    expect(inlineReferences(again as never)).toEqual(inlined);
    expect(again).toEqual(document);
  });
});

describe('the documentation compressed', () => {
  it('sends /docs/json with Brotli or gzip to clients that accept it, the same JSON', async () => {
    const plain = await t.app.inject('/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toContain('Accept-Encoding');

    const br = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it("sends Swagger UI's files compressed, with their compressed length", async () => {
    const swaggerUi = path.dirname(
      createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json'),
    );
    const file = readFileSync(path.join(swaggerUi, 'static', 'swagger-ui-bundle.js'));
    const url = '/docs/static/swagger-ui-bundle.js';
    const headers = { 'accept-encoding': 'br;q=0.5, gzip' };
    const reply = await t.app.inject({ url, headers });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(Number(reply.headers['content-length'])).toBe(reply.rawPayload.length);
    expect(gunzipSync(reply.rawPayload).equals(file)).toBe(true);
    // Twice: the second is the kept copy, byte for byte.
    expect((await t.app.inject({ url, headers })).rawPayload.equals(reply.rawPayload)).toBe(true);

    // HEAD describes the file as it is (its headers say so), for caches as GET does.
    const head = await t.app.inject({ method: 'HEAD', url, headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe(file.length);
    expect(String(head.headers.vary)).toContain('Accept-Encoding');

    // Without Accept-Encoding: the file as it is. Images are never compressed again.
    const identity = await t.app.inject(url);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(file)).toBe(true);
    const icon = await t.app.inject({ url: '/docs/static/favicon-32x32.png', headers });
    expect(icon.headers['content-encoding']).toBeUndefined();
  });
});
