import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults to port 3000 on embedded PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: expect.stringMatching(/data[/\\]pglite$/) });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.corsOrigins).toBe('*');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/shop',
      PORT: '8080',
      HOST: '127.0.0.1',
      DB_CONNECT_TIMEOUT_MS: '2500',
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/shop',
      poolSize: 10,
      connectTimeoutMs: 2500,
      poolWaitMs: 30_000,
    });
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
  });

  it('refuses bad values, naming every variable and what to do', () => {
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable('bad config must throw');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT="70000"');
      expect(message).toContain('DATABASE_URL="mysql://x"');
      expect(message).toContain('LOG_LEVEL="loud"');
      expect(message).toContain('Fix the environment variables');
    }
  });

  it('holds claimed event deliveries longer than a webhook may take', () => {
    expect(loadConfig({}).eventsLeaseMs).toBe(60_000);
    expect(loadConfig({ EVENTS_LEASE_SECONDS: '5', WEBHOOK_TIMEOUT_MS: '2000' }).eventsLeaseMs).toBe(5000);
    expect(() => loadConfig({ EVENTS_LEASE_SECONDS: '5', WEBHOOK_TIMEOUT_MS: '5000' })).toThrow(
      /EVENTS_LEASE_SECONDS=5: must be longer than WEBHOOK_TIMEOUT_MS/,
    );
  });

  it('treats empty variables as unset and splits CORS origins', () => {
    const config = loadConfig({ PORT: '', CORS_ORIGINS: 'https://a.example, https://b.example' });
    expect(config.port).toBe(3000);
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('reads the identity settings with defaults, and refuses bad ones', () => {
    const defaults = loadConfig({});
    expect(defaults.identity).toEqual({
      accessTokenTtlSeconds: 3600,
      refreshTokenTtlDays: 90,
      staffSessionTtlHours: 12,
      requireEmailVerification: true,
      requireOwnerApproval: false,
      captchaMode: 'off',
      captchaHmacSecret: undefined,
      passwordMinLength: 8,
      visitorTokensPerIp: 120,
      signInStepUp: { perAddress: 5, perAccount: 20, decaySeconds: 900 },
      recentSignInSeconds: 600,
    });
    expect(defaults.mail.from).toBe('"Openshelf Demo Store" <no-reply@localhost>');
    const custom = loadConfig({
      ACCESS_TOKEN_TTL_SECONDS: '600',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      CAPTCHA_MODE: 'visible',
      PUBLIC_URL: 'https://shop.example.com',
    });
    expect(custom.identity).toMatchObject({
      accessTokenTtlSeconds: 600,
      requireEmailVerification: false,
      captchaMode: 'visible',
    });
    expect(custom.mail.from).toBe('"Openshelf Demo Store" <no-reply@shop.example.com>');
    try {
      loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '5', CAPTCHA_MODE: 'sometimes', CAPTCHA_HMAC_SECRET: 'short' });
      expect.unreachable('bad config must throw');
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain('ACCESS_TOKEN_TTL_SECONDS="5"');
      expect(message).toContain('CAPTCHA_MODE="sometimes"');
      expect(message).toContain('CAPTCHA_HMAC_SECRET="short"');
    }
  });

  it('reads the failed sign-in thresholds and the recent sign-in window, and refuses inconsistent ones', () => {
    const custom = loadConfig({
      SIGN_IN_CAPTCHA_PER_ADDRESS: '3',
      SIGN_IN_CAPTCHA_PER_ACCOUNT: '50',
      SIGN_IN_FAILURE_DECAY_MINUTES: '60',
      RECENT_SIGN_IN_MINUTES: '5',
    });
    expect(custom.identity.signInStepUp).toEqual({ perAddress: 3, perAccount: 50, decaySeconds: 3600 });
    expect(custom.identity.recentSignInSeconds).toBe(300);
    expect(() => loadConfig({ SIGN_IN_CAPTCHA_PER_ADDRESS: '10', SIGN_IN_CAPTCHA_PER_ACCOUNT: '5' })).toThrow(
      /SIGN_IN_CAPTCHA_PER_ACCOUNT=5: must be at least SIGN_IN_CAPTCHA_PER_ADDRESS \(10\)/,
    );
    expect(() => loadConfig({ RECENT_SIGN_IN_MINUTES: '0', SIGN_IN_FAILURE_DECAY_MINUTES: 'soon' })).toThrow(
      /RECENT_SIGN_IN_MINUTES="0"[\s\S]*SIGN_IN_FAILURE_DECAY_MINUTES="soon"|SIGN_IN_FAILURE_DECAY_MINUTES="soon"[\s\S]*RECENT_SIGN_IN_MINUTES="0"/,
    );
  });

  it('takes the three Stripe keys together, of one mode, and points the client elsewhere only when told', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    expect(loadConfig(keys).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
      jsUrl: 'https://js.stripe.com/endive/stripe.js',
      timeoutMs: 20_000,
      mode: 'test',
    });
    expect(loadConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as ConfigError).message;
      }
    };
    const alone = problems({ STRIPE_SECRET_KEY: 'sk_live_abc' });
    expect(alone).toContain('STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set');
    expect(alone).toContain('STRIPE_WEBHOOK_SECRET: is required');
    expect(problems({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toContain(
      'STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test key',
    );
    expect(problems({ ...keys, STRIPE_SECRET_KEY: 'pk_test_wrong' })).toContain(
      'STRIPE_SECRET_KEY="pk_test_wrong"',
    );
  });
});
