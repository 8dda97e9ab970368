import type { FastifyInstance } from 'fastify';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface ErrorBody {
  details?: {
    validationError?: { fieldViolations: { field: string; violatedRule: string }[] };
    applicationError?: { code: string };
  };
}

/** Small helpers for route tests: calls with an optional Authorization header, and error readers. */
export function httpHelpers(app: () => FastifyInstance) {
  return {
    async call(method: Method, url: string, payload?: unknown, authorization?: string) {
      const reply = await app().inject({
        method,
        url,
        ...(payload !== undefined ? { payload: payload as object } : {}),
        headers: authorization ? { authorization } : {},
      });
      // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
      return { status: reply.statusCode, body: (reply.body ? reply.json() : undefined) as any };
    },
    /** "field RULE" for every field violation of a 400. */
    fields: (body: ErrorBody) =>
      body.details?.validationError?.fieldViolations.map((v) => `${v.field} ${v.violatedRule}`),
    code: (body: ErrorBody) => body.details?.applicationError?.code,
    encode: (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url'),
  };
}
