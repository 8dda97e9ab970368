import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { registerQueryRoute } from '../lib/http/query-route.js';
import { WireDate, WireFloat, WireFloatOut } from '../lib/http/wire.js';

const QueryBody = Type.Object({
  query: Type.Object({
    filter: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    paging: Type.Optional(Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })) })),
  }),
});

/**
 * A query route and a float route registered on the real app (createTestApp's `extend`), to exercise the
 * shared machinery the domains use: .r decoding, POST fallback, filter strings, wire floats/dates, error
 * mapping; plus a route that throws and one that counts its query-string keys.
 */
export function registerProtocolTestRoutes(app: FastifyInstance) {
  registerQueryRoute(
    app,
    { url: '/test/v1/things/query', body: QueryBody, response: undefined, summary: 'test', tags: ['test'] },
    async (request, body) => ({ method: request.method, body }),
  );
  app.post(
    '/test/v1/things/:id/measure',
    {
      schema: {
        params: Type.Object({ id: Type.String() }),
        body: Type.Object({ weight: WireFloat(), at: Type.Optional(WireDate()) }),
        response: { 200: Type.Object({ id: Type.String(), weight: WireFloatOut(), isDate: Type.Boolean() }) },
      },
    },
    async (request) => {
      const body = request.body as { weight: number; at?: Date };
      const weight = Number.isFinite(body.weight) ? body.weight : String(body.weight);
      return { id: (request.params as { id: string }).id, weight, isDate: body.at instanceof Date };
    },
  );
  app.get('/test/v1/boom', async () => {
    throw new Error('secret connection string postgres://admin:pw@db');
  });
  app.get('/test/v1/keys', async (request) => ({ keys: Object.keys(request.query as object).length }));
}
