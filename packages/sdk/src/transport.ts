// The request core: one place that turns calls into HTTP the way the wire protocol expects (raw token in
// Authorization, JSON bodies, success only on 200 + JSON, `.r` query encoding with the POST fallback) and
// turns every failure into the error catalogue of spec §8.

import { base64UrlEncode } from './base64url.js';
import { type ArgumentNames, errorFromResponse, SystemError } from './errors.js';

/** The subset of `fetch` the SDK uses; pass your own for tests, proxies or server-side cookies. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Options of {@link createTransport}. */
export interface TransportOptions {
  /** Server origin, optionally with a path prefix: `https://shop.example` or `http://127.0.0.1:3000/api`. */
  baseUrl: string;
  /** Defaults to `globalThis.fetch`, looked up at call time so that a later patch is honoured. */
  fetch?: FetchLike;
  /**
   * Returns the access token for the `Authorization` header (sent raw, without `Bearer `), or `undefined`
   * to send none. Errors it throws reach the caller unchanged, so token failures keep their message.
   * `identity: 'optional'` marks calls that work anonymously (catalog reads): no need to mint a visitor.
   */
  getAuthHeader?: (call: { identity: Identity }) => Promise<string | undefined>;
  /** Extra headers sent on every request. */
  headers?: Readonly<Record<string, string>>;
}

/** Whether a call needs the caller's identity (`required`, default) or also works anonymously. */
export type Identity = 'required' | 'optional';

/** Query-string parameters; arrays repeat the key, `undefined` leaves the key out. */
export type QueryParams = Readonly<
  Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>
>;

/** One HTTP call. */
export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below `baseUrl`, starting with `/`. */
  path: string;
  query?: QueryParams;
  /**
   * Sent as JSON; Dates become ISO strings and NaN/±Infinity the strings `"NaN"`/`"Infinity"`. A `FormData`
   * is sent as `multipart/form-data` as it is (file uploads); fetch sets its boundary.
   */
  body?: unknown;
  /** Maps server field names in validation errors to the caller's argument names. */
  argumentNames?: ArgumentNames;
  signal?: AbortSignal;
  /** Default `required`; `optional` lets the client skip minting a visitor for this call. */
  identity?: Identity;
}

/** The request core used by every resource call. */
export interface Transport {
  /** Sends one request and resolves with the parsed JSON of a 200 reply; throws the spec §8 errors. */
  request<T>(options: RequestOptions): Promise<T>;
  /**
   * Sends a query body as `GET path?.r=<base64url(JSON)>`, or as `POST path` with the JSON body when that
   * query string would be longer than {@link QUERY_STRING_LIMIT} characters.
   */
  queryRequest<T>(
    path: string,
    body: unknown,
    options?: { argumentNames?: ArgumentNames; signal?: AbortSignal; identity?: Identity },
  ): Promise<T>;
}

/** Longest `.r=…` query string sent by GET; longer queries are POSTed (spec §9). */
export const QUERY_STRING_LIMIT = 4000;

/**
 * Field names for validation errors on builder queries: the server reports body paths (`query.paging.limit`)
 * and the caller wrote `.limit(n)`. The public SDK reports these as `undefined.paging.limit`.
 */
export const QUERY_ARGUMENT_NAMES: ArgumentNames = {
  'query.paging.limit': 'limit',
  'query.paging.offset': 'skip',
  'query.filter': 'filter',
  'query.sort': 'sort',
};

/**
 * Creates the request core.
 *
 * @example
 * ```ts
 * const tokens = createTokenManager({ clientId: 'client-1', baseUrl: 'https://shop.example' });
 * const transport = createTransport({ baseUrl: 'https://shop.example', getAuthHeader: tokens.getAccessToken });
 * const { cart } = await transport.request<{ cart: Cart }>({ method: 'GET', path: '/ecom/v1/carts/current' });
 * ```
 */
export function createTransport(options: TransportOptions): Transport {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request<T>(call: RequestOptions): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    // Outside the try below on purpose: a token failure is not a network failure of this call.
    const token = await options.getAuthHeader?.({ identity: call.identity ?? 'required' });
    if (token) headers.Authorization = token;
    const init: RequestInit = { method: call.method, headers };
    if (typeof FormData !== 'undefined' && call.body instanceof FormData) {
      init.body = call.body;
    } else if (call.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = toJson(call.body);
    }
    if (call.signal) init.signal = call.signal;

    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, call.path, call.query), init);
    } catch (cause) {
      // An abort is the caller's own decision; let them recognise it as such.
      if (isAbortError(cause)) throw cause;
      throw new SystemError({ cause });
    }

    const requestId = response.headers.get('x-wix-request-id') ?? undefined;
    const status = response.status;
    let parsed: { ok: true; value: unknown } | { ok: false; error: unknown };
    try {
      parsed = parseJson(await response.text());
    } catch (cause) {
      if (isAbortError(cause)) throw cause;
      throw new SystemError({ status, requestId, cause });
    }
    if (status === 200) {
      if (!parsed.ok) throw new SystemError({ status, requestId, cause: parsed.error });
      return parsed.value as T;
    }
    throw errorFromResponse(
      status,
      response.statusText,
      parsed.ok ? parsed.value : undefined,
      requestId,
      call.argumentNames,
    );
  }

  return {
    request,
    queryRequest<T>(
      path: string,
      body: unknown,
      queryOptions: { argumentNames?: ArgumentNames; signal?: AbortSignal; identity?: Identity } = {},
    ): Promise<T> {
      const encoded = base64UrlEncode(toJson(body));
      const argumentNames = queryOptions.argumentNames ?? QUERY_ARGUMENT_NAMES;
      const signal = queryOptions.signal;
      // The whole query string is `.r=<encoded>`: base64url and `.r` need no percent-encoding.
      const common = {
        path,
        argumentNames,
        ...(signal ? { signal } : {}),
        ...(queryOptions.identity ? { identity: queryOptions.identity } : {}),
      };
      if (`.r=${encoded}`.length > QUERY_STRING_LIMIT) return request<T>({ ...common, method: 'POST', body });
      return request<T>({ ...common, method: 'GET', query: { '.r': encoded } });
    },
  };
}

/**
 * Serialises a request body: Dates as ISO strings (via `toJSON`) and NaN/±Infinity as the strings the wire
 * protocol uses, where plain JSON would silently send `null`.
 *
 * @example
 * ```ts
 * toJson({ weight: Number.NaN }); // '{"weight":"NaN"}'
 * ```
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
  );
}

function buildUrl(baseUrl: string, path: string, query: QueryParams | undefined): string {
  const url = baseUrl + (path.startsWith('/') ? path : `/${path}`);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) params.append(key, String(item));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
