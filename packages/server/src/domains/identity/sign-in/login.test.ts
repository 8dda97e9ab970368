import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  memberTokens,
  post,
  setSettings,
  uniqueEmail,
  visitorTokens,
} from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { IdentityHooks } from '../identity-hooks.deps.js';

const hooks = new IdentityHooks();

let t: TestApp;
let owner: string;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ identityHooks: hooks });
  owner = await merchantKey(t.database);
  ({ clientId } = await createClient(t, owner));
});
afterAll(() => t.close());

const register = (body: Record<string, unknown>, authorization?: string) =>
  post(t, '/_api/iam/authentication/v2/register', body, authorization);
const login = (email: string, password: string) =>
  post(t, '/_api/iam/authentication/v2/login', { loginId: { email }, password });

describe('login', () => {
  const email = uniqueEmail('login');
  beforeAll(async () => {
    await setSettings(t, owner, { requireEmailVerification: false });
    await register({ loginId: { email }, password: 'secret123' });
    await setSettings(t, owner, { requireEmailVerification: true });
  });

  it('answers a wrong password and an unknown e-mail alike with -19976 (401)', async () => {
    const wrong = await login(email, 'nope-nope');
    const unknown = await login(uniqueEmail('ghost'), 'secret123');
    for (const reply of [wrong, unknown]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json().details.applicationError.code).toBe('-19976');
    }
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('never answers login with a validation error (the public client cannot read one)', async () => {
    const invalid = await login('not-an-email', 'secret123');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details.applicationError).toMatchObject({
      code: 'INVALID_EMAIL',
      data: { type: 'EMAIL' },
    });
    const malformed = await post(t, '/_api/iam/authentication/v2/login', {
      loginId: 'a@b.co',
      password: 'secret123',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details.applicationError.code).toBe('INVALID_ARGUMENT');
    expect(malformed.json().details.validationError).toBeUndefined();
  });

  it('asks members without a password to reset it (-19973) and refuses blocked members', async () => {
    const app = await merchantKey(t.database, 'app');
    const external = uniqueEmail('external');
    const signOn = await post(
      t,
      '/_api/iam/authentication/v2/sign-on',
      { loginId: { email: external } },
      app,
    );
    expect(signOn.json()).toMatchObject({
      sessionToken: expect.stringMatching(/^oss_/),
      identity: { email: { address: external } },
    });
    expect(
      (
        await post(
          t,
          '/v2/sign-on',
          { loginId: { email: uniqueEmail() } },
          await merchantKey(t.database, 'staff'),
        )
      ).statusCode,
    ).toBe(403);
    const reset = await login(external, 'anything1');
    expect(reset.statusCode).toBe(403);
    expect(reset.json().details.applicationError.code).toBe('-19973');
    const blockedEmail = uniqueEmail('blocked');
    await setSettings(t, owner, { requireEmailVerification: false });
    const registered = await register({ loginId: { email: blockedEmail }, password: 'secret123' });
    await setSettings(t, owner, { requireEmailVerification: true });
    await post(t, `/admin-api/v1/members/${registered.json().identity.id}/block`, {}, owner);
    const blocked = await login(blockedEmail, 'secret123');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().details.applicationError.code).toBe('IDENTITY_BLOCKED');
    // A wrong password says nothing about the block.
    expect((await login(blockedEmail, 'wrong-password')).json().details.applicationError.code).toBe('-19976');
  });

  it('calls the visitor→member hook exactly once per login, with the visitor of the login request', async () => {
    const visitor = await visitorTokens(t, clientId);
    const calls: { visitorId: string; memberId: string }[] = [];
    const stop = hooks.onVisitorBecameMember(({ visitorId, memberId }) => {
      calls.push({ visitorId, memberId });
    });
    try {
      const reply = await post(
        t,
        '/_api/iam/authentication/v2/login',
        { loginId: { email }, password: 'secret123' },
        visitor.access_token,
      );
      const member = await memberTokens(t, { clientId, sessionToken: reply.json().sessionToken });
      const visitorId = JSON.parse(
        Buffer.from(visitor.access_token.split('.')[1] as string, 'base64url').toString(),
      ).vid;
      expect(calls).toEqual([{ visitorId, memberId: reply.json().identity.id }]);
      expect(member.refresh_token_role).toBe('member');
    } finally {
      stop();
    }
  });

  it('rolls the login back when a hook listener fails (the cart merge and the login commit together)', async () => {
    const visitor = await visitorTokens(t, clientId);
    const stop = hooks.onVisitorBecameMember(() => {
      throw new Error('cart merge failed');
    });
    try {
      const reply = await post(
        t,
        '/_api/iam/authentication/v2/login',
        { loginId: { email }, password: 'secret123' },
        visitor.access_token,
      );
      await expect(memberTokens(t, { clientId, sessionToken: reply.json().sessionToken })).rejects.toThrow(
        /code exchange failed/,
      );
    } finally {
      stop();
    }
  });
});
