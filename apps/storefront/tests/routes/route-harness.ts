/**
 * Runs the storefront's route modules as React Router runs them on the server, without a browser: a real
 * `Request` (form data for actions) and the load context the API server gives (lib/context.ts), whose
 * `apiFetch` reaches a real in-process API (the server's test app, on PGlite or PostgreSQL). One app per
 * test file: `routeStoreForFile()` starts it before the file's tests and closes it after.
 */
import { afterAll, beforeAll } from 'vitest';
import { ensureBundledStorefrontClient } from '../../../../packages/server/src/domains/identity/index.js';
import { ensureDemoStoreSetup } from '../../../../packages/server/src/domains/store-setup/demo/demo-setup.service.js';
import { servedDestinations } from '../../../../packages/server/src/domains/store-setup/index.js';
import { injectFetch } from '../../../../packages/server/src/http/inject-fetch.js';
import {
  createTestApp,
  merchantKey,
  type TestApp,
  withDemoCatalog,
} from '../../../../packages/server/src/testing/index.js';
import { saveSession } from '../../app/lib/admin/session.server';
import { createLoadContext } from '../../app/lib/context';
import { sessionMiddleware } from '../../app/lib/session.server';

const ORIGIN = 'http://shop.test';

/** A route's reply or a merchant API reply, read field by field in the tests. */
// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
type Json = any;

export interface RouteStore {
  t: TestApp;
  /** The demo gift card's code (worth 50.00), which the set-up shows once. */
  giftCardCode: string;
  /** A merchant API call as the owner (its key), expected to answer 2xx; its JSON. */
  merchant(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<Json>;
}

/** The demo store (catalog, shipping, tax, coupons, a gift card) for this file's tests. */
export function routeStoreForFile(): RouteStore {
  const store = {} as RouteStore;
  beforeAll(async () => {
    const t = await createTestApp({ env: { STORE_NAME: 'Harbor & Pine', PUBLIC_URL: ORIGIN } });
    await withDemoCatalog(t);
    const setup = await ensureDemoStoreSetup(t.database.db, t.config.storeCurrency);
    const key = await merchantKey(t.database);
    Object.assign(store, {
      t,
      giftCardCode: setup?.giftCardCode ?? '',
      async merchant(method: string, url: string, payload?: object) {
        const reply = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: key },
          ...(payload ? { payload } : {}),
        });
        if (reply.statusCode >= 300) throw new Error(`${method} ${url}: ${reply.statusCode} ${reply.body}`);
        return reply.body ? reply.json() : undefined;
      },
    });
  });
  afterAll(async () => store.t?.close());
  return store;
}

/** What a loader or action answered, however it answered (a value, `data()`, a Response, or thrown). */
export interface RouteReply<T = Json> {
  status: number;
  /** Where a redirect sends the browser. */
  location: string | null;
  /** The returned data (a loader's or action's value, or the body of `data()`). */
  data: T;
  headers: Headers;
  thrown: boolean;
}

type RouteFunction = (args: Json) => unknown;

interface CallOptions {
  params?: Record<string, string>;
  /** Form fields: the request is a POST of form data (as a browser form without JavaScript sends it). */
  form?: Record<string, string | string[]>;
  /** Sent as a fetcher sends it (the action answers with data instead of a redirect). */
  javascript?: boolean;
}

/**
 * A shopper or staff member with a cookie jar: each call sends the cookies earlier replies set, as a
 * browser does, so a visitor's cart or a member's session carries from one call to the next.
 */
export class Visitor {
  private cookies = new Map<string, string>();

  constructor(private readonly store: RouteStore) {}

  /** Signs this visitor into the admin as the owner (an owner API key in the admin's session cookie). */
  async asOwner(): Promise<this> {
    const cookie = await saveSession(await merchantKey(this.store.t.database), 3600, ORIGIN);
    this.remember([cookie]);
    return this;
  }

  /** Calls a route module's `loader` or `action` with a real Request and the server's load context. */
  async call<T = Json>(fn: RouteFunction, path: string, options: CallOptions = {}): Promise<RouteReply<T>> {
    const url = new URL(path, ORIGIN);
    const headers = new Headers({
      Accept: options.javascript ? '*/*' : 'text/html',
      Origin: ORIGIN,
    });
    if (this.cookies.size > 0)
      headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    let body: FormData | undefined;
    if (options.form) {
      body = new FormData();
      for (const [name, value] of Object.entries(options.form))
        for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    const request = new Request(url, { method: body ? 'POST' : 'GET', headers, ...(body ? { body } : {}) });
    const context = this.loadContext();
    const params = options.params ?? {};
    let outcome: { value: unknown; thrown: boolean } = { value: undefined, thrown: false };
    // The shop layout's middleware makes the session and writes its cookie on the way out, as in the app.
    const response = (await sessionMiddleware(
      { request, context, params, unstable_pattern: url.pathname } as never,
      async () => {
        try {
          outcome = { value: await fn({ request, context, params, url }), thrown: false };
        } catch (error) {
          outcome = { value: error, thrown: true };
        }
        return new Response(null);
      },
    )) as Response;
    const reply = await toReply(outcome.value, outcome.thrown);
    this.remember([...response.headers.getSetCookie(), ...reply.headers.getSetCookie()]);
    return reply as RouteReply<T>;
  }

  private loadContext() {
    const { app, database, config } = this.store.t;
    return createLoadContext({
      apiFetch: injectFetch(app, '203.0.113.7'),
      storeName: 'Harbor & Pine',
      publicUrl: ORIGIN,
      storefrontClientId: async () =>
        (await ensureBundledStorefrontClient(database.db, ORIGIN, config.dataDir)).client.id,
      servedDestinations: () => servedDestinations(database.db),
    });
  }

  private remember(setCookies: string[]): void {
    for (const setCookie of setCookies) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

async function toReply(value: unknown, thrown: boolean): Promise<RouteReply> {
  if (value instanceof Response) {
    const text = await value.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {}
    return {
      status: value.status,
      location: value.headers.get('Location'),
      data,
      headers: value.headers,
      thrown,
    };
  }
  // `data(value, init)` (React Router's DataWithResponseInit).
  if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'DataWithResponseInit') {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    const headers = new Headers(init?.headers);
    return { status: init?.status ?? 200, location: headers.get('Location'), data, headers, thrown };
  }
  if (thrown) throw value;
  return { status: 200, location: null, data: value, headers: new Headers(), thrown };
}
