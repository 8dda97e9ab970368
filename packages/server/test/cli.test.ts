import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run.js';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../src/testing/index.js';

// The compiled CLI as a person runs it: its own process, configuration from the environment, exit codes.
const cli = path.resolve(import.meta.dirname, '../dist/cli/index.js');

describe.runIf(existsSync(cli))('the CLI as a process', () => {
  let env: Record<string, string>;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    env = { PATH: process.env.PATH ?? '', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openshelf-cli-')) };
    if (testDatabaseKind() === 'postgres') {
      database = await createTestDatabase();
      await database.disconnect();
      env.DATABASE_URL = database.url as string;
    }
  });
  afterAll(() => database?.close());
  const spawn = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { env, encoding: 'utf8' });

  // Each run opens the configured database in a new process: slow on a busy machine.
  it('opens the configured database, prints results on stdout and problems on stderr, with exit codes', () => {
    const created = spawn('apikeys', 'create', '--name', 'Mobile app', '--role', 'app');
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/osk_[A-Za-z0-9_]+/);
    const usage = spawn('frobnicate');
    expect(usage.status).toBe(64);
    expect(usage.stderr).toContain('Unknown command "frobnicate"');
    expect(usage.stderr).toContain('webhooks create');
    const invalid = spawn('webhooks', 'create', '--url', 'https://hooks.example/in', '--events', 'nope');
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toContain('eventTypes[0]');
  }, 120_000);
});

// The commands themselves, run in this process on one database, as the entry point runs them.
describe('the CLI', () => {
  let env: Record<string, string>;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openshelf-cli-')) };
  });
  afterAll(() => database?.close());
  const runWith = async (extraEnv: Record<string, string>, args: string[]) => {
    let stdout = '';
    let stderr = '';
    let progress = '';
    const status = await runCli(args, {
      env: { ...env, ...extraEnv },
      database,
      out: {
        log: (text) => {
          stdout += `${text}\n`;
        },
        error: (text) => {
          stderr += `${text}\n`;
        },
        // Not a TTY: the bars print plain lines.
        progress: new Writable({
          write(chunk, _encoding, done) {
            progress += String(chunk);
            done();
          },
        }),
      },
    });
    return { status, stdout, stderr, progress };
  };
  const run = (...args: string[]) => runWith({}, args);

  it('creates, lists and revokes API keys, showing the secret only once', async () => {
    const created = await run('apikeys', 'create', '--name', 'Mobile app', '--role', 'app');
    expect(created.status, created.stderr).toBe(0);
    const secret = created.stdout.match(/osk_[A-Za-z0-9_]+/)?.[0];
    expect(secret).toBeDefined();
    const id = created.stdout.match(/id ([0-9a-f-]{36})/)?.[1] as string;
    const listed = await run('apikeys', 'list');
    expect(listed.stdout).toContain('Mobile app');
    expect(listed.stdout).not.toContain(secret);
    expect((await run('apikeys', 'revoke', id)).stdout).toContain('Revoked');
    expect((await run('apikeys', 'list')).stdout).toContain('revoked');
  });

  it('manages webhooks', async () => {
    const created = await run(
      'webhooks',
      'create',
      '--url',
      'https://hooks.example/in',
      '--events',
      'catalog.product.created,ecom.order.created',
    );
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/whsec_/);
    expect((await run('webhooks', 'list')).stdout).toContain('https://hooks.example/in');
    const bad = await run('webhooks', 'create', '--url', 'https://hooks.example/in', '--events', 'nope');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('eventTypes[0]');
  });

  it('registers OAuth clients with exact redirect URIs, changes and lists them', async () => {
    // As on a store served over https: plain-http redirect URIs are refused there (loopback aside).
    const secure = (...args: string[]) => runWith({ PUBLIC_URL: 'https://store.example' }, args);
    const bad = await secure(
      'oauth-clients',
      'create',
      '--name',
      'Shop',
      '--redirect-uri',
      'http://shop.example/callback',
      '--redirect-uri',
      'https://shop.example/callback#done',
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('redirectUris[0]');
    expect(bad.stderr).toContain('redirectUris[1]');

    const created = await secure(
      'oauth-clients',
      'create',
      '--name',
      'Shop',
      '--redirect-uri',
      'https://shop.example/callback',
      '--redirect-uri',
      'http://127.0.0.1/callback',
      '--origin',
      'https://shop.example',
    );
    expect(created.status, created.stderr).toBe(0);
    const id = created.stdout.match(/Client id:\s+(\S+)/)?.[1] as string;
    expect(created.stdout).toContain(
      'redirect URIs (exact): https://shop.example/callback http://127.0.0.1/callback',
    );

    const updated = await secure(
      'oauth-clients',
      'update',
      id,
      '--redirect-uri',
      'https://shop.example/callback',
      '--redirect-uri',
      'https://shop.example/account/callback',
      '--any-redirect-path',
      'on',
    );
    expect(updated.status, updated.stderr).toBe(0);
    const listed = (await run('oauth-clients', 'list')).stdout;
    expect(listed).toContain(
      'redirect URIs (any path on the origins (weaker)): https://shop.example/callback https://shop.example/account/callback',
    );
    expect(listed).toContain('allowed origins: https://shop.example');
    expect((await secure('oauth-clients', 'update', id, '--any-redirect-path', 'maybe')).status).toBe(64);
    expect(
      (await secure('oauth-clients', 'update', id, '--redirect-uri', 'http://shop.example/x')).status,
    ).toBe(1);
    expect((await run('oauth-clients', 'list')).stdout).not.toContain('http://shop.example/x');
  });

  it('explains usage mistakes with exit code 64', async () => {
    const result = await run('apikeys', 'create');
    expect(result.status).toBe(64);
    expect(result.stderr).toContain('--name NAME');
    expect((await run('frobnicate')).status).toBe(64);
    expect((await run('--help')).stdout).toContain('webhooks create');
  });

  it('reports bad CSV rows by line and exits 65 without importing', async () => {
    const file = path.join(env.DATA_DIR as string, 'bad.csv');
    writeFileSync(file, 'name,price\nGood,5\nNo price,\n,3\n');
    const result = await run('catalog', 'import', file);
    expect(result.status).toBe(65);
    expect(result.stderr).toContain('line 3: "product.priceData" is required');
    expect(result.stderr).toContain('line 4: "product.name" is required');
    expect((await run('catalog', 'export', path.join(env.DATA_DIR as string, 'out.json'))).stdout).toContain(
      'Exported 0 products',
    );
    const usage = await run('catalog', 'explode');
    expect(usage.status).toBe(64);
    expect(usage.stderr).toContain('catalog import FILE');
  });

  it('reports a configuration mistake, saying what to set', async () => {
    const result = await runWith({ PUBLIC_URL: 'not a url' }, ['apikeys', 'list']);
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('PUBLIC_URL');
  });

  // Last: it fills the catalog the tests above expect empty.
  it('shows a long command’s progress apart from its result', async () => {
    const generated = await run('catalog', 'generate', '--products', '30', '--seed', '7');
    expect(generated.status, generated.stderr).toBe(0);
    expect(generated.stdout).toMatch(/^Generated 30 products/);
    expect(generated.stdout).not.toContain('Generating');
    expect(generated.progress).toMatch(/Generating .*100% \| 30\/30/);
  });
});
