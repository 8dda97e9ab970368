import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../src/testing/index.js';
import { pollUntil } from '../src/testing/poll.js';
import { freePort } from '../src/testing/ports.js';

// The real process, as `npm start` runs it: compiled output, environment configuration, signals.
const serverEntry = path.resolve(import.meta.dirname, '../dist/server.js');

/** The compiled server as a child process with only `env` (and PATH); what it printed so far. */
function spawnServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

interface Running {
  child: ChildProcess;
  output: () => string;
  url: string;
  startMs: number;
}

const HEALTHY_WITHIN_MS = 60_000;

async function start(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const started = performance.now();
  const { child, output } = spawnServer({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env });
  const url = `http://127.0.0.1:${port}`;
  // Generous: a first start migrates and seeds, and CI machines are shared (it is reported, not judged).
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok)
        return { child, output, url, startMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy in ${HEALTHY_WITHIN_MS / 1000} s:\n${output()}`);
}

/** Polls /readyz (503 while start-up work such as the demo seed runs); returns how long it took. */
async function waitUntilReady(url: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < HEALTHY_WITHIN_MS) {
    if ((await fetch(`${url}/readyz`)).status === 200) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not become ready in ${HEALTHY_WITHIN_MS / 1000} s`);
}

function stop(running: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill(signal);
  });
}

describe('the server process', () => {
  let env: Record<string, string>;
  let dataDir: string;
  let closeDatabase = async () => {};

  beforeAll(async () => {
    if (!existsSync(serverEntry))
      throw new Error(`${serverEntry} is missing: run \`npm run build\` first (npm test does).`);
    // A DATA_DIR that does not exist yet, as `./data` on a fresh checkout (on PostgreSQL too, where no
    // embedded database creates it: the process keeps its key and client files there).
    dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'openshelf-process-')), 'data');
    env = { DATA_DIR: dataDir };
    if (testDatabaseKind() === 'postgres') {
      const database = await createTestDatabase();
      await database.disconnect();
      env.DATABASE_URL = database.url as string;
      closeDatabase = database.close;
    }
  });
  afterAll(() => closeDatabase());

  it(
    'starts on a data dir that does not exist yet, serves health, docs and the API, then stops cleanly on SIGTERM',
    async () => {
      const first = await start(env);
      console.info(`first start: healthy after ${Math.round(first.startMs)} ms on ${testDatabaseKind()}`);
      const readyMs = await waitUntilReady(first.url);
      console.info(
        `first start: ready after ${Math.round(first.startMs + readyMs)} ms (the demo catalog copied from the build's demo store)`,
      );
      if (testDatabaseKind() === 'pglite') {
        const query = await fetch(`${first.url}/stores-reader/v1/products/query-platformized`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: { paging: { limit: 1 } } }),
        });
        const { metadata } = (await query.json()) as { metadata: { total: number } };
        expect(metadata.total).toBeGreaterThanOrEqual(40);
      }
      expect((await fetch(`${first.url}/docs/json`)).status).toBe(200);
      // Safe by default: production mode, and kept e-mail (sign-in codes, reset links) for the owner only.
      expect((await fetch(`${first.url}/dev/mailbox/messages`)).status).toBe(404);
      expect((await fetch(`${first.url}/admin-api/v1/mailbox/messages`)).status).toBe(401);
      expect(first.output()).toContain(`Storefront ${first.url}/ · admin ${first.url}/admin`);
      expect(first.output()).toContain(`${first.url}/admin/mailbox`);
      expect(first.output()).not.toContain('NODE_ENV=');
      expect(first.output()).not.toContain('DEV_MAILBOX=open');
      if (testDatabaseKind() === 'pglite') {
        const key = readFileSync(path.join(dataDir, 'owner-api-key.txt'), 'utf8').trim();
        expect(first.output()).toContain(key);
        const keys = await fetch(`${first.url}/admin-api/v1/api-keys`, { headers: { authorization: key } });
        expect(keys.status).toBe(200);
        const mailbox = await fetch(`${first.url}/admin-api/v1/mailbox/messages`, {
          headers: { authorization: key },
        });
        expect(mailbox.status).toBe(200);
        // The owner's admin login, shown once and kept in a file only the owner can read.
        const login = readFileSync(path.join(dataDir, 'owner-login.txt'), 'utf8');
        const [, email, password] = /e-mail: (\S+)\npassword: (\S+)/.exec(login) as RegExpExecArray;
        expect(first.output()).toContain(password as string);
        expect(statSync(path.join(dataDir, 'owner-login.txt')).mode & 0o777).toBe(0o600);
        const staff = await fetch(`${first.url}/admin-api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        expect(staff.status).toBe(200);
      }
      // The bundled storefront's OAuth client, on either database.
      const clientId = readFileSync(path.join(dataDir, 'storefront-client-id.txt'), 'utf8').trim();
      expect(first.output()).toContain(clientId);
      const visitor = await fetch(`${first.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId, grantType: 'anonymous' }),
      });
      expect(visitor.status).toBe(200);
      expect(await stop(first)).toBe(0);
      expect(first.output()).toContain('SIGTERM received');
    },
    2 * HEALTHY_WITHIN_MS,
  );

  it.runIf(testDatabaseKind() === 'pglite')(
    'keeps its data across a restart, does not mint a second owner key, and keeps a second process off its database',
    async () => {
      const key = readFileSync(path.join(dataDir, 'owner-api-key.txt'), 'utf8').trim();
      const second = await start(env);
      await waitUntilReady(second.url);
      const keys = await fetch(`${second.url}/admin-api/v1/api-keys`, { headers: { authorization: key } });
      expect(keys.status).toBe(200);
      expect(((await keys.json()) as { apiKeys: unknown[] }).apiKeys).toHaveLength(1);
      expect(second.output()).not.toContain('Created the owner API key');
      expect(second.output()).not.toContain("Created the owner's admin login");
      expect(second.output()).not.toContain('Created the OAuth client');
      // `npm start` again on the same data: PGlite is one process's database, so the newcomer waits for
      // the lock (in case it was left by a process that died) instead of opening it beside the first.
      const port = await freePort();
      const third = spawnServer({ ...env, PORT: String(port), HOST: '127.0.0.1' });
      try {
        const said = await pollUntil(
          async () => third.output(),
          (text) => text.includes('is locked'),
          20_000,
        );
        expect(said).toContain(`${path.join(dataDir, 'pglite')} is locked by another process; waiting`);
        await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
      } finally {
        third.child.kill('SIGKILL');
      }
      expect(await stop(second, 'SIGINT')).toBe(0);
    },
    2 * HEALTHY_WITHIN_MS,
  );

  /** Starts the process where it must refuse to start: its exit code and what it printed. */
  async function refusal(childEnv: Record<string, string>): Promise<{ code: unknown; printed: string }> {
    const { child, output } = spawnServer(childEnv);
    const code = await new Promise((resolve) => child.once('exit', resolve));
    return { code, printed: output() };
  }

  it('refuses to start on bad configuration, saying which variable and what to do', async () => {
    const { code, printed } = await refusal({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(code).toBe(78);
    expect(printed).toContain('PORT="eighty"');
    expect(printed).toContain('Fix the environment variables');
  });

  it('refuses to start on a DATA_DIR it cannot create, naming it', async () => {
    const file = path.join(path.dirname(dataDir), 'a-file');
    writeFileSync(file, '');
    const { code, printed } = await refusal({ DATA_DIR: path.join(file, 'data') });
    expect(code).toBe(78);
    expect(printed).toContain(`DATA_DIR: ${path.join(file, 'data')} cannot be created`);
    expect(printed).toContain('writable directory');
  });

  it(
    'refuses to start on a port another program holds, naming PORT and without a stack trace',
    async () => {
      const holder = createServer();
      const port = await freePort();
      await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
      try {
        const { code, printed } = await refusal({ ...env, PORT: String(port), HOST: '127.0.0.1' });
        expect(code).toBe(78);
        expect(printed).toContain(`PORT: 127.0.0.1:${port} is already in use by another program`);
        expect(printed).toContain('set PORT to a free port');
        expect(printed).not.toMatch(/^\s+at /m);
      } finally {
        holder.close();
      }
    },
    HEALTHY_WITHIN_MS,
  );
});
