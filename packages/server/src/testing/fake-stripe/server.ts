import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { decodeStripeForm, text } from './form.js';
import { FAKE_STRIPE_KEYS } from './keys.js';
import { idOf, missing, type Reply, type Route } from './state.js';
import { stripeJsSource } from './stripe-js.js';

export interface Hold {
  /** Told the request's path and its idempotency key (ours name the checkout). */
  matches: (path: string, idempotencyKey: string | undefined) => boolean;
  when: 'before' | 'after';
  arrived: () => void;
  released: Promise<void>;
}

/**
 * The fake's HTTP side: keys (secret or publishable, and what a publishable key may call), form bodies,
 * `Idempotency-Key` as Stripe honours it (same key, same reply; same key with other parameters, Stripe's
 * 400), replies lost on purpose, Stripe.js and the 3-D Secure page.
 */
export function fakeStripeServer(options: {
  routes: Route[];
  base: () => string;
  threeDSecure: (req: IncomingMessage, res: ServerResponse, path: string) => void;
  requests: { method: string; path: string; idempotencyKey?: string }[];
  dropReplies: ((path: string) => boolean)[];
  /** Replies held back this long before they are sent (once per entry): a slow or hanging Stripe. */
  slowReplies: { matches: (path: string) => boolean; ms: number }[];
  /** Requests held at Stripe's door (`before`: never done) or after the work (`after`: reply never sent). */
  holds: Hold[];
}) {
  const idempotent = new Map<string, { body: string; reply: Reply }>();

  function send(res: ServerResponse, reply: Reply, headers: Record<string, string> = {}) {
    res.writeHead(reply.status, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      ...headers,
    });
    res.end(JSON.stringify(reply.body));
  }

  return createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', options.base());
      const path = url.pathname;
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'content-type, authorization',
          'access-control-allow-methods': 'GET, POST',
        });
        return res.end();
      }
      if (path === '/v3') {
        res.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'access-control-allow-origin': '*',
        });
        return res.end(stripeJsSource(options.base()));
      }
      if (path.startsWith('/3ds/')) return options.threeDSecure(req, res, path);
      const form = decodeStripeForm(body);
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const key = bearer ?? text(form.key) ?? url.searchParams.get('key') ?? '';
      const auth = { secret: key === FAKE_STRIPE_KEYS.secretKey, key };
      if (!auth.secret && key !== FAKE_STRIPE_KEYS.publishableKey)
        return send(res, {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${key}` } },
        });
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      options.requests.push({
        method: req.method ?? 'GET',
        path,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
      const route = options.routes.find(([method, pattern]) => method === req.method && pattern.test(path));
      if (!route) return send(res, missing(path, 'url'));
      // Publishable keys may only confirm and read a PaymentIntent with its client secret (as Stripe.js does).
      if (!auth.secret && !/^\/v1\/payment_intents\/pi_\w+(\/confirm)?$/.test(path))
        return send(res, {
          status: 401,
          body: {
            error: {
              type: 'invalid_request_error',
              message: 'This API call cannot be made with a publishable API key.',
            },
          },
        });
      const holding = options.holds.findIndex((hold) => hold.matches(path, idempotencyKey));
      const hold = holding >= 0 ? options.holds.splice(holding, 1)[0] : undefined;
      if (hold?.when === 'before') {
        hold.arrived();
        void hold.released.then(() => req.socket.destroy());
        return;
      }
      const cacheKey = idempotencyKey ? `${key}:${idempotencyKey}` : undefined;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      let reply: Reply;
      if (cached) {
        reply =
          cached.body === body
            ? cached.reply
            : {
                status: 400,
                body: {
                  error: {
                    type: 'idempotency_error',
                    message:
                      'Keys for idempotent requests can only be used with the same parameters they were first used with.',
                  },
                },
              };
      } else {
        reply = route[2](path.match(route[1]) as RegExpMatchArray)(form, auth, url.searchParams);
        // Stripe keeps the first reply of a key (errors included) and sends it again for a retry.
        if (cacheKey) idempotent.set(cacheKey, { body, reply: JSON.parse(JSON.stringify(reply)) });
      }
      if (hold) {
        hold.arrived();
        void hold.released.then(() => req.socket.destroy());
        return;
      }
      const drop = options.dropReplies.findIndex((matches) => matches(path));
      if (drop >= 0) {
        // Done, but the reply is lost on the way back (the client sees the connection reset).
        options.dropReplies.splice(drop, 1);
        return req.socket.destroy();
      }
      const headers: Record<string, string> = idempotencyKey
        ? { 'idempotency-key': idempotencyKey, 'request-id': idOf('req') }
        : {};
      const slow = options.slowReplies.findIndex((entry) => entry.matches(path));
      if (slow >= 0) {
        const ms = options.slowReplies.splice(slow, 1)[0]?.ms ?? 0;
        setTimeout(() => !res.destroyed && send(res, reply, headers), ms);
        return;
      }
      send(res, reply, headers);
    });
  });
}
