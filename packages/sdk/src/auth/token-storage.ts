// Token types and where tokens live. Stores are synchronous on purpose: every request reads one, and the
// usual backings (memory, localStorage, the cookies of an SSR request) are synchronous anyway.

/** `none`: no identity; `visitor`: anonymous; `member`: logged in. */
export type TokenRole = 'none' | 'visitor' | 'member';

export interface AccessToken {
  value: string;
  /** Unix time in seconds. */
  expiresAt: number;
}

export interface RefreshToken {
  value: string;
  role: TokenRole;
}

/** A token pair as stored; plain JSON, safe to persist. */
export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/**
 * Where tokens live. Synchronous on purpose: every request reads it, and cookie- or localStorage-backed
 * stores are synchronous anyway. For cookies (e.g. SSR), implement it yourself:
 *
 * @example
 * ```ts
 * const cookieStore: TokenStore = {
 *   get: () => parseTokens(readCookie('session')),
 *   set: (tokens) => writeCookie('session', JSON.stringify(tokens), { httpOnly: true, sameSite: 'lax' }),
 *   clear: () => deleteCookie('session'),
 * };
 * ```
 */
export interface TokenStore {
  get(): Tokens | undefined;
  set(tokens: Tokens): void;
  clear(): void;
}

/**
 * A token store in memory: the default, and right for SSR requests and tests.
 *
 * @example
 * ```ts
 * const tokens = createTokenManager({ clientId, baseUrl, storage: memoryStorage() });
 * ```
 */
export function memoryStorage(initial?: Tokens): TokenStore {
  let tokens = initial;
  return {
    get: () => tokens,
    set: (next) => {
      tokens = next;
    },
    clear: () => {
      tokens = undefined;
    },
  };
}

/**
 * A token store in `localStorage` (browsers), shared by the site's tabs. Falls back to memory when storage
 * is unavailable (e.g. blocked by privacy settings), so that the visitor at least keeps one session.
 *
 * @example
 * ```ts
 * const tokens = createTokenManager({ clientId, baseUrl, storage: localStorageStorage('openshelf.tokens') });
 * ```
 */
export function localStorageStorage(key: string, storage?: Storage): TokenStore {
  const fallback = memoryStorage();
  const target = (): Storage | undefined => storage ?? globalThis.localStorage;
  return {
    get: () => {
      try {
        const raw = target()?.getItem(key);
        if (raw === null || raw === undefined) return fallback.get();
        const parsed: unknown = JSON.parse(raw);
        return isTokens(parsed) ? parsed : undefined;
      } catch {
        return fallback.get();
      }
    },
    set: (tokens) => {
      fallback.set(tokens);
      try {
        target()?.setItem(key, JSON.stringify(tokens));
      } catch {
        // Quota or privacy mode: the in-memory copy keeps this page working.
      }
    },
    clear: () => {
      fallback.clear();
      try {
        target()?.removeItem(key);
      } catch {
        // Nothing stored, nothing to clear.
      }
    },
  };
}

/** @internal */
export function isRole(value: unknown): value is TokenRole {
  return value === 'none' || value === 'visitor' || value === 'member';
}

/** @internal */
export function isTokens(value: unknown): value is Tokens {
  const t = value as Partial<Tokens> | null;
  return (
    typeof t === 'object' &&
    t !== null &&
    typeof t.accessToken?.value === 'string' &&
    typeof t.accessToken.expiresAt === 'number' &&
    typeof t.refreshToken?.value === 'string' &&
    isRole(t.refreshToken.role)
  );
}
