import type { TokenResolver } from '../domains/access/auth.plugin.js';

/*
 * Test-only shopper tokens, until the identity domain issues real ones: `test-visitor:<visitorId>` and
 * `test-member:<memberId>[:<visitorId>]`. Registered by createTestApp only — never by server.ts.
 */
export const testShopperResolver: TokenResolver = async (token) => {
  const [kind, id, visitorId] = token.split(':');
  if (!id) return undefined;
  if (kind === 'test-visitor') return { kind: 'visitor', visitorId: id, sessionId: `test-session-${id}` };
  if (kind === 'test-member')
    return {
      kind: 'member',
      memberId: id,
      ...(visitorId ? { visitorId } : {}),
      sessionId: `test-session-${id}`,
    };
  return undefined;
};

export const visitorToken = (visitorId: string) => `test-visitor:${visitorId}`;
export const memberToken = (memberId: string, visitorId?: string) =>
  `test-member:${memberId}${visitorId ? `:${visitorId}` : ''}`;
