import { createTestApp, type TestApp, type TestAppOptions } from './index.js';
import { freePort } from './ports.js';

/** The hosts the public @wix/* clients call (wire-protocol.md §1.3). */
const WIX_API = /^https:\/\/(www|edge)\.wixapis\.com(?=\/|$)/;

/**
 * A test app listening on loopback, with PUBLIC_URL set to its own address before it is built (the
 * redirect and checkout URLs it answers must point at itself).
 */
export async function listeningTestApp(options: TestAppOptions = {}): Promise<{ t: TestApp; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ ...options, env: { PUBLIC_URL: base, ...options.env } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base };
}

/**
 * Points the unchanged public @wix/* clients at `base` by rewriting the global fetch, exactly as
 * wire-protocol.md §1.3 shows a self-hosted store does. `onRequest` sees "METHOD /path" of every call.
 * Returns the function that puts the real fetch back (call it in afterAll).
 */
export function routeWixSdkTo(base: string, onRequest?: (call: string) => void): () => void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const target = url.replace(WIX_API, base);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    onRequest?.(`${method} ${target.slice(base.length).split('?')[0]}`);
    return typeof input === 'string' || input instanceof URL
      ? realFetch(target, init)
      : realFetch(new Request(target, input), init);
  }) as typeof fetch;
  return () => {
    globalThis.fetch = realFetch;
  };
}
