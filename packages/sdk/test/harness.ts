// A real Openshelf server for the SDK's integration tests: buildApp on a fresh database (PGlite, or
// PostgreSQL in the sdk:postgres project), listening on a loopback port, with a small test store and an
// OAuth client for the SDK. The SDK talks to it with the real global fetch.

import type { AddressInfo } from 'node:net';
import { createTestProduct, setUpTestStore, type TestProduct } from '../../server/src/testing/ecom.js';
import {
  createClient as createOAuthClient,
  SHOP_CALLBACK,
  SHOP_ORIGIN,
  setSettings,
} from '../../server/src/testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../server/src/testing/index.js';
import type { FetchLike } from '../src/transport.js';

export { SHOP_CALLBACK, SHOP_ORIGIN };

export interface SdkServer {
  t: TestApp;
  baseUrl: string;
  clientId: string;
  ownerKey: string;
  close(): Promise<void>;
}

/**
 * Starts the server and registers an OAuth client whose redirect URI is SHOP_CALLBACK. `clock` moves the
 * server's time (authenticator codes work once per 30-second step).
 */
export async function startServer(options: { clock?: () => Date } = {}): Promise<SdkServer> {
  const t = await createTestApp(options.clock ? { clock: options.clock } : {});
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const ownerKey = await merchantKey(t.database);
  const { clientId } = await createOAuthClient(t, ownerKey);
  await setSettings(t, ownerKey, { requireEmailVerification: false, requireOwnerApproval: false });
  return { t, baseUrl: `http://127.0.0.1:${port}`, clientId, ownerKey, close: () => t.close() };
}

/** Six products A–F priced 10..60 (the store's default sort is creation order), plus the ecom set-up. */
export async function seedStore(server: SdkServer): Promise<TestProduct[]> {
  await setUpTestStore(server.t.database.db);
  const products: TestProduct[] = [];
  for (const [index, letter] of ['A', 'B', 'C', 'D', 'E', 'F'].entries()) {
    products.push(
      await createTestProduct(server.t.database.db, {
        name: `Mug ${letter}`,
        priceMinor: (index + 1) * 1000,
        productType: 'physical',
        weight: 0.5,
      }),
    );
  }
  return products;
}

/** Wraps the global fetch, recording each request's method and path (to count token mints, for example). */
export function recordingFetch(): { fetch: FetchLike; calls: { method: string; path: string }[] } {
  const calls: { method: string; path: string }[] = [];
  return {
    calls,
    fetch: (input, init) => {
      calls.push({ method: init?.method ?? 'GET', path: new URL(input).pathname });
      return globalThis.fetch(input, init);
    },
  };
}

/**
 * The messages e-mailed to an address (the development mailbox; no SMTP_URL in tests), newest first, once
 * there are at least `count` or 10 s have passed: recovery mail is sent after the reply (so the reply's
 * timing reveals nothing about the account), and may arrive a moment later on a busy machine.
 */
export async function mailedMessages(
  server: SdkServer,
  email: string,
  count = 1,
): Promise<{ text?: string }[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const reply = await fetch(`${server.baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
    const { messages } = (await reply.json()) as { messages: { text?: string }[] };
    if (messages.length >= count || Date.now() > deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest 6-digit code e-mailed to an address. */
export async function mailedCode(server: SdkServer, email: string): Promise<string> {
  const [newest] = await mailedMessages(server, email);
  const code = /code is (\d{6})/.exec(newest?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was e-mailed to ${email}`);
  return code;
}
