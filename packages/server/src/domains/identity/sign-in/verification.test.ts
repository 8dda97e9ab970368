import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  mailboxCode,
  memberTokens,
  post,
  registerMember,
  setSettings,
  uniqueEmail,
} from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';

let t: TestApp;
let now = new Date('2030-03-01T09:00:00.000Z');
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  owner = await merchantKey(t.database);
});
afterAll(() => t.close());

async function pending(): Promise<{ email: string; stateToken: string }> {
  const email = uniqueEmail('verify');
  const reply = await post(t, '/_api/iam/authentication/v2/register', {
    loginId: { email },
    password: 'secret123',
  });
  return { email, stateToken: reply.json().stateToken };
}
const verify = (body: Record<string, unknown>) => post(t, '/_api/iam/verification/v1/auth/verify', body);
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('e-mail verification', () => {
  it('allows five wrong codes, then only a resend helps; the resent code works and the old one does not', async () => {
    const { email, stateToken } = await pending();
    const code = await mailboxCode(t, email);
    for (let left = 4; left >= 0; left--) {
      const reply = await verify({ code: wrongCode(code), stateToken });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().details.applicationError).toMatchObject({
        code: 'VERIFICATION_FAILED',
        data: { attemptsLeft: left },
      });
    }
    const locked = await verify({ code, stateToken });
    expect(locked.json().details.applicationError).toMatchObject({
      code: 'VERIFICATION_FAILED',
      data: { attemptsLeft: 0 },
    });
    expect((await post(t, '/_api/iam/verification/v1/auth/resend', { stateToken })).statusCode).toBe(200);
    const fresh = await mailboxCode(t, email);
    if (fresh !== code) expect((await verify({ code, stateToken })).statusCode).toBe(400);
    expect((await verify({ code: fresh, stateToken })).json().state).toBe('SUCCESS');
    // Done: the state token is spent.
    expect((await verify({ code: fresh, stateToken })).json().details.applicationError.code).toBe(
      'INVALID_STATE_TOKEN',
    );
  });

  it('expires after 15 minutes (injected clock)', async () => {
    const { email, stateToken } = await pending();
    const code = await mailboxCode(t, email);
    const saved = now;
    now = new Date(saved.getTime() + 15 * 60_000 + 1000);
    try {
      expect((await verify({ code, stateToken })).json().details.applicationError.code).toBe(
        'INVALID_STATE_TOKEN',
      );
      expect((await post(t, '/v1/auth/resend', { stateToken })).statusCode).toBe(400);
    } finally {
      now = saved;
    }
  });

  it('starts a verification for the member themselves or a merchant, not for others', async () => {
    await setSettings(t, owner, { requireEmailVerification: false });
    const { clientId } = await createClient(t, owner);
    const alice = await registerMember(t, { email: uniqueEmail('alice') });
    const bob = await registerMember(t, { email: uniqueEmail('bob') });
    await setSettings(t, owner, { requireEmailVerification: true });
    const aliceTokens = await memberTokens(t, { clientId, sessionToken: alice.sessionToken });
    const own = await post(
      t,
      '/_api/iam/verification/v1/start',
      { target: 'EMAIL' },
      aliceTokens.access_token,
    );
    expect(own.json().verificationId).toMatch(/^ost_/);
    expect(
      (await post(t, '/v1/Start', { identityId: bob.memberId }, aliceTokens.access_token)).statusCode,
    ).toBe(403);
    expect(
      (await post(t, '/_api/iam/verification/v1/Start', { identityId: bob.memberId }, owner)).statusCode,
    ).toBe(200);
    expect((await post(t, '/v1/start', { identityId: bob.memberId })).statusCode).toBe(401);
  });
});
