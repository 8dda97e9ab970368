import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ServiceHealth } from '../../lib/service-health.js';
import type { Mailer } from '../mail/index.js';
import { Captcha } from './guards/captcha.service.js';
import { POLICIES, RateLimiter } from './guards/rate-limit.service.js';
import { memoryRateLimitStore, type RateLimitStore } from './guards/rate-limit-stores.adapter.js';
import { redisRateLimitStore } from './guards/redis-rate-limit-store.adapter.js';
import { SignInGuard } from './guards/sign-in-guard.service.js';
import type { IdentityHooks } from './identity-hooks.deps.js';
import { type VerifiedTokens, verifiedTokenMemo } from './sessions/access-tokens.service.js';
import { SessionStatusCache } from './sessions/sessions.service.js';
import { KeyRing } from './sessions/signing-keys.service.js';
import { SiteIdentity } from './sessions/site-identity.service.js';

/**
 * What the identity services need besides the database: one instance per app (buildApp), shared by the
 * routes and the access-token resolver. Services take it as their first argument.
 */
export interface IdentityDeps {
  db: Db;
  config: Config;
  clock: () => Date;
  keys: KeyRing;
  /** The store's site id and the apps' instance ids on it, which shopper tokens carry. */
  site: SiteIdentity;
  /** Access tokens whose signature was checked, until they expire (access-tokens.service.ts). */
  verifiedTokens: VerifiedTokens;
  sessions: SessionStatusCache;
  limiter: RateLimiter;
  captcha: Captcha;
  /** Failed sign-ins: captcha step-up per address and account (sign-in-guard.service.ts). */
  signIns: SignInGuard;
  mailer: Mailer;
  /** The store's name as the owner set it in Settings (STORE_NAME until then): e-mails, pages, 2FA apps. */
  storeName: () => Promise<string>;
  /** The token issuer (`iss`): the public URL. */
  issuer: string;
  /** For failures that happen after the reply (mail sent in the background). */
  log: IdentityLogger;
  /** Other domains' listeners and contact sources (the app's own instance). */
  hooks: IdentityHooks;
}

export interface IdentityLogger {
  error(details: Record<string, unknown>, message: string): void;
}

export interface IdentityDepsOptions {
  db: Db;
  config: Config;
  clock: () => Date;
  /** The app's mailer (shared with other domains). */
  mailer: Mailer;
  log: IdentityLogger;
  hooks: IdentityHooks;
  /** Default: STORE_NAME, fixed. */
  storeName?: () => Promise<string>;
  /** Defaults: Redis when REDIS_URL is set, else memory. */
  rateLimitStore?: RateLimitStore;
  /** Told when Redis stops or starts answering. */
  health?: ServiceHealth;
}

export function createIdentityDeps(options: IdentityDepsOptions): IdentityDeps & { close(): Promise<void> } {
  const { db, config, clock } = options;
  const store =
    options.rateLimitStore ??
    (config.redisUrl
      ? redisRateLimitStore(config.redisUrl, {
          prefix: `${config.redisKeyPrefix}rl:`,
          ...(options.health ? { health: options.health } : {}),
        })
      : memoryRateLimitStore());
  const captcha = new Captcha(db, config.identity.captchaHmacSecret, clock);
  return {
    db,
    config,
    clock,
    keys: new KeyRing(db, clock),
    site: new SiteIdentity(db),
    verifiedTokens: verifiedTokenMemo(),
    sessions: new SessionStatusCache(db),
    limiter: new RateLimiter(store, clock, {
      'anonymous-token:ip': {
        ...POLICIES['anonymous-token:ip'],
        freeAttempts: config.identity.visitorTokensPerIp,
      },
    }),
    captcha,
    signIns: new SignInGuard(store, clock, captcha, config.identity.signInStepUp),
    mailer: options.mailer,
    storeName: options.storeName ?? (async () => config.storeName),
    issuer: config.publicUrl,
    log: options.log,
    hooks: options.hooks,
    close: () => store.close(),
  };
}
