#!/usr/bin/env node
// Screenshots of the shop's main pages at phone (390×844) and desktop (1440×900) sizes, into ./screenshots/.
// Starts the real server on a fresh embedded store with the demo catalog, walks a purchase in Chromium
// (playwright-core + Debian's chromium, or CHROMIUM_PATH), and stops the server again.
//   npm run screenshots
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'screenshots');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, isMobile: true },
  { name: 'desktop', width: 1440, height: 900, isMobile: false },
];

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'openshelf-screenshots-'));
mkdirSync(outDir, { recursive: true });

console.log(`Starting the demo store on ${baseUrl} (data in ${dataDir})…`);
const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/server.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // The account pages' sign-up reads its e-mailed code here; this throwaway store is on loopback only.
    DEV_MAILBOX: 'open',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const ACCOUNT_PAGES = 4;
const ADMIN_PAGES = 10;
// Ten shop pages on each screen (the filters drawer only on the phone), the account's, then the admin's.
const SHOTS =
  VIEWPORTS.length * (9 + ACCOUNT_PAGES + ADMIN_PAGES) + VIEWPORTS.filter((v) => v.isMobile).length;
let browser;
try {
  await waitForReady();
  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  let shots = 0;
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      isMobile: viewport.isMobile,
      deviceScaleFactor: viewport.isMobile ? 2 : 1,
    });
    const page = await context.newPage();
    const shot = async (name) => {
      await page.waitForLoadState('networkidle');
      // Full-page shots draw the sticky header where the page was scrolled to: start at the top.
      if (name !== 'cart-drawer') await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: path.join(outDir, `${name}-${viewport.name}.png`),
        fullPage: name !== 'cart-drawer',
      });
      shots++;
      console.log(`  [${shots}/${SHOTS}] ${name}-${viewport.name}.png`);
    };
    await page.goto(baseUrl);
    await shot('home');
    await page.goto(`${baseUrl}/collections/apparel`);
    await shot('collection');
    if (viewport.isMobile) {
      // On a phone the filters wait in a drawer behind a button.
      await page.getByText('Filters', { exact: true }).click();
      await shot('collection-filters');
    }
    await page.goto(`${baseUrl}/search?q=blankit`);
    await shot('search');
    await page.goto(`${baseUrl}/products/linen-tee`);
    await page.getByText('M', { exact: true }).click();
    await page.getByRole('radio', { name: /Navy/ }).check({ force: true });
    await shot('product');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog', { name: 'Your cart' }).getByText('Linen Tee').first().waitFor();
    await shot('cart-drawer');
    await page.goto(`${baseUrl}/cart`);
    await shot('cart');
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByLabel('E-mail').fill('ada@example.com');
    await page.getByLabel('First name').first().fill('Ada');
    await page.getByLabel('Last name').first().fill('Lovelace');
    await page.getByLabel('Country').first().selectOption('US');
    await page.getByLabel('Street address').first().fill('1 Main St');
    await page.getByLabel('City').first().fill('New York');
    await page.getByLabel('State').first().selectOption('NY');
    await page.getByLabel('ZIP code').first().fill('10001');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /Standard/ }).waitFor();
    await shot('checkout');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\//);
    await shot('thank-you');
    await page.goto(`${baseUrl}/no-such-page`);
    await shot('not-found');
    await shootAccount(page, shot, `shots-${viewport.name}@example.com`);
    await context.clearCookies();
    await shootAdmin(page, shot);
    await context.close();
  }
  console.log(`Done: ${shots} screenshots in ${path.relative(process.cwd(), outDir) || '.'}/`);
} catch (error) {
  console.error(`Screenshots failed: ${error instanceof Error ? error.message : error}`);
  console.error(
    'Is the build current (npm run build) and Chromium installed (apt-get install -y chromium, or set CHROMIUM_PATH)?',
  );
  process.exitCode = 1;
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

/** A new member's account: signed up through the pages, with the code from the open development mailbox. */
async function shootAccount(page, shot, email) {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('correct-horse-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${baseUrl}/verify-email`);
  await shot('account-verify-email');
  const mail = await (await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json();
  const code = /code is (\d{6})/.exec(mail.messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no sign-up code was e-mailed to ${email}`);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(`${baseUrl}/account`);
  await shot('account');
  await page.goto(`${baseUrl}/account/addresses`);
  await shot('account-addresses');
  await page.goto(`${baseUrl}/account/security`);
  await shot('account-security');
}

/** The merchant admin, signed in with the owner login the embedded store wrote on first start. */
async function shootAdmin(page, shot) {
  const login = readFileSync(path.join(dataDir, 'owner-login.txt'), 'utf8');
  const field = (name) => new RegExp(`^${name}: (.+)$`, 'm').exec(login)?.[1] ?? '';
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('E-mail').fill(field('e-mail'));
  await page.getByLabel('Password').fill(field('password'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
  await shot('admin-dashboard');
  await page.goto(`${baseUrl}/admin/products`);
  await shot('admin-products');
  await page.goto(`${baseUrl}/admin/products?q=linen+tee`);
  await page.getByRole('link', { name: 'Linen Tee', exact: true }).first().click();
  await page.waitForURL(/\/admin\/products\/[^/]+$/);
  await shot('admin-product');
  await page.goto(`${baseUrl}/admin/orders`);
  await shot('admin-orders');
  await page.getByRole('link', { name: /^#\d+/ }).first().click();
  await page.waitForURL(/\/admin\/orders\/[^/]+$/);
  await shot('admin-order');
  for (const name of ['customers', 'shipping', 'tax', 'settings', 'payments']) {
    await page.goto(`${baseUrl}/admin/${name}`);
    await shot(`admin-${name}`);
  }
}

async function waitForReady() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const reply = await fetch(`${baseUrl}/readyz`);
      if (reply.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server was not ready after 90 s');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
