import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { NonceContext, storefrontContext } from './lib/context';
import { isSharedPageRequest, PERSONAL_CACHE_CONTROL } from './lib/shared-page';

// Re-exported so the hosting server can build each request's context from this same module instance.
export { createLoadContext } from './lib/context';

const STREAM_TIMEOUT_MS = 5_000;

/** Unknown pages (404) and aborted requests are normal traffic, not errors worth a stack trace. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status === 404)) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const { cspNonce, sharedPageCacheControl } = loadContext.get(storefrontContext);
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
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
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
    setTimeout(abort, STREAM_TIMEOUT_MS + 1_000);
  });
}
