import { PassThrough, Readable, Writable } from 'node:stream';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { NonceContext, storefrontContext, UnavailableContext } from './lib/context';
import { isSharedPageRequest, PERSONAL_CACHE_CONTROL } from './lib/shared-page';
import { isUnavailableError, UNAVAILABLE_RETRY_AFTER_SECONDS } from './lib/unavailable';

// Re-exported so the hosting server builds each request's context and its request handler from the React
// Router this build bundles (its production build, see vite.config.ts), the one the routes use.
export { createRequestHandler } from 'react-router';
export { createLoadContext } from './lib/context';

const STREAM_TIMEOUT_MS = 5_000;

/** Unknown pages (404) and aborted requests are normal traffic, not errors worth a stack trace. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // The store briefly unavailable is logged by the API already (the page answers 503).
  if (
    request.signal.aborted ||
    isUnavailableError(error) ||
    (isRouteErrorResponse(error) && error.status === 404)
  )
    return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const { cspNonce, sharedPageCacheControl, unavailable } = loadContext.get(storefrontContext);
  // The page failed because the API found the store briefly unavailable (its database out of reach):
  // it says so, with 503 and Retry-After, instead of a 500 "something went wrong".
  const briefly = responseStatusCode >= 500 && unavailable?.() === true;
  if (briefly) {
    responseStatusCode = 503;
    responseHeaders.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    responseHeaders.set('Cache-Control', 'no-store');
  }
  // A page every shopper sees alike is kept whole and sent to many (lib/shared-page.ts): it carries no
  // nonce (the server allows its inline scripts by hash instead) and is rendered to the end before
  // it is sent. Every other page's inline scripts (React's bootstrap, the router's hydration data,
  // scroll restoration) carry this response's nonce, the only inline code the server's CSP allows.
  const shared =
    responseStatusCode === 200 && sharedPageCacheControl !== undefined && isSharedPageRequest(request);
  const nonce = shared ? undefined : cspNonce;
  if (!responseHeaders.has('Cache-Control')) {
    responseHeaders.set('Cache-Control', shared ? sharedPageCacheControl : PERSONAL_CACHE_CONTROL);
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Crawlers, no-JS clients and shared pages get the whole document at once; browsers get the shell early.
    const readyEvent =
      shared || isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode
        ? 'onAllReady'
        : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <UnavailableContext.Provider value={briefly}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </UnavailableContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const respond = (body: BodyInit) =>
            resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
          // A shared page is complete here and is kept whole by the server: its chunks are joined into one
          // buffer, without a stream between React and the server (a share of every uncached render's CPU).
          if (shared)
            pipe(
              collect((body) => {
                clearTimeout(timeout);
                respond(body);
              }, reject),
            );
          else {
            const body = new PassThrough();
            respond(Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>);
            pipe(body);
          }
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, STREAM_TIMEOUT_MS + 1_000);
  });
}

/** A sink for React's output that hands over the whole document, as one buffer, once React ends it. */
function collect(respond: (body: Uint8Array<ArrayBuffer>) => void, fail: (error: unknown) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
    final(done) {
      // Node's Buffer is a Uint8Array over an ArrayBuffer (never a shared one).
      respond(Buffer.concat(chunks) as Uint8Array<ArrayBuffer>);
      done();
    },
    destroy(error, done) {
      if (error) fail(error);
      done(error);
    },
  });
}
