import type { FastifyInstance, HTTPMethods } from 'fastify';

/**
 * A `fetch` that calls this server's own routes in-process (Fastify inject): the storefront's loaders
 * use the SDK through it during SSR, so a page render costs no socket round-trip to itself.
 * `remoteAddress` is the shopper's address: per-IP limits (sign-in back-off, visitor tokens) must count
 * the person behind the page, not this server (which would lock every shopper out at once).
 */
export function injectFetch(app: FastifyInstance, remoteAddress?: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      // In process there are no bytes on a wire to save, and a Response built here would not decode them.
      if (name !== 'accept-encoding') headers[name] = value;
    });
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: request.method as HTTPMethods,
      url: `${url.pathname}${url.search}`,
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(body ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
      else if (value !== undefined) responseHeaders.set(name, String(value));
    }
    const nullBody = response.statusCode === 204 || response.statusCode === 304 || request.method === 'HEAD';
    return new Response(nullBody ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}
