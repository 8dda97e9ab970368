import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { createRequestHandler, RouterContextProvider, ServerBuild } from 'react-router';
import { AppError } from '../../lib/http/errors.js';
import type { PageCache } from '../../lib/http/page-cache.js';
import { isApiRequest } from '../api-request.js';
import { pageHelmetOptions } from '../security-headers.js';
import { isSharedPage, sendSharedPage, servePageFromCache } from '../shared-pages.js';

/**
 * The methods the storefront's catch-all answers. Not `all`: CORS already owns OPTIONS on every path (its
 * preflights), and declaring it twice stops the server from starting.
 */
const PAGE_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface StorefrontOptions {
  buildDir: string;
  mode: 'development' | 'production' | 'test';
  /** Values every loader and action receives as `context` (e.g. the in-process API fetch), per request. */
  loadContext: (request: FastifyRequest) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The store's address (PUBLIC_URL): HSTS when https, the media origin of the pages' CSP. */
  publicUrl: string;
  /** The registered apps' origins, which the pages' forms may end on (CSP form-action); asked per page, kept in memory. */
  appOrigins: () => Promise<readonly string[]>;
  /** Keeps the pages every shopper sees alike (ADR 037); absent with PAGE_CACHE=off. */
  pageCache?: PageCache | undefined;
  /** Stripe's script and API origins, allowed by the pages' CSP when Stripe takes the cards. */
  stripe?: { scriptUrl: string; apiOrigin: string } | undefined;
}

/**
 * Serves the React Router storefront (apps/storefront, built by `npm run build`) on the API's port:
 * hashed client assets from disk with immutable caching, every other non-API path through SSR.
 */
export async function storefrontPlugin(app: FastifyInstance, options: StorefrontOptions): Promise<void> {
  const serverEntry = path.join(options.buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    app.log.error(`Storefront build not found at ${serverEntry}. Run \`npm run build\` and restart.`);
    app.route({
      method: PAGE_METHODS,
      url: '/*',
      schema: { hide: true },
      handler: async (request) => {
        rejectApiRequest(request);
        throw new AppError('UNAVAILABLE', 'Storefront not built', {
          status: 503,
          description:
            'The storefront has not been built on this machine. Run `npm run build`, then restart the server.',
        });
      },
    });
    return;
  }

  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // The storefront owns its context type and bundles React Router's production build; its entry module
  // gives us the context factory and the request handler of that same copy (see entry.server.tsx).
  const { createLoadContext, createRequestHandler: createHandler } = build.entry.module as unknown as {
    createLoadContext: (values: Record<string, unknown>) => RouterContextProvider;
    createRequestHandler: typeof createRequestHandler;
  };
  if (typeof createLoadContext !== 'function' || typeof createHandler !== 'function') {
    throw new Error(
      `${serverEntry} does not export createLoadContext and createRequestHandler; rebuild the storefront with \`npm run build\`.`,
    );
  }
  const handle = createHandler(build, options.mode === 'production' ? 'production' : 'development');

  await app.register(fastifyStatic, {
    root: path.join(options.buildDir, 'client'),
    wildcard: false,
    index: false,
    // Brotli and gzip copies made by the build (scripts/precompress.mjs), sent to browsers that accept them.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  // Pages and form posts take any body: leave the stream unread for React Router's actions to parse.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  // A kept page is answered first thing: no policy, no app origins, no session, no render.
  const { pageCache } = options;
  if (pageCache) {
    app.addHook(
      'onRequest',
      servePageFromCache(
        pageCache,
        (request) =>
          request.routeOptions.url === PAGE_ROUTE &&
          !isDataRequest(request) &&
          !isApiRequest(request.url.split('?')[0] ?? '/', request.headers),
      ),
    );
  }

  // The page's CSP (form-action) names the apps' origins. Helmet builds the header in its own onRequest
  // hook, synchronously, so they are read first, here (this hook is added before helmet's). A client-side
  // navigation's data request (`….data`) is no document: it needs no policy and skips the read.
  const formTargets = new WeakMap<IncomingMessage, string>();
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url !== PAGE_ROUTE || isDataRequest(request)) return;
    formTargets.set(request.raw, (await options.appOrigins()).join(' '));
  });
  // Only the page route opts in (global: false): built assets keep the fixed headers of every reply.
  await app.register(fastifyHelmet, { global: false });

  app.route({
    method: PAGE_METHODS,
    url: PAGE_ROUTE,
    schema: { hide: true },
    helmet: pageHelmetOptions({
      publicUrl: options.publicUrl,
      formTargets: (raw) => formTargets.get(raw) ?? '',
      stripe: options.stripe,
    }),
    handler: async (request, reply) => {
      rejectApiRequest(request);
      // Read before rendering: a page rendered while the catalog changed is not kept (ADR 037).
      const cacheVersion = pageCache?.version;
      const response = await handle(
        toFetchRequest(request),
        // The nonce of this reply's CSP, for React Router's inline scripts (entry.server.tsx, root.tsx).
        createLoadContext({
          ...(await options.loadContext(request)),
          cspNonce: reply.cspNonce.script,
        }) as never,
      );
      if (request.method === 'GET' && !isDataRequest(request) && isSharedPage(response)) {
        const cache =
          pageCache && cacheVersion !== undefined ? { pages: pageCache, version: cacheVersion } : undefined;
        return sendSharedPage(request, reply, response, cache);
      }
      return sendFetchResponse(reply, response);
    },
  });
}

const PAGE_ROUTE = '/*';

function isDataRequest(request: FastifyRequest): boolean {
  return (request.url.split('?')[0] ?? '').endsWith('.data');
}

/** An API call no API route matched is the protocol's JSON 404 (thrown to the one error mapper), never a page. */
function rejectApiRequest(request: FastifyRequest): void {
  const pathname = request.url.split('?')[0] ?? '/';
  if (isApiRequest(pathname, request.headers)) {
    throw new AppError('NOT_FOUND', 'Not found', {
      status: 404,
      description: `There is no ${request.method} ${pathname}. The API reference is at /docs.`,
      data: { method: request.method, path: pathname },
    });
  }
}

function toFetchRequest(request: FastifyRequest): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  request.raw.once('aborted', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}
