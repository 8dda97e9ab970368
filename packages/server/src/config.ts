import path from 'node:path';
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import { isCurrencyCode } from './lib/money.js';

/**
 * The whole process configuration, read from the environment exactly once (in server.ts / cli).
 * Nothing else in the server reads `process.env`: everything receives a `Config`.
 */
/** off: no captcha; invisible: either captcha answers; visible: only the visible (user-solved) one. */
export const CAPTCHA_MODES = ['off', 'invisible', 'visible'] as const;
export type CaptchaMode = (typeof CAPTCHA_MODES)[number];
/** STORE_CURRENCY when unset; also the currency of the demo store the build makes (catalog/seed). */
export const DEFAULT_STORE_CURRENCY = 'USD';

const EnvSchema = Type.Object({
  // `npm start` is production: pages hide error details. `npm run dev` sets development.
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'production',
  }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://[^\\s]+$' })),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DB_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  DB_CONNECT_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 10_000 }),
  DB_POOL_WAIT_MS: Type.Integer({ minimum: 100, maximum: 300_000, default: 30_000 }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://[^\\s]+$' })),
  REDIS_KEY_PREFIX: Type.String({ pattern: '^[A-Za-z0-9:_-]{1,64}$', default: 'openshelf:' }),
  NATS_URL: Type.Optional(Type.String({ pattern: '^(nats|tls)://[^\\s]+$' })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^\\s]+$' })),
  // `open` lets anyone read /dev/mailbox (sign-in codes, reset links): for a developer's own machine only.
  DEV_MAILBOX: Type.Union([Type.Literal('open'), Type.Literal('off')], { default: 'off' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  CORS_ORIGINS: Type.String({ default: '*' }),
  STORE_NAME: Type.String({ minLength: 1, maxLength: 80, default: 'Openshelf Demo Store' }),
  STOREFRONT_BUILD_DIR: Type.Optional(Type.String({ minLength: 1 })),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
  EVENTS_DISPATCH: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  SCHEDULED_JOBS: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 60_000, default: 10_000 }),
  EVENTS_LEASE_SECONDS: Type.Integer({ minimum: 2, maximum: 3600, default: 60 }),
  // Identity and sign-in (docs/api/identity.md; every variable in docs/configuration.md).
  ACCESS_TOKEN_TTL_SECONDS: Type.Integer({ minimum: 60, maximum: 86_400, default: 3600 }),
  REFRESH_TOKEN_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: 90 }),
  STAFF_SESSION_TTL_HOURS: Type.Integer({ minimum: 1, maximum: 720, default: 12 }),
  REQUIRE_EMAIL_VERIFICATION: Type.Boolean({ default: true }),
  REQUIRE_OWNER_APPROVAL: Type.Boolean({ default: false }),
  CAPTCHA_MODE: Type.Union(
    CAPTCHA_MODES.map((mode) => Type.Literal(mode)),
    { default: 'off' },
  ),
  CAPTCHA_HMAC_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  PASSWORD_MIN_LENGTH: Type.Integer({ minimum: 6, maximum: 64, default: 8 }),
  VISITOR_TOKENS_PER_IP: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 120 }),
  // Failed sign-ins: captcha step-up instead of a lock (docs/security.md "Failed sign-ins").
  SIGN_IN_CAPTCHA_PER_ADDRESS: Type.Integer({ minimum: 1, maximum: 1000, default: 5 }),
  SIGN_IN_CAPTCHA_PER_ACCOUNT: Type.Integer({ minimum: 1, maximum: 100_000, default: 20 }),
  SIGN_IN_FAILURE_DECAY_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, default: 15 }),
  RECENT_SIGN_IN_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, default: 10 }),
  TRUST_PROXY: Type.String({ pattern: '^(true|false|[0-9]+|[0-9A-Fa-f.:/, ]+)$', default: 'false' }),
  MAIL_FROM: Type.Optional(Type.String({ minLength: 3, maxLength: 200 })),
  STORE_CURRENCY: Type.String({ pattern: '^[A-Z]{3}$', default: DEFAULT_STORE_CURRENCY }),
  DEMO_CATALOG: Type.Boolean({ default: true }),
  MEDIA_MAX_UPLOAD_MB: Type.Integer({ minimum: 1, maximum: 1024, default: 25 }),
  CATALOG_CACHE_SECONDS: Type.Integer({ minimum: 0, maximum: 3600, default: 30 }),
  CATALOG_COUNT_SECONDS: Type.Integer({ minimum: 0, maximum: 3600, default: 30 }),
  // Full-page cache of the shop's shared pages (docs/performance.md "Page cache", ADR 037).
  PAGE_CACHE: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  PAGE_CACHE_MAX_MB: Type.Integer({ minimum: 1, maximum: 4096, default: 64 }),
  PAGE_CACHE_CDN_SECONDS: Type.Integer({ minimum: 0, maximum: 86_400, default: 60 }),
  // Stripe (docs/api/payments.md): all three keys together turn card payments over to Stripe.
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ pattern: '^(sk|rk)_(test|live)_[A-Za-z0-9_]+$' })),
  STRIPE_PUBLISHABLE_KEY: Type.Optional(Type.String({ pattern: '^pk_(test|live)_[A-Za-z0-9_]+$' })),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ pattern: '^whsec_[A-Za-z0-9_+/=]+$' })),
  // Tests and advanced set-ups only: where the API and Stripe.js are reached instead of Stripe's hosts.
  STRIPE_API_BASE: Type.Optional(Type.String({ pattern: '^https?://[^\\s/]+(:[0-9]+)?/?$' })),
  STRIPE_JS_URL: Type.String({
    pattern: '^https?://[^\\s]+$',
    default: 'https://js.stripe.com/endive/stripe.js',
  }),
  STRIPE_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 20_000 }),
  // How long a payment attempt is left to the request that made it before the reconciliation job takes
  // it (ADR 046): longer than any request may take (a gateway call is retried for up to 3 timeouts).
  PAYMENT_RECONCILE_AFTER_SECONDS: Type.Integer({ minimum: 2, maximum: 86_400, default: 300 }),
});

type Env = Static<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Base URL this server is reached at; used for absolute links (hosted pages, redirects). */
  publicUrl: string;
  database:
    | { kind: 'pglite'; dataDir: string }
    | {
        kind: 'postgres';
        url: string;
        poolSize: number;
        /** How long connecting to the database may take before the request is answered 503. */
        connectTimeoutMs: number;
        /** How long a request waits for a connection of a full pool before it is answered 503. */
        poolWaitMs: number;
      };
  dataDir: string;
  /** Where uploaded media (and the demo catalog's images) are kept: DATA_DIR/media. */
  mediaDir: string;
  redisUrl?: string;
  /** Prefix of every Redis key this store writes, so several stores can share one Redis. */
  redisKeyPrefix: string;
  natsUrl?: string;
  smtpUrl?: string;
  /** `open`: /dev/mailbox readable without signing in. Otherwise only the owner reads it, in the admin. */
  devMailbox: 'open' | 'off';
  logLevel: Env['LOG_LEVEL'];
  /** `*` (any origin; tokens travel in headers, never cookies) or an explicit list. */
  corsOrigins: '*' | string[];
  storeName: string;
  storefrontBuildDir?: string;
  shutdownTimeoutMs: number;
  /** Run the event dispatcher in this process (off for processes that only serve requests). */
  eventsDispatch: boolean;
  /** Run the scheduled jobs (subscription billing, identity prune) in this process. */
  scheduledJobs: boolean;
  webhookTimeoutMs: number;
  /** How long a claimed delivery is held before any process may attempt it again (its owner died). */
  eventsLeaseMs: number;
  identity: IdentityConfig;
  mail: {
    from: string;
    /** The no-reply address mail is sent from when MAIL_FROM does not say. */
    address: string;
    /** MAIL_FROM unset: the From name is the store's name, as set in Settings (STORE_NAME until then). */
    followsStoreName: boolean;
  };
  /** ISO 4217 code every catalog price is in (ADR 004: integer minor units of this currency). */
  storeCurrency: string;
  /** Seed the demo catalog when the embedded (PGlite) store starts with an empty catalog. */
  demoCatalog: boolean;
  /** Largest file a merchant may upload to the media library, in bytes. */
  mediaMaxUploadBytes: number;
  /** Lifetime of cached public catalog responses (0 turns the cache off); changes invalidate at once. */
  catalogCacheSeconds: number;
  /** How long a public query's total may be reused at most (ADR 020); 0 counts on every request. */
  catalogCountSeconds: number;
  /**
   * Shared shop pages (home, collections, products, search): kept rendered in memory (`enabled`, up to
   * `maxBytes`) and dropped on every catalog or store-identity change; `cdnSeconds` is how long a CDN in
   * front may serve one without asking (s-maxage).
   */
  pageCache: { enabled: boolean; maxBytes: number; cdnSeconds: number };
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify `trustProxy`): per-IP limits must see shoppers'
   * addresses, not the load balancer's. false, true (any), a hop count, or a list of addresses/CIDRs.
   */
  trustProxy: boolean | number | string;
  /** Card payments through Stripe, when its keys are set; else the sandbox card (ADR 035). */
  stripe?: StripeConfig;
  /** How long a payment attempt is left to its request before the reconciliation job takes it. */
  paymentReconcileAfterMs: number;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the `stripe` client sends requests instead of api.stripe.com (tests: the local fake). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** The Stripe.js script the hosted checkout loads. */
  jsUrl: string;
  timeoutMs: number;
  /** `test` or `live`, from the keys (they must agree). */
  mode: 'test' | 'live';
}

export interface IdentityConfig {
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  staffSessionTtlHours: number;
  /** Store-setting defaults; the owner may change them in the admin API (stored settings win). */
  requireEmailVerification: boolean;
  requireOwnerApproval: boolean;
  captchaMode: CaptchaMode;
  /** HMAC secret for captcha challenges; absent means one generated and kept in the database. */
  captchaHmacSecret?: string;
  passwordMinLength: number;
  /** Visitor tokens one address may mint in a row before backing off (0: no limit). */
  visitorTokensPerIp: number;
  /** When failed sign-ins make a captcha necessary (sign-in-guard.service.ts). */
  signInStepUp: StepUpPolicy;
  /** How long after signing in a session may change the password without the current one. */
  recentSignInSeconds: number;
}

/**
 * Captcha step-up of failed sign-ins: one address's attempts on one account, and all attempts on one
 * account, each counted; past either threshold a captcha is needed. Each count forgets one attempt per
 * `decaySeconds`.
 */
export interface StepUpPolicy {
  perAddress: number;
  perAccount: number;
  decaySeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'Fix the environment variables above (see docs/configuration.md) and start again.',
    );
    this.name = 'ConfigError';
  }
}

/** Parses and validates the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.keys(EnvSchema.properties);
  // Empty strings count as unset, as in most twelve-factor tooling.
  const raw = Object.fromEntries(
    known.filter((key) => env[key] !== undefined && env[key] !== '').map((key) => [key, env[key]]),
  );
  const withDefaults = Value.Default(EnvSchema, Value.Convert(EnvSchema, raw));
  const problems = [...Value.Errors(EnvSchema, withDefaults)].map((error) => {
    const name = error.instancePath.replace(/^\//, '') || 'environment';
    return `${name}=${JSON.stringify(env[name] ?? '')}: ${error.message}`;
  });
  const currency = (withDefaults as { STORE_CURRENCY?: unknown }).STORE_CURRENCY;
  if (typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) && !isCurrencyCode(currency)) {
    problems.push(
      `STORE_CURRENCY=${JSON.stringify(currency)}: must be an ISO 4217 currency code such as USD or EUR`,
    );
  }
  const { EVENTS_LEASE_SECONDS: lease, WEBHOOK_TIMEOUT_MS: timeout } = withDefaults as Partial<Env>;
  if (typeof lease === 'number' && typeof timeout === 'number' && lease * 1000 <= timeout) {
    problems.push(
      `EVENTS_LEASE_SECONDS=${lease}: must be longer than WEBHOOK_TIMEOUT_MS (${timeout} ms), or a slow ` +
        'webhook would be sent again while its first attempt is still waiting; raise it or lower the timeout',
    );
  }
  const { SIGN_IN_CAPTCHA_PER_ADDRESS: perAddress, SIGN_IN_CAPTCHA_PER_ACCOUNT: perAccount } =
    withDefaults as Partial<Env>;
  if (typeof perAddress === 'number' && typeof perAccount === 'number' && perAccount < perAddress) {
    problems.push(
      `SIGN_IN_CAPTCHA_PER_ACCOUNT=${perAccount}: must be at least SIGN_IN_CAPTCHA_PER_ADDRESS (${perAddress}), ` +
        'since the attempts of one address also count for the whole account; raise it or lower the other',
    );
  }
  problems.push(...stripeProblems(withDefaults as Partial<Env>));
  if (problems.length > 0) throw new ConfigError(problems);
  const parsed = withDefaults as Env;

  const dataDir = path.resolve(parsed.DATA_DIR);
  const port = parsed.PORT;
  const localHost = parsed.HOST === '0.0.0.0' || parsed.HOST === '::' ? 'localhost' : parsed.HOST;
  return {
    env: parsed.NODE_ENV,
    port,
    host: parsed.HOST,
    publicUrl: (parsed.PUBLIC_URL ?? `http://${localHost}:${port}`).replace(/\/$/, ''),
    database: parsed.DATABASE_URL
      ? {
          kind: 'postgres',
          url: parsed.DATABASE_URL,
          poolSize: parsed.DB_POOL_SIZE,
          connectTimeoutMs: parsed.DB_CONNECT_TIMEOUT_MS,
          poolWaitMs: parsed.DB_POOL_WAIT_MS,
        }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    redisUrl: parsed.REDIS_URL,
    redisKeyPrefix: parsed.REDIS_KEY_PREFIX,
    natsUrl: parsed.NATS_URL,
    smtpUrl: parsed.SMTP_URL,
    devMailbox: parsed.DEV_MAILBOX,
    logLevel: parsed.LOG_LEVEL,
    corsOrigins:
      parsed.CORS_ORIGINS.trim() === '*'
        ? '*'
        : parsed.CORS_ORIGINS.split(',')
            .map((origin) => origin.trim())
            .filter(Boolean),
    storeName: parsed.STORE_NAME,
    storefrontBuildDir: parsed.STOREFRONT_BUILD_DIR ? path.resolve(parsed.STOREFRONT_BUILD_DIR) : undefined,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
    eventsDispatch: parsed.EVENTS_DISPATCH === 'on',
    scheduledJobs: parsed.SCHEDULED_JOBS === 'on',
    webhookTimeoutMs: parsed.WEBHOOK_TIMEOUT_MS,
    eventsLeaseMs: parsed.EVENTS_LEASE_SECONDS * 1000,
    identity: {
      accessTokenTtlSeconds: parsed.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: parsed.REFRESH_TOKEN_TTL_DAYS,
      staffSessionTtlHours: parsed.STAFF_SESSION_TTL_HOURS,
      requireEmailVerification: parsed.REQUIRE_EMAIL_VERIFICATION,
      requireOwnerApproval: parsed.REQUIRE_OWNER_APPROVAL,
      captchaMode: parsed.CAPTCHA_MODE,
      captchaHmacSecret: parsed.CAPTCHA_HMAC_SECRET,
      passwordMinLength: parsed.PASSWORD_MIN_LENGTH,
      visitorTokensPerIp: parsed.VISITOR_TOKENS_PER_IP,
      signInStepUp: {
        perAddress: parsed.SIGN_IN_CAPTCHA_PER_ADDRESS,
        perAccount: parsed.SIGN_IN_CAPTCHA_PER_ACCOUNT,
        decaySeconds: parsed.SIGN_IN_FAILURE_DECAY_MINUTES * 60,
      },
      recentSignInSeconds: parsed.RECENT_SIGN_IN_MINUTES * 60,
    },
    mail: {
      from:
        parsed.MAIL_FROM ??
        `"${parsed.STORE_NAME.replace(/["\\]/g, '')}" <no-reply@${mailDomain(parsed.PUBLIC_URL, localHost)}>`,
      address: `no-reply@${mailDomain(parsed.PUBLIC_URL, localHost)}`,
      followsStoreName: parsed.MAIL_FROM === undefined,
    },
    storeCurrency: parsed.STORE_CURRENCY,
    demoCatalog: parsed.DEMO_CATALOG,
    mediaMaxUploadBytes: parsed.MEDIA_MAX_UPLOAD_MB * 1024 * 1024,
    catalogCacheSeconds: parsed.CATALOG_CACHE_SECONDS,
    catalogCountSeconds: parsed.CATALOG_COUNT_SECONDS,
    pageCache: {
      enabled: parsed.PAGE_CACHE === 'on',
      maxBytes: parsed.PAGE_CACHE_MAX_MB * 1024 * 1024,
      cdnSeconds: parsed.PAGE_CACHE_CDN_SECONDS,
    },
    trustProxy: trustProxyOf(parsed.TRUST_PROXY),
    paymentReconcileAfterMs: parsed.PAYMENT_RECONCILE_AFTER_SECONDS * 1000,
    ...(parsed.STRIPE_SECRET_KEY ? { stripe: stripeConfigOf(parsed) } : {}),
  };
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Stripe's keys come together (a key without its webhook secret would lose payments), of one mode. */
function stripeProblems(env: Partial<Env>): string[] {
  const set = STRIPE_KEYS.filter((key) => typeof env[key] === 'string');
  if (set.length === 0) return [];
  const problems = STRIPE_KEYS.filter((key) => !set.includes(key)).map(
    (key) =>
      `${key}: is required when ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set — Stripe needs the secret key, ` +
      'the publishable key and the webhook signing secret together (docs/api/payments.md)',
  );
  const secret = env.STRIPE_SECRET_KEY;
  const publishable = env.STRIPE_PUBLISHABLE_KEY;
  if (secret && publishable && modeOf(secret) !== modeOf(publishable))
    problems.push(
      `STRIPE_PUBLISHABLE_KEY: is a ${modeOf(publishable)} key but STRIPE_SECRET_KEY is a ${modeOf(secret)} key; use the pair from one Stripe mode`,
    );
  return problems;
}

const modeOf = (key: string): 'test' | 'live' => (key.includes('_live_') ? 'live' : 'test');

function stripeConfigOf(parsed: Env): StripeConfig {
  const base = parsed.STRIPE_API_BASE ? new URL(parsed.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return {
    secretKey: parsed.STRIPE_SECRET_KEY as string,
    publishableKey: parsed.STRIPE_PUBLISHABLE_KEY as string,
    webhookSecret: parsed.STRIPE_WEBHOOK_SECRET as string,
    ...(base
      ? {
          api: {
            host: base.hostname,
            port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
            protocol,
          },
        }
      : {}),
    jsUrl: parsed.STRIPE_JS_URL,
    timeoutMs: parsed.STRIPE_TIMEOUT_MS,
    mode: modeOf(parsed.STRIPE_SECRET_KEY as string),
  };
}

function trustProxyOf(value: string): boolean | number | string {
  const trimmed = value.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  return /^[0-9]+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function mailDomain(publicUrl: string | undefined, fallback: string): string {
  const host = publicUrl ? new URL(publicUrl).hostname : fallback;
  // "localhost" is not a deliverable domain but is what a development mailbox shows.
  return host.includes('.') || host === 'localhost' ? host : 'localhost';
}
