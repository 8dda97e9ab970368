import { describe, expect, it } from 'vitest';
import { deferred, type FakeReply, replies } from '../testing/fake-fetch.js';
import { NOW, setup, stored, tokenReply } from '../testing/token-manager.js';
import type { OAuthData } from './pkce.js';
import { memoryStorage } from './token-storage.js';

describe('member login (authorization code)', () => {
  const oauthData: OAuthData = {
    redirectUri: 'https://shop.example/callback',
    originalUri: undefined,
    codeChallenge: 'challenge',
    codeVerifier: 'v'.repeat(43),
    state: 'state-1',
  };

  it('exchanges the code, stores member tokens and reports loggedIn', async () => {
    const { fake, manager } = setup(replies(tokenReply('member-1')));
    const tokens = await manager.getMemberTokens('auth-code-1', 'state-1', oauthData);
    expect(fake.calls[0]?.body).toEqual({
      clientId: 'client-1',
      grantType: 'authorization_code',
      code: 'auth-code-1',
      codeVerifier: 'v'.repeat(43),
      redirectUri: 'https://shop.example/callback',
    });
    expect(tokens.refreshToken.role).toBe('member');
    expect(manager.getTokens()).toEqual(tokens);
    expect(manager.loggedIn()).toBe(true);
    expect(await manager.getAccessToken()).toBe('member-1');
  });

  it('leaves redirectUri out when there is none (direct login)', async () => {
    const { fake, manager } = setup(replies(tokenReply('m')));
    await manager.getMemberTokens('c', 'state-1', { ...oauthData, redirectUri: '' });
    expect(fake.calls[0]?.body).not.toHaveProperty('redirectUri');
  });

  it.each([
    ['c', 'other', 'Invalid _state'],
    [undefined, 'state-1', 'Missing code or _state'],
    ['c', undefined, 'Missing code or _state'],
  ])('code %j with state %j → %s, without a request', async (code, state, message) => {
    const { fake, manager } = setup(replies(tokenReply('m')));
    await expect(manager.getMemberTokens(code, state, oauthData)).rejects.toThrow(new Error(message));
    expect(fake.calls).toHaveLength(0);
  });
});

describe('setTokens, logout and races', () => {
  it('logout clears the tokens; the next call starts a new visitor', async () => {
    const { fake, manager } = setup(replies(tokenReply('v-new')), memoryStorage(stored('member', NOW + 100)));
    expect(manager.loggedIn()).toBe(true);
    manager.logout();
    expect(manager.getTokens()).toBeUndefined();
    expect(manager.loggedIn()).toBe(false);
    expect(await manager.getAccessToken()).toBe('v-new');
    expect(fake.calls).toHaveLength(1);
  });

  it('a renewal that finishes after setTokens does not overwrite them', async () => {
    const gate = deferred<FakeReply>();
    const { manager } = setup(() => gate.promise);
    const pending = manager.getAccessToken();
    const member = stored('member', NOW + 100, 'member-access');
    manager.setTokens(member);
    gate.resolve(tokenReply('visitor-late'));
    expect(await pending).toBe('member-access');
    expect(manager.getTokens()).toEqual(member);
  });

  it('a renewal that finishes after logout does not bring tokens back', async () => {
    const gate = deferred<FakeReply>();
    const { manager } = setup(() => gate.promise, memoryStorage(stored('member', NOW - 1)));
    const pending = manager.getAccessToken();
    manager.logout();
    gate.resolve(tokenReply('member-late'));
    await pending;
    expect(manager.getTokens()).toBeUndefined();
  });
});
