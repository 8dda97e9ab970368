import type { FastifyInstance, HTTPMethods } from 'fastify';

/**
 * A `fetch` that calls this server's own routes in-process (Fastify inject): the storefront's loaders
 * use the SDK through it during SSR, so a page render costs no socket round-trip to itself. Every call
 * still goes through Fastify's routing, hooks and the routes' guards, like one from the network.
 * `remoteAddress` is the shopper's address: per-IP limits (sign-in back-off, visitor tokens) must count
 * the person behind the page, not this server (which would lock every shopper out at once).
 *
 * The SDK's calls (a URL string, plain headers, a string body or none) skip the `Request` a general
 * fetch builds, and replies are {@link InjectedResponse}s that hand over the text inject already made:
 * building and draining web streams for a few KB of JSON was a visible share of a render's CPU.
 */
export function injectFetch(app: FastifyInstance, remoteAddress?: string): typeof fetch {
  return async (input, init) => {
    const call =
      typeof input === 'string' && isPlainCall(init)
        ? plainCall(input, init)
        : await fromRequest(input, init);
    const response = await app.inject({
      method: call.method as HTTPMethods,
      url: call.url,
      headers: call.headers,
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(call.body !== undefined ? { payload: call.body } : {}),
    });
    const headers: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(response.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.push([name, item]);
      else if (value !== undefined) headers.push([name, String(value)]);
    }
    const nullBody = response.statusCode === 204 || response.statusCode === 304 || call.method === 'HEAD';
    const responseInit = { status: response.statusCode, statusText: response.statusMessage, headers };
    return nullBody
      ? new Response(null, responseInit)
      : (new InjectedResponse(response.rawPayload, response.payload, responseInit) as unknown as Response);
  };
}

interface InjectCall {
  method: string;
  /** Path and query string. */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** What the SDK sends: no Request object, no signal (inject cannot abort), a string body or none. */
function isPlainCall(init: RequestInit | undefined): boolean {
  if (!init) return true;
  return (
    (init.body === undefined || init.body === null || typeof init.body === 'string') &&
    (init.headers === undefined || isRecord(init.headers))
  );
}

function isRecord(headers: NonNullable<RequestInit['headers']>): headers is Record<string, string> {
  return !Array.isArray(headers) && !(headers instanceof Headers);
}

function plainCall(input: string, init: RequestInit | undefined): InjectCall {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string>)) {
    const lower = name.toLowerCase();
    // In process there are no bytes on a wire to save, and the reply's text is read as it is.
    if (lower !== 'accept-encoding') headers[lower] = value;
  }
  const body = typeof init?.body === 'string' ? init.body : undefined;
  if (body !== undefined && headers['content-type'] === undefined) {
    headers['content-type'] = 'text/plain;charset=UTF-8'; // what fetch would send with a string body
  }
  return { method: (init?.method ?? 'GET').toUpperCase(), url: pathAndQuery(input), headers, body };
}

/**
 * `https://shop.example/a/b?c` → `/a/b?c`, as `new URL` would give it, without building one. URLs that
 * `new URL` would change (characters it escapes, dot segments, a fragment) take the full parse.
 */
const UNCHANGED_BY_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[A-Za-z0-9\-._~:/?&=+,;@!$()*[\]%]+$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;

function pathAndQuery(input: string): string {
  const scheme = input.indexOf('://');
  if (!UNCHANGED_BY_URL.test(input) || DOT_SEGMENT.test(input)) return fullParse(input);
  const slash = input.indexOf('/', scheme + 3);
  const query = input.indexOf('?', scheme + 3);
  if (slash < 0 || (query >= 0 && query < slash)) return fullParse(input);
  return input.slice(slash);
}

function fullParse(input: string): string {
  const url = new URL(input);
  return `${url.pathname}${url.search}`;
}

/** Any other call (a `Request`, `FormData` or stream body, `Headers`): read through a standard Request. */
async function fromRequest(
  input: Parameters<typeof fetch>[0],
  init: RequestInit | undefined,
): Promise<InjectCall> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (name !== 'accept-encoding') headers[name] = value;
  });
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  return { method: request.method, url: `${url.pathname}${url.search}`, headers, body };
}

// Node's types declare Response's members as properties, which a subclass may not redefine as methods.
const ResponseBase = Response as unknown as new (
  body: null,
  init: ResponseInit,
) => Pick<Response, 'headers' | 'status' | 'statusText'>;

/**
 * A reply whose payload is already in memory: `text()`, `json()` and `arrayBuffer()` hand it over
 * directly; the `body` stream is only built for a caller that asks for it. A real `Response` otherwise.
 */
class InjectedResponse extends ResponseBase {
  readonly #raw: Buffer;
  readonly #text: string;
  #stream: ReadableStream<Uint8Array> | null | undefined;
  #used = false;

  constructor(raw: Buffer, text: string, init: ResponseInit) {
    super(null, init);
    this.#raw = raw;
    this.#text = text;
  }

  get body(): ReadableStream<Uint8Array> | null {
    this.#stream ??= new Response(new Uint8Array(this.#raw)).body;
    return this.#stream;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  #take(): void {
    if (this.#used || this.#stream?.locked)
      throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
  }

  async text(): Promise<string> {
    this.#take();
    return this.#text;
  }

  async json(): Promise<unknown> {
    this.#take();
    return JSON.parse(this.#text);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    this.#take();
    return new Uint8Array(this.#raw).buffer;
  }

  async blob(): Promise<Blob> {
    this.#take();
    return new Blob([new Uint8Array(this.#raw)], { type: this.headers.get('content-type') ?? '' });
  }

  clone(): Response {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    const init = { status: this.status, statusText: this.statusText, headers: this.headers };
    return new InjectedResponse(this.#raw, this.#text, init) as unknown as Response;
  }
}
