import { memoryStorage, type TokenStore, type Tokens } from '../auth/token-storage.js';
import { createTokenManager } from '../auth/tokens.js';
import { type FakeReply, fakeFetch } from './fake-fetch.js';

/* What the token manager's tests share: a fixed clock, token replies, stored tokens, a manager on a fake fetch. */

export const BASE = 'https://shop.example';
export const NOW_MS = 1_700_000_000_000;
export const NOW = NOW_MS / 1000;

export const tokenReply = (access: string, extra: Record<string, unknown> = {}): FakeReply => ({
  body: { access_token: access, refresh_token: `refresh-${access}`, expires_in: 3600, ...extra },
});
export const stored = (
  role: Tokens['refreshToken']['role'],
  expiresAt: number,
  access = 'old-access',
): Tokens => ({
  accessToken: { value: access, expiresAt },
  refreshToken: { value: `refresh-${role}`, role },
});
export function setup(handler: Parameters<typeof fakeFetch>[0], storage: TokenStore = memoryStorage()) {
  const fake = fakeFetch(handler);
  const manager = createTokenManager({
    clientId: 'client-1',
    baseUrl: `${BASE}/`,
    fetch: fake.fetch,
    storage,
    now: () => NOW_MS,
  });
  return { fake, manager, storage };
}
