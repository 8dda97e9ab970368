import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser as launchChromium } from '../apps/storefront/tests/e2e/browser.js';
import { startShop } from '../apps/storefront/tests/e2e/shop-fixture.js';
import { createClient as createOAuthClient } from '../packages/server/src/testing/identity.js';
import { merchantKey, type TestApp } from '../packages/server/src/testing/index.js';
import { freePort } from '../packages/server/src/testing/ports.js';

// The compatibility suites' set-up: our server as the browser suites start it (storefront, demo catalog,
// demo store set-up), but listening on an address it knows (PUBLIC_URL), a public OAuth client registered
// for a third-party app, and that app, compat/headless-shop, as a child process on its own host name.

export const APP_HOST = 'headless-shop.test';
const APP_ENTRY = path.resolve(import.meta.dirname, 'headless-shop/server.mjs');
/** compat/browser-shop: the app whose SDK calls all run in the page. */
export const BROWSER_APP_HOST = 'browser-shop.test';
const BROWSER_APP_ENTRY = path.resolve(import.meta.dirname, 'browser-shop/server.mjs');

/**
 * Chromium as the browser suites launch it, plus a host rule so that headless-shop.test reaches the app on
 * loopback: another host name, so its cookies are not ours (cookies are shared across ports of one host).
 */
export function launchBrowser(): Promise<Browser> {
  return launchChromium([
    `--host-resolver-rules=MAP ${APP_HOST} 127.0.0.1, MAP ${BROWSER_APP_HOST} 127.0.0.1`,
  ]);
}

export interface Store {
  t: TestApp;
  /** Our server, e.g. http://127.0.0.1:23456 (also its PUBLIC_URL). */
  base: string;
  ownerKey: string;
}

export interface HeadlessShop {
  /** http://headless-shop.test:<port>: the origin the browser sees (Chromium maps the name to loopback). */
  origin: string;
  /** http://127.0.0.1:<port>: the same app, for requests from Node. */
  local: string;
  clientId: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startStore(): Promise<Store> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { t } = await startShop({ PUBLIC_URL: base }, port);
  return { t, base, ownerKey: await merchantKey(t.database) };
}

/** A public OAuth client for an app at `origin`, registered through the admin API. */
export async function registerApp(store: Store, origin: string): Promise<string> {
  const { clientId } = await createOAuthClient(store.t, store.ownerKey, {
    kind: 'public',
    redirectUris: [`${origin}/callback`],
    allowedOrigins: [origin],
  });
  return clientId;
}

/** Registers the headless shop with the store and starts it; resolves once it answers. */
export function startHeadlessShop(store: Store): Promise<HeadlessShop> {
  return startApp(store, APP_ENTRY, APP_HOST);
}

/** Registers the browser-side shop with the store and starts it (it bundles its page script first). */
export function startBrowserShop(store: Store): Promise<HeadlessShop> {
  return startApp(store, BROWSER_APP_ENTRY, BROWSER_APP_HOST);
}

/** A third-party app as a child process on its own host name, registered as a public OAuth client. */
async function startApp(store: Store, entry: string, host: string): Promise<HeadlessShop> {
  const name = path.basename(path.dirname(entry));
  const port = await freePort();
  const origin = `http://${host}:${port}`;
  const local = `http://127.0.0.1:${port}`;
  const clientId = await registerApp(store, origin);
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      WIX_API_BASE: store.base,
      CLIENT_ID: clientId,
      APP_ORIGIN: origin,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  // 20 s: the browser shop bundles its page script before it listens.
  for (let attempt = 0; attempt < 800; attempt++) {
    if (child.exitCode !== null) throw new Error(`${name} exited early (${child.exitCode}):\n${output}`);
    if (output.includes('listening')) {
      // It answers a page (which mints a visitor and reads the cart over the store's API).
      const reply = await fetch(`${local}/`);
      if (reply.status !== 200) {
        await stop();
        throw new Error(`${name} answered ${reply.status} on /:\n${await reply.text()}\n${output}`);
      }
      return { origin, local, clientId, output: () => output, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await stop();
  throw new Error(`${name} did not start in 20 s:\n${output}`);
}
