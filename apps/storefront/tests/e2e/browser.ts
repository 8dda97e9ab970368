import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
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
}
