import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { arbitraryHostile, hostileQuery, plantHostile } from './fuzz-hostile.js';
import { arbitraryFor, type JsonSchema } from './fuzz-values.js';

// The contract fuzzer: every API route gets requests built from its own schemas (fuzz-values.ts), one in
// five with a hostile shape planted in it (fuzz-hostile.ts); it counts what comes back.

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
  /** Requests that carried a hostile shape, by shape. */
  hostile: Record<string, number>;
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
    /** After each route: for progress reports. */
    onRoute?: (done: number, total: number, run: FuzzRun) => void;
  },
): Promise<FuzzRun> {
  const run: FuzzRun = {
    requests: 0,
    routes: 0,
    hostile: {},
    failures: [],
    failureCount: 0,
    statusClasses: {},
  };
  const fail = (message: string) => {
    run.failureCount += 1;
    if (run.failures.length < 50) run.failures.push(message);
  };
  const routes = fuzzableRoutes(app);
  for (const route of routes) {
    const schema = (route.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema };
    const withBody = route.method !== 'GET' && route.method !== 'DELETE';
    const takesFilter = Boolean(schema.body?.properties?.query?.properties?.filter);
    const takesQueryParam = Boolean(schema.querystring?.properties?.['.r']);
    const request = fc.record({
      url: arbitraryPath(route.url),
      query: arbitraryFor(schema.querystring as never),
      body: withBody ? arbitraryFor(schema.body as never) : fc.constant(undefined),
      asOwner: fc.boolean(),
      // One request in eight sends a body that is not the JSON object routes take. (fc.option's `freq`
      // is the chance of *no* value, 1 in freq: it had made seven in eight requests such bodies.)
      rawBody: fc.oneof(
        { weight: 7, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom('{', 'null', '[]', '"text"', '{"a":1}{') },
      ),
      // One request in five carries a hostile shape.
      hostile: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: arbitraryHostile },
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ url, query, body, asOwner, rawBody, hostile }) => {
        run.requests += 1;
        let search = toQueryString(query);
        let sent = body;
        if (hostile && rawBody === null) {
          run.hostile[hostile.shape] = (run.hostile[hostile.shape] ?? 0) + 1;
          if (withBody) sent = plantHostile(body, hostile, takesFilter);
          else search = hostileQuery(hostile, takesQueryParam);
        }
        const payload = rawBody ?? (sent === undefined ? undefined : JSON.stringify(sent));
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
    options.onRoute?.(run.routes, routes.length, run);
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
