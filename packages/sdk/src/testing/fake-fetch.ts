// A scriptable stand-in for `fetch` used by the unit tests: it records every request and answers with the
// replies a test scripts, so that no server is needed. Not shipped (excluded from the build).

import type { FetchLike } from '../transport.js';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The raw request body, if any. */
  rawBody: string | undefined;
  /** The body parsed as JSON, if it was JSON. */
  body: unknown;
}

export interface FakeReply {
  status?: number;
  statusText?: string;
  /** Serialised as JSON unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** What a handler may do: answer, or fail the way a broken network does (reject). */
export type FakeHandler = (request: RecordedRequest, index: number) => FakeReply | Promise<FakeReply>;

export interface FakeFetch {
  fetch: FetchLike;
  calls: RecordedRequest[];
}

/**
 * @example
 * ```ts
 * const fake = fakeFetch(() => ({ body: { ok: true }, headers: { 'x-wix-request-id': 'req-1' } }));
 * ```
 */
export function fakeFetch(handler: FakeHandler): FakeFetch {
  const calls: RecordedRequest[] = [];
  const fetch: FetchLike = async (input, init = {}) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const rawBody = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      url: input,
      method: init.method ?? 'GET',
      headers,
      rawBody,
      body: rawBody === undefined ? undefined : safeParse(rawBody),
    };
    calls.push(request);
    const reply = await handler(request, calls.length - 1);
    const status = reply.status ?? 200;
    const text = reply.rawBody ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(status === 204 || status === 304 ? null : text, {
      status,
      statusText: reply.statusText ?? '',
      headers: reply.headers ?? {},
    });
  };
  return { fetch, calls };
}

/** Answers the n-th request with the n-th reply (the last one repeats). */
export function replies(...list: FakeReply[]): FakeHandler {
  return (_request, index) => list[Math.min(index, list.length - 1)] ?? {};
}

/** A promise whose settlement the test controls. */
export function deferred<T>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
} {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Decodes a base64url string (test side only, where Node's Buffer is fine). */
export function decodeBase64Url(value: string): string {
  return Buffer.from(value, 'base64url').toString('utf8');
}
