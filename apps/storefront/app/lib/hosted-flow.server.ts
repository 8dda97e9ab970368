// Hosted pages opened from another site. An app sends the browser to a redirect session's URL
// (`/checkout/…?session=…`); the browser may never have seen this store. The session token works once: it
// makes this browser the app's visitor or member (same cart, checkout and orders), and the page continues at
// a clean URL that names the flow (`?flow=…`) instead, whose callbacks only that shopper can read.

import { type HostedFlow, isApplicationError, type OpenshelfClient } from '@openshelf/sdk';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { storefrontContext } from './context';
import type { HostedLinkProblem } from './hosted-link';
import { safeRedirect } from './safe-redirect';
import type { ShopSession } from './session.server';

const SESSION_PARAM = 'session';
const FLOW_PARAM = 'flow';

/**
 * For a GET with `?session=…`: spends the token, switches the session to the app's shopper, and answers
 * the redirect to the clean URL (the caller adds the session's cookie). `undefined` when the URL has none.
 * A used, expired or unknown link throws the explanation page (410/404), which links back to the app.
 */
export async function openHostedLink(
  request: Request,
  context: Readonly<RouterContextProvider>,
  session: ShopSession,
): Promise<Response | undefined> {
  const url = new URL(request.url);
  const token = url.searchParams.get(SESSION_PARAM);
  if (request.method !== 'GET' || !token) return undefined;
  const clientId = await context.get(storefrontContext).storefrontClientId();
  const enter = () => session.client.redirects.enterHostedPage(token, clientId);
  let entry: Awaited<ReturnType<typeof enter>>;
  try {
    entry = await enter();
  } catch (error) {
    // A link made without a shopper (by a merchant) binds to this browser's own visitor: make one first.
    if (!isApplicationError(error) || error.status !== 401) throw linkProblem(error);
    await session.client.auth.generateVisitorTokens();
    entry = await enter().catch((retry: unknown) => {
      throw linkProblem(retry);
    });
  }
  if (entry.tokens) session.setTokens(entry.tokens);
  url.searchParams.delete(SESSION_PARAM);
  url.searchParams.set(FLOW_PARAM, entry.flow.id);
  // The token must not stay in history or leak through Referer: the page lives at the clean URL. That URL
  // is the request's own, and a request line like `/.//evil.example/checkout` parses to a path a
  // Location header reads as another host: it goes through the same check as every other redirect.
  const clean = safeRedirect(`${url.pathname}${url.search}`, context.get(storefrontContext).publicUrl, {
    fallback: '/',
  });
  return redirect(clean, {
    status: 303,
    headers: { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' },
  });
}

function linkProblem(error: unknown): unknown {
  if (!isApplicationError(error) || (error.status !== 404 && error.status !== 410)) return error;
  const backUrl = typeof error.data?.backUrl === 'string' ? error.data.backUrl : undefined;
  const used = error.code === 'REDIRECT_SESSION_USED';
  const problem: HostedLinkProblem = {
    hostedLink: {
      title: error.status === 404 ? 'Link not found' : used ? 'Link already used' : 'Link expired',
      message:
        error.status === 404
          ? 'This link does not lead anywhere.'
          : used
            ? 'This link works only once, and it has been opened already.'
            : 'This link is no longer valid.',
      ...(backUrl ? { backUrl } : {}),
    },
  };
  return data(problem, { status: error.status });
}

/**
 * The flow this page was opened in (its `flow` URL parameter), for the shopper who opened it; `undefined`
 * when there is none, or it is someone else's (a shared URL): the page then behaves as a plain store page.
 */
export async function hostedFlowOf(
  request: Request,
  session: ShopSession,
  kind?: string,
): Promise<HostedFlow | undefined> {
  const flowId = new URL(request.url).searchParams.get(FLOW_PARAM);
  if (!flowId || !session.hasIdentity()) return undefined;
  return readFlow(session.client, flowId, kind);
}

async function readFlow(client: OpenshelfClient, flowId: string, kind?: string) {
  try {
    const flow = await client.redirects.getHostedFlow(flowId);
    return kind && flow.kind !== kind ? undefined : flow;
  } catch (error) {
    if (isApplicationError(error) && (error.status === 404 || error.status === 401)) return undefined;
    throw error;
  }
}

/** `?flow=…` to keep on links and redirects within a flow (empty outside one). */
export function flowQuery(flow: HostedFlow | { id: string } | undefined): string {
  return flow ? `?${new URLSearchParams({ [FLOW_PARAM]: flow.id })}` : '';
}

/**
 * The `?flow=…` of this request's URL, to keep on the page's own redirects (a form step going back to the
 * page); only its shopper can read the flow, so passing it on unread is safe.
 */
export function flowQueryOf(request: Request): string {
  const id = new URL(request.url).searchParams.get(FLOW_PARAM);
  return id ? flowQuery({ id }) : '';
}

/**
 * The app's thank-you page for an order: its URL with `orderId` added, as the platform sends it. After a
 * plan checkout the platform names the order `planOrderId`; a plan order is an order here, so both are sent.
 */
export function thankYouUrl(
  flow: HostedFlow | undefined,
  orderId: string,
  options: { planOrder?: boolean } = {},
): string | undefined {
  const page = flow?.callbacks.thankYouPageUrl;
  if (!page) return undefined;
  const url = new URL(page);
  url.searchParams.set('orderId', orderId);
  if (options.planOrder) url.searchParams.set('planOrderId', orderId);
  return url.toString();
}
