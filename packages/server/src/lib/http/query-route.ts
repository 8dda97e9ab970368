import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
} from 'fastify';
import Type, { type Static, type TSchema } from 'typebox';
import { ValidationFailed } from './errors.js';
import { rejectNulCharacters } from './hostile-values.js';
import { rejectDeepNesting } from './nesting.js';
import { type SchemaError, violationsFromSchemaErrors } from './validation.js';
import { decodeQueryParam, normalizeQueryObject, normalizeSystemFields } from './wire.js';

export interface QueryRouteOptions<Body extends TSchema> {
  url: string;
  /** Schema of the JSON request: the POST body, and the decoded `.r` of the GET form. */
  body: Body;
  response: FastifySchema['response'];
  summary: string;
  tags: string[];
  preHandler?: preHandlerAsyncHookHandler[];
}

/**
 * Registers a query call in both of its wire forms (wire-protocol.md §3): `GET url?.r=<base64url JSON>`
 * and the `POST url` fallback that clients use when the query string would pass 4000 characters.
 * Both are validated by the same schema and reach the same handler with the same parsed body.
 */
export function registerQueryRoute<Body extends TSchema>(
  app: FastifyInstance,
  options: QueryRouteOptions<Body>,
  handler: (request: FastifyRequest, body: Static<Body>, reply: FastifyReply) => Promise<unknown>,
): void {
  const common = {
    summary: options.summary,
    tags: options.tags,
    response: options.response,
  };
  const guards = options.preHandler ?? [];

  app.post(
    options.url,
    {
      schema: { ...common, body: options.body },
      preValidation: async (request) => normalizeQueryBody(request.body),
      preHandler: guards,
    },
    async (request, reply) => handler(request, request.body as Static<Body>, reply),
  );

  app.get(
    options.url,
    {
      schema: {
        ...common,
        querystring: Type.Object({
          '.r': Type.Optional(Type.String({ description: 'base64url of the JSON body' })),
        }),
      },
      preHandler: [
        ...guards,
        async (request) => {
          const decoded = decodeQueryParam((request.query as Record<string, unknown>)['.r']);
          // Named as in the POST form (`query.filter…`): the decoded `.r` is that body.
          rejectDeepNesting(decoded);
          normalizeSystemFields(decoded);
          rejectNulCharacters(decoded);
          normalizeQueryBody(decoded);
          const validate = request.compileValidationSchema(options.body as object);
          if (!validate(decoded))
            throw new ValidationFailed(violationsFromSchemaErrors(validate.errors as SchemaError[]));
          request.body = decoded;
        },
      ],
    },
    async (request, reply) => handler(request, request.body as Static<Body>, reply),
  );
}

function normalizeQueryBody(body: unknown): void {
  if (body === null || typeof body !== 'object') return;
  const query = (body as { query?: unknown }).query;
  if (query !== null && typeof query === 'object' && !Array.isArray(query)) {
    normalizeQueryObject(query as Record<string, unknown>);
  }
}
