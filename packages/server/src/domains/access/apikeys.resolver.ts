import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { API_KEY_PREFIX, authenticateApiKey } from './apikeys.service.js';
import type { TokenResolver } from './auth.plugin.js';
import type { Caller } from './caller.types.js';

const CACHE_TTL_MS = 30_000;
const CACHE_MAX_ENTRIES = 1_000;

/**
 * Token resolver for merchant API keys, with a short positive cache so that a busy integration does not
 * cost a query per request. A revoked key stops working in this process at once (revocation clears the
 * cache through `forget`) and in other processes within CACHE_TTL_MS.
 */
export function apiKeyResolver(db: Db): TokenResolver & { forget(): void } {
  const cache = new Map<string, { caller: Caller; expiresAt: number }>();
  const resolve = async (token: string) => {
    if (!token.startsWith(API_KEY_PREFIX)) return undefined;
    const cacheKey = createHash('sha256').update(token).digest('base64');
    const cached = cache.get(cacheKey);
    if (cached && cached.expiresAt > Date.now()) return cached.caller;
    const caller = await authenticateApiKey(db, token);
    if (caller) {
      if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(cacheKey, { caller, expiresAt: Date.now() + CACHE_TTL_MS });
    }
    return caller;
  };
  return Object.assign(resolve, { forget: () => cache.clear() });
}
