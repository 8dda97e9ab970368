import { randomBytes } from 'node:crypto';
import { lineItem } from '../../src/testing/ecom.js';
import type { ServerProcess } from '../../src/testing/server-process.js';

/*
 * What the fault suites (test/faults/*.test.ts) send and check: calls that record every answer, retry
 * a 503 as a well-behaved client does, and the checks every refusal must pass.
 */

export interface Answer {
  method: string;
  url: string;
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
  json: any;
}

/** Every answer a suite got, and every request that got none (a reset socket, a hang cut short). */
export class Ledger {
  readonly answers: Answer[] = [];
  readonly unanswered: { method: string; url: string; error: string }[] = [];
  /** Calls waiting for their answer, and since when (what a hung suite was waiting for). */
  readonly waiting = new Set<{ method: string; url: string; since: number }>();

  /** One JSON call over real HTTP; never throws for a network failure (it is recorded instead). */
  async call(
    on: Pick<ServerProcess, 'url'>,
    method: string,
    url: string,
    token?: string,
    body?: unknown,
    timeoutMs = 30_000,
  ): Promise<Answer | undefined> {
    const waiting = { method, url, since: Date.now() };
    this.waiting.add(waiting);
    try {
      const reply = await fetch(`${on.url}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: token } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await reply.text();
      const answer: Answer = {
        method,
        url,
        status: reply.status,
        retryAfter: reply.headers.get('retry-after'),
        contentType: reply.headers.get('content-type'),
        json: text && reply.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
      };
      this.answers.push(answer);
      return answer;
    } catch (error) {
      this.unanswered.push({ method, url, error: error instanceof Error ? error.message : String(error) });
      return undefined;
    } finally {
      this.waiting.delete(waiting);
    }
  }

  /**
   * The same call until it is answered with something other than 503 (waiting a little between tries, as a
   * client honouring Retry-After would, only shorter), at most `tries` times.
   */
  async retried(
    on: Pick<ServerProcess, 'url'>,
    method: string,
    url: string,
    token?: string,
    body?: unknown,
    tries = 40,
  ): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      const answer = await this.call(on, method, url, token, body);
      if (answer && answer.status !== 503) return answer;
      if (attempt >= tries)
        throw new Error(`${method} ${url}: still ${answer?.status ?? 'unanswered'} after ${tries} tries`);
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 150));
    }
  }

  /** The answers that are neither a success nor a proper 503 (protocol shape, Retry-After, JSON). */
  improper(): Answer[] {
    return this.answers.filter(
      (answer) =>
        answer.status >= 500 &&
        !(
          answer.status === 503 &&
          answer.retryAfter !== null &&
          answer.contentType?.includes('application/json') &&
          answer.json?.details?.applicationError?.code !== undefined &&
          typeof answer.json?.message === 'string'
        ),
    );
  }

  count(status: number): number {
    return this.answers.filter((answer) => answer.status === status).length;
  }
}

/**
 * One shopper's whole purchase, each step retried through 503s: a visitor token, two of `productId` in
 * the cart, a checkout with an e-mail, the order. Answers the order id and checkout id.
 */
export async function shopAndOrder(
  ledger: Ledger,
  on: Pick<ServerProcess, 'url'>,
  clientId: string,
  productId: string,
  extra: { paymentMethod?: unknown } = {},
): Promise<{ orderId: string; checkoutId: string; token: string }> {
  const visitor = await ledger.retried(on, 'POST', '/oauth2/token', undefined, {
    clientId,
    grantType: 'anonymous',
  });
  expectOk(visitor);
  const token = visitor.json.access_token as string;
  const added = await ledger.retried(on, 'POST', '/ecom/v1/carts/current/add-to-cart', token, {
    lineItems: [lineItem(productId, 2)],
  });
  expectOk(added);
  const created = await ledger.retried(on, 'POST', '/ecom/v1/carts/current/create-checkout', token, {
    channelType: 'WEB',
  });
  expectOk(created);
  const checkoutId = created.json.checkoutId as string;
  const updated = await ledger.retried(on, 'PATCH', `/ecom/v1/checkouts/${checkoutId}`, token, {
    checkout: { buyerInfo: { email: `${randomBytes(4).toString('hex')}@example.com` } },
  });
  expectOk(updated);
  const ordered = await ledger.retried(
    on,
    'POST',
    `/ecom/v1/checkouts/${checkoutId}/create-order`,
    token,
    extra.paymentMethod ? { paymentMethod: extra.paymentMethod } : {},
  );
  expectOk(ordered);
  return { orderId: ordered.json.orderId as string, checkoutId, token };
}

function expectOk(answer: Answer): void {
  if (answer.status !== 200)
    throw new Error(`${answer.method} ${answer.url}: ${answer.status} ${JSON.stringify(answer.json)}`);
}

/** Whether the process still runs and answers its liveness probe. */
export async function alive(server: ServerProcess): Promise<boolean> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return false;
  const reply = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5000) }).catch(
    () => undefined,
  );
  return reply?.status === 200;
}

/** `/readyz` as the process answers it now. */
// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
export async function readiness(server: Pick<ServerProcess, 'url'>): Promise<{ status: number; json: any }> {
  const reply = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
  return { status: reply.status, json: await reply.json() };
}
