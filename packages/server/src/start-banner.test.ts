import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startBanner } from './start-banner.js';

const text = (
  env: Record<string, string>,
  facts: Parameters<typeof startBanner>[1] = { databaseKind: 'pglite' },
) => startBanner(loadConfig({ DATA_DIR: '/tmp/openshelf-banner', ...env }), facts);

describe('the start banner', () => {
  it('says, for the zero-config store, who can reach it, where the admin and mail are, and what is unsafe', () => {
    const lines = text(
      {},
      { databaseKind: 'pglite', ownerLoginFile: '/tmp/openshelf-banner/owner-login.txt' },
    );
    const all = lines.map((line) => line.message).join('\n');
    expect(all).toContain('Listening on every network interface, port 3000');
    expect(all).toContain('HOST=127.0.0.1 keeps it on this machine');
    expect(all).toContain('Storefront http://localhost:3000/ · admin http://localhost:3000/admin');
    expect(all).toContain('/tmp/openshelf-banner/owner-login.txt');
    expect(all).toContain('The owner reads it in the admin at http://localhost:3000/admin/mailbox');
    // Production mode by default; plain HTTP on every interface is called out as a warning.
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
      expect.stringContaining('PUBLIC_URL is http://localhost:3000 (plain HTTP)'),
    ]);
  });

  it('warns about the open mailbox and development mode, and is quiet about HTTPS on loopback', () => {
    const warnings = text({
      HOST: '127.0.0.1',
      DEV_MAILBOX: 'open',
      NODE_ENV: 'development',
      SMTP_URL: 'smtp://mailer:hunter2@mail.example:587',
    });
    const all = warnings.map((line) => line.message).join('\n');
    expect(all).toContain('Listening on 127.0.0.1, port 3000.');
    expect(all).toContain('E-mail is sent through smtp://mailer:***@mail.example:587');
    expect(all).not.toContain('hunter2');
    expect(warnings.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
      expect.stringContaining('DEV_MAILBOX=open: anyone who can reach this server reads every kept e-mail'),
      expect.stringContaining('NODE_ENV=development: pages show error details'),
    ]);
  });

  it('tells a PostgreSQL store how to create its owner', () => {
    const all = text({ DATABASE_URL: 'postgres://db.example/shop' }, { databaseKind: 'postgres' })
      .map((line) => line.message)
      .join('\n');
    expect(all).toContain('npm run cli -- staff create');
  });

  it('says which provider takes the cards, and where Stripe must send its events', () => {
    const sandbox = text({}).map((line) => line.message);
    expect(sandbox).toContainEqual(expect.stringContaining('Card payments: the sandbox card'));
    const stripe = text({
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    }).map((line) => line.message);
    expect(stripe).toContainEqual(
      "Card payments: Stripe (live mode). Stripe's webhook must point to http://localhost:3000/payments/v1/stripe/webhook.",
    );
  });
});
