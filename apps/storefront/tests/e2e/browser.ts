import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

// Debian's headless shell when installed (`npm test` picks it the same way; ADR 043), else the full browser.
const executablePath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
const inCi = process.env.CI === 'true' || process.env.CI === '1';

/**
 * Whether the browser suites can run here. In CI a missing Chromium is a failure (the suite throws);
 * on a developer machine without it the suites skip, and say so loudly.
 */
export function browserAvailable(): boolean {
  if (process.env.E2E_SKIP !== '1' && existsSync(executablePath)) return true;
  if (inCi)
    throw new Error(
      `Chromium not found at ${executablePath}; CI must install it (apt-get install -y chromium).`,
    );
  console.warn(
    `!!! SKIPPING browser tests: no Chromium at ${executablePath} (apt-get install -y chromium, or set CHROMIUM_PATH).`,
  );
  return false;
}

/**
 * Debian's Chromium, headless, with the flags this closed network needs (no background fetches), plus any
 * `extraArgs` (e.g. `--host-resolver-rules` for a test app on its own host name).
 *
 * A worker launches Chromium once per set of flags and keeps it for its next files (vitest's
 * `isolate: false`): a launch is ~0.6 s of CPU, a new context — all a file's pages live in its own — a few
 * milliseconds. What a file gets behaves as its own browser: `close()` closes the contexts and pages it
 * opened, not the shared Chromium, which ends with the worker.
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await sharedChromium(extraArgs);
  const opened = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext')
        return async (...args: Parameters<Browser['newContext']>) => track(await target.newContext(...args));
      if (property === 'newPage')
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args);
          track(page.context());
          return page;
        };
      if (property === 'contexts') return () => [...opened];
      if (property === 'close')
        return async () => {
          await Promise.all([...opened].map((context) => context.close().catch(() => {})));
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const launched = new Map<string, Promise<Browser>>();

async function sharedChromium(extraArgs: readonly string[]): Promise<Browser> {
  const key = extraArgs.join(' ');
  const known = launched.get(key);
  if (known) {
    const browser = await known.catch(() => undefined);
    if (browser?.isConnected()) return browser;
  }
  const launching = chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
  launched.set(key, launching);
  return launching;
}
