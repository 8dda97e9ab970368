import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  mailboxCode,
  memberTokens,
  post,
  setSettings,
  uniqueEmail,
  visitorTokens,
} from '../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../testing/index.js';
import { listEntityEvents } from '../events/events.service.js';
import { onVisitorBecameMember } from './hooks.js';

let t: TestApp;
let owner: string;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await merchantKey(t.database);
  ({ clientId } = await createClient(t, owner));
});
afterAll(() => t.close());

const register = (body: Record<string, unknown>, authorization?: string) =>
  post(t, '/_api/iam/authentication/v2/register', body, authorization);
const login = (email: string, password: string) =>
  post(t, '/_api/iam/authentication/v2/login', { loginId: { email }, password });

describe('register', () => {
  it('asks for e-mail verification by default, then succeeds with the e-mailed code; the bare path works too', async () => {
    const email = uniqueEmail();
    const reply = await post(t, '/v2/register', {
      loginId: { email: ` ${email.toUpperCase()} ` },
      password: 'secret123',
      profile: { nickname: 'Neo' },
    });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken: expect.stringMatching(/^ost_/),
      identity: {
        email: { address: email, isVerified: false },
        status: { name: 'PENDING', reasons: ['PENDING_EMAIL_VERIFICATION_REQUIRED'] },
      },
    });
    expect(body).not.toHaveProperty('sessionToken');
    // Until verified, login asks for verification again (with a new code).
    const again = await login(email, 'secret123');
    expect(again.json().state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const verified = await post(t, '/v1/auth/verify', {
      code: await mailboxCode(t, email),
      stateToken: again.json().stateToken,
    });
    expect(verified.json()).toMatchObject({
      state: 'SUCCESS',
      identity: { email: { isVerified: true }, status: { name: 'ACTIVE', reasons: [] } },
    });
    const events = await listEntityEvents(t.database.db, 'member', body.identity.id);
    expect(events.map((event) => event.type)).toEqual([
      'identity.member.created',
      'identity.member.email_verified',
    ]);
  });

  it('succeeds at once when the store does not ask for verification', async () => {
    await setSettings(t, owner, { requireEmailVerification: false });
    try {
      const reply = await register({ loginId: { email: uniqueEmail() }, password: 'secret123' });
      expect(reply.json()).toMatchObject({
        state: 'SUCCESS',
        sessionToken: expect.stringMatching(/^oss_/),
        identity: { status: { name: 'ACTIVE' } },
      });
    } finally {
      await setSettings(t, owner, { requireEmailVerification: true });
    }
  });

  it('waits for the owner when the store requires approval; the owner approves in the admin API', async () => {
    await setSettings(t, owner, { requireEmailVerification: false, requireOwnerApproval: true });
    try {
      const email = uniqueEmail();
      const reply = await register({ loginId: { email }, password: 'secret123' });
      expect(reply.json()).toMatchObject({
        state: 'REQUIRE_OWNER_APPROVAL',
        identity: { status: { name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] } },
      });
      expect((await login(email, 'secret123')).json().state).toBe('REQUIRE_OWNER_APPROVAL');
      const id = reply.json().identity.id;
      expect((await post(t, `/admin-api/v1/members/${id}/approve`, {})).statusCode).toBe(401);
      const approved = await post(t, `/admin-api/v1/members/${id}/approve`, {}, owner);
      expect(approved.json().identity.status).toEqual({ name: 'ACTIVE', reasons: [] });
      expect((await login(email, 'secret123')).json().state).toBe('SUCCESS');
    } finally {
      await setSettings(t, owner, { requireEmailVerification: true, requireOwnerApproval: false });
    }
  });

  it('answers a taken e-mail with -19995 (409), even for concurrent sign-ups of one address', async () => {
    const email = uniqueEmail();
    const replies = await Promise.all(
      [1, 2, 3].map(() => register({ loginId: { email }, password: 'secret123' })),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const refused = replies.find((reply) => reply.statusCode === 409)!.json();
    expect(refused.details.applicationError.code).toBe('-19995');
    expect(typeof refused.details.applicationError.code).toBe('string');
  });

  it('reports an invalid e-mail on loginId.email with data.type EMAIL, and the password policy, every violation with data', async () => {
    const bad = await register({ loginId: { email: 'not-an-email' }, password: 'secret123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.validationError.fieldViolations).toEqual([
      expect.objectContaining({ field: 'loginId.email', violatedRule: 'FORMAT', data: { type: 'EMAIL' } }),
    ]);
    const short = await register({ loginId: { email: uniqueEmail() }, password: 'short' });
    expect(short.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'password',
      violatedRule: 'MIN_LENGTH',
      data: { threshold: 8 },
    });
    const schema = await register({
      loginId: { email: uniqueEmail() },
      password: 'secret123',
      profile: { addresses: [{ address: 'x' }], customFields: [{}] },
    });
    expect(schema.statusCode).toBe(400);
    for (const violation of schema.json().details.validationError.fieldViolations)
      expect(violation.data).toBeDefined();
  });

  it('keeps the profile: custom fields (numbers incl. NaN, dates) and addresses with street', async () => {
    await setSettings(t, owner, { requireEmailVerification: false });
    try {
      const reply = await register({
        loginId: { email: uniqueEmail() },
        password: 'secret123',
        profile: {
          firstName: 'Ada',
          customFields: [
            { name: 'shoeSize', value: { numValue: 42.5 } },
            { name: 'odd', value: { numValue: 'NaN' } },
            { name: 'birthday', value: { dateValue: '1990-05-01T00:00:00.000Z' } },
          ],
          addresses: [
            {
              tag: 'HOME',
              address: {
                addressLine1: '1 Main St',
                addressLine2: 'Flat 2',
                streetAddress: { name: 'Main St', number: '1', apt: '2' },
                city: 'Springfield',
                country: 'US',
                postalCode: '12345',
              },
            },
          ],
        },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().identity.identityProfile).toMatchObject({
        firstName: 'Ada',
        customFields: [
          { name: 'shoeSize', value: { numValue: 42.5 } },
          { name: 'odd', value: { numValue: 'NaN' } },
          { name: 'birthday', value: { dateValue: '1990-05-01T00:00:00.000Z' } },
        ],
        addresses: [
          {
            tag: 'HOME',
            address: {
              addressLine: '1 Main St',
              addressLine2: 'Flat 2',
              streetAddress: { name: 'Main St', number: '1', apt: '2' },
              city: 'Springfield',
            },
          },
        ],
      });
    } finally {
      await setSettings(t, owner, { requireEmailVerification: true });
    }
  });
});

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
    const stop = onVisitorBecameMember(({ visitorId, memberId }) => {
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
    const stop = onVisitorBecameMember(() => {
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
