import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
  });
  await app.register(swaggerUi, {
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
