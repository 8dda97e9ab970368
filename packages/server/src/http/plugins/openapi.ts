import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { compress, preferredCoding, varyOnEncoding } from '../../lib/http/content-coding.js';
import { shareRepeatedSchemas } from '../openapi-components.js';

/** OpenAPI 3.1 generated from the routes' TypeBox contracts, browsable at /docs, raw at /docs/json. */
export const openapiPlugin = fp<{
  publicUrl: string;
  storeName: string;
  /** The store's name as set in Settings, when it differs from STORE_NAME (the title says it). */
  currentStoreName?: () => string;
}>(async (app: FastifyInstance, options) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.storeName} API`,
        version: '1',
        description:
          'Headless commerce API. Success is always HTTP 200 with a JSON body; errors carry `details.validationError` ' +
          'or `details.applicationError`. Send tokens in the Authorization header (raw, or with a `Bearer ` prefix).',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Access token or merchant API key',
          },
        },
      },
      security: [{ token: [] }],
    },
    // Made once, on the first request for the document.
    transformObject: (document) =>
      'openapiObject' in document ? shareRepeatedSchemas(document.openapiObject) : document.swaggerObject,
  });
  // In a context of its own, so that only the documentation's routes are compressed here.
  await app.register(async (docs) => {
    docs.addHook('onSend', compressedDocs());
    await docs.register(swaggerUi, {
      routePrefix: '/docs',
      // The title names the store as it is called now, not as it was at start-up.
      transformSpecificationClone: true,
      transformSpecification: (spec) => {
        const name = options.currentStoreName?.() ?? options.storeName;
        const document = spec as { info?: Record<string, unknown> };
        return { ...document, info: { ...document.info, title: `${name} API` } };
      },
      uiConfig: { docExpansion: 'list', deepLinking: true },
      // Its own policy (it replaces the fixed one of API replies, see http/security-headers.ts): Swagger
      // UI's scripts and styles are files under /docs/static, but it styles elements inline and draws
      // icons as data URLs; "Try it out" calls the API at PUBLIC_URL.
      staticCSP: [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        `connect-src 'self' ${new URL(options.publicUrl).origin}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    });
  });
});

/** Text the documentation sends: Swagger UI's scripts and styles, its page, and the OpenAPI document. */
const COMPRESSIBLE = /^(application\/(json|javascript|x-yaml)|text\/(javascript|css|html))\b/;

/**
 * Compresses the documentation's replies for clients that accept it: Swagger UI's files are 2.1 MB and
 * the OpenAPI document ~250 KB as they are, ~0.5 MB together with Brotli. Each body is compressed once
 * and kept by the hash of its bytes (the document's title follows the store's name), so requests for
 * /docs cost a hash, not a compression.
 */
function compressedDocs() {
  const kept = new LRUCache<string, Buffer>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (body) => body.length,
  });
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      reply.statusCode !== 200 ||
      !COMPRESSIBLE.test(type)
    )
      return payload;
    if (reply.getHeader('content-encoding')) return payload;
    varyOnEncoding(reply);
    // A HEAD reply has no body here to compress and measure: it describes the uncompressed file.
    if (request.method === 'HEAD') return payload;
    const coding = preferredCoding(request.headers['accept-encoding']);
    if (!coding) return payload;
    const body = await bodyBytes(payload);
    if (!body || body.length < 1024) return body ?? payload;
    const key = `${coding} ${createHash('sha256').update(body).digest('base64')}`;
    let compressed = kept.get(key);
    if (!compressed) {
      compressed = await compress(body, coding);
      kept.set(key, compressed);
    }
    reply.header('content-encoding', coding);
    // A static file's length was set for its uncompressed bytes; Fastify sets it again for a buffer.
    reply.removeHeader('content-length');
    return compressed;
  };
}

async function bodyBytes(payload: unknown): Promise<Buffer | undefined> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload && typeof (payload as Readable).pipe === 'function') return buffer(payload as Readable);
  return undefined;
}
