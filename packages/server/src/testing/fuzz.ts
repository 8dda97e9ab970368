import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods } from 'fastify';

/*
 * Request generators derived from the routes' own JSON schemas (the TypeBox contracts), for the fuzz suite:
 * mostly well-formed requests with a share of wrong types, missing and extra fields, extreme numbers and
 * odd strings mixed in — so handlers are reached with almost-valid input, where 500s hide.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  'x-wire'?: string;
};

const NASTY_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  "'; DROP TABLE products; --",
  '%00',
  '\u0000',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '🛒'.repeat(50),
  'a'.repeat(5000),
  '{"$gt":""}',
  '2024-02-30T25:61:00Z',
];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.1 + 0.2, 1e-9),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  nastyNumber,
  nastyString,
  fc.array(fc.oneof(fc.constant(null), nastyString, fc.integer()), { maxLength: 4 }),
  fc.dictionary(
    fc.oneof(nastyString, fc.constantFrom('$and', '$or', '$ne', '$in', 'id', 'name')),
    fc.oneof(nastyString, fc.integer(), fc.constant(null)),
    { maxKeys: 4 },
  ),
);

/** A value for a schema: valid most of the time, deliberately wrong some of the time. */
export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anyValue;
  return fc.oneof({ weight: 6, arbitrary: wellFormed(schema, depth) }, { weight: 1, arbitrary: anyValue });
}

function wellFormed(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((branch) => arbitraryFor(branch, depth + 1)));
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (schema['x-wire'] === 'date')
    return fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      nastyString,
    );
  if (schema['x-wire'])
    return fc.oneof(nastyNumber, fc.constantFrom('NaN', 'Infinity', '-Infinity', '12.50', '1001'));
  const type = types[0];
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties))
        record[name] = arbitraryFor(property, depth + 1);
      const optional = Object.keys(properties).filter((name) => !required.has(name));
      return fc
        .tuple(
          fc.record(record, { requiredKeys: [...required].filter((name) => name in properties) }),
          fc.subarray(optional),
          fc.boolean(),
          anyValue,
        )
        .map(([value, drop, extra, junk]) => {
          const out = { ...(value as Record<string, unknown>) };
          for (const name of drop) delete out[name];
          if (extra) out.unexpectedField = junk;
          return out;
        });
    }
    case 'array':
      return fc.array(arbitraryFor(schema.items, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 5, 5) + 1,
      });
    case 'integer':
      return fc.oneof(fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000 }), nastyNumber);
    case 'number':
      return fc.oneof(
        fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1e6, noNaN: true }),
        nastyNumber,
      );
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 1, 0));
    case 'string':
      if (schema.format === 'date-time')
        return fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          nastyString,
        );
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), nastyString);
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) }),
        nastyString,
      );
    default:
      return anyValue;
  }
}

/** Fills `:param` and `*` in a route URL with generated path segments. */
export function arbitraryPath(url: string): fc.Arbitrary<string> {
  const parts = url.split('/');
  return fc
    .tuple(
      ...parts.map((part) =>
        part.startsWith(':') || part === '*'
          ? fc.oneof(
              fc.uuid(),
              fc.constantFrom('missing', '0', '%20', 'a'.repeat(300)),
              fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
            )
          : fc.constant(part),
      ),
    )
    .map((segments) => segments.join('/'));
}

/** Is this reply body one of the protocol's two error forms (wire-protocol.md §6.2)? */
export function isProtocolError(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const { message, details } = body as { message?: unknown; details?: Record<string, unknown> };
  if (typeof message !== 'string' || !details || typeof details !== 'object') return false;
  const validation = details.validationError as { fieldViolations?: unknown[] } | undefined;
  if (validation) {
    return (
      Array.isArray(validation.fieldViolations) &&
      validation.fieldViolations.length > 0 &&
      validation.fieldViolations.every((violation) => {
        const v = violation as Record<string, unknown>;
        return (
          typeof v.field === 'string' &&
          typeof v.description === 'string' &&
          typeof v.violatedRule === 'string'
        );
      })
    );
  }
  const application = details.applicationError as Record<string, unknown> | undefined;
  return !!application && typeof application.code === 'string' && typeof application.description === 'string';
}

/** Routes that are not API contracts: the storefront catch-all, metrics and the API docs. */
const NOT_FUZZED = new Set(['/*', '/metrics']);

export function fuzzableRoutes(app: FastifyInstance) {
  return app.routeCatalog.filter(
    (route) =>
      route.method !== 'HEAD' &&
      route.method !== 'OPTIONS' &&
      !NOT_FUZZED.has(route.url) &&
      !route.url.startsWith('/docs'),
  );
}

export interface FuzzRun {
  requests: number;
  routes: number;
  /** Replies ≥ 500, and rejections not in the protocol's error form (first 50). */
  failures: string[];
  failureCount: number;
  /** How many replies fell in each status class (2xx, 4xx, …). */
  statusClasses: Record<string, number>;
}

/**
 * Sends `runsPerRoute` generated requests to every API route (half as the owner), with a fixed seed so a
 * failure reproduces. Invariants checked: never a 5xx, every rejection in the protocol's error form
 * (browser-facing pages such as authorize answer errors as HTML and are exempt).
 */
export async function fuzzRoutes(
  app: FastifyInstance,
  options: {
    seed: number;
    runsPerRoute: number;
    ownerKey: string;
    onRoute?: (done: number, total: number) => void;
  },
): Promise<FuzzRun> {
  const run: FuzzRun = { requests: 0, routes: 0, failures: [], failureCount: 0, statusClasses: {} };
  const fail = (message: string) => {
    run.failureCount += 1;
    if (run.failures.length < 50) run.failures.push(message);
  };
  const routes = fuzzableRoutes(app);
  for (const route of routes) {
    const schema = (route.schema ?? {}) as { body?: object; querystring?: object };
    const request = fc.record({
      url: arbitraryPath(route.url),
      query: arbitraryFor(schema.querystring as never),
      body:
        route.method === 'GET' || route.method === 'DELETE'
          ? fc.constant(undefined)
          : arbitraryFor(schema.body as never),
      asOwner: fc.boolean(),
      rawBody: fc.option(fc.constantFrom('{', 'null', '[]', '"text"', '{"a":1}{'), { freq: 8 }),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ url, query, body, asOwner, rawBody }) => {
        run.requests += 1;
        const search = toQueryString(query);
        const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
        const reply = await app.inject({
          method: route.method as HTTPMethods,
          url: search ? `${url}?${search}` : url,
          headers: {
            ...(asOwner ? { authorization: options.ownerKey } : {}),
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(payload !== undefined ? { payload } : {}),
        });
        const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
        run.statusClasses[statusClass] = (run.statusClasses[statusClass] ?? 0) + 1;
        if (reply.statusCode >= 500)
          fail(
            `${route.method} ${url} → ${reply.statusCode} ${reply.body.slice(0, 300)} (body ${String(payload).slice(0, 200)})`,
          );
        else if (
          reply.statusCode >= 400 &&
          !String(reply.headers['content-type']).startsWith('text/html') &&
          !isProtocolError(safeJson(reply.body))
        )
          fail(
            `${route.method} ${url} → ${reply.statusCode} not in protocol form: ${reply.body.slice(0, 200)}`,
          );
      }),
      { seed: options.seed, numRuns: options.runsPerRoute },
    );
    run.routes += 1;
    options.onRoute?.(run.routes, routes.length);
  }
  return run;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toQueryString(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return '';
  const text = (value: unknown) =>
    typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  return new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, text(value)]),
  ).toString();
}
