import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../src/testing/index.js';

// The CLI as a person runs it (compiled output, configuration from the environment).
const cli = path.resolve(import.meta.dirname, '../dist/cli/index.js');

// Each test starts several CLI processes, each opening the embedded database: slow on a busy machine.
const CLI_TEST_TIMEOUT_MS = 120_000;

describe('the CLI', () => {
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
  const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { env, encoding: 'utf8' });

  it(
    'creates, lists and revokes API keys, showing the secret only once',
    () => {
      const created = run('apikeys', 'create', '--name', 'Mobile app', '--role', 'app');
      expect(created.status, created.stderr).toBe(0);
      const secret = created.stdout.match(/osk_[A-Za-z0-9_]+/)?.[0];
      expect(secret).toBeDefined();
      const id = created.stdout.match(/id ([0-9a-f-]{36})/)?.[1] as string;
      const listed = run('apikeys', 'list');
      expect(listed.stdout).toContain('Mobile app');
      expect(listed.stdout).not.toContain(secret);
      expect(run('apikeys', 'revoke', id).stdout).toContain('Revoked');
      expect(run('apikeys', 'list').stdout).toContain('revoked');
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'manages webhooks',
    () => {
      const created = run(
        'webhooks',
        'create',
        '--url',
        'https://hooks.example/in',
        '--events',
        'catalog.product.created,ecom.order.created',
      );
      expect(created.status, created.stderr).toBe(0);
      expect(created.stdout).toMatch(/whsec_/);
      expect(run('webhooks', 'list').stdout).toContain('https://hooks.example/in');
      const bad = run('webhooks', 'create', '--url', 'https://hooks.example/in', '--events', 'nope');
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('eventTypes[0]');
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'registers OAuth clients with exact redirect URIs, changes and lists them',
    () => {
      // As on a store served over https: plain-http redirect URIs are refused there (loopback aside).
      const secure = (...args: string[]) =>
        spawnSync(process.execPath, [cli, ...args], {
          env: { ...env, PUBLIC_URL: 'https://store.example' },
          encoding: 'utf8',
        });
      const bad = secure(
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

      const created = secure(
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

      const updated = secure(
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
      const listed = run('oauth-clients', 'list').stdout;
      expect(listed).toContain(
        'redirect URIs (any path on the origins (weaker)): https://shop.example/callback https://shop.example/account/callback',
      );
      expect(listed).toContain('allowed origins: https://shop.example');
      expect(secure('oauth-clients', 'update', id, '--any-redirect-path', 'maybe').status).toBe(64);
      expect(secure('oauth-clients', 'update', id, '--redirect-uri', 'http://shop.example/x').status).toBe(1);
      expect(run('oauth-clients', 'list').stdout).not.toContain('http://shop.example/x');
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'explains usage mistakes with exit code 64',
    () => {
      const result = run('apikeys', 'create');
      expect(result.status).toBe(64);
      expect(result.stderr).toContain('--name NAME');
      expect(run('frobnicate').status).toBe(64);
      expect(run('--help').stdout).toContain('webhooks create');
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
