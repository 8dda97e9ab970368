import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxCode, post, setSettings, uniqueEmail } from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { listEntityEvents } from '../../events/events.service.js';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await merchantKey(t.database);
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
