import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberTokens, post } from '../../../testing/identity.js';
import { merchantKey, type TestApp } from '../../../testing/index.js';
import { type ClockedMfaApp, login, PASSWORD, startClockedMfaApp } from '../../../testing/second-factors.js';
import { outboxEvents } from '../../events/events.schema.js';
import { memberFactors, recoveryCodes } from '../identity.schema.js';
import { currentTotpCode } from './totp.rules.js';

// The store's way back for a member who lost every second factor (issue #37): staff turn the factors off
// from the admin, the member signs in with the password alone, every session ends, the recovery codes go,
// the member is e-mailed and the change is recorded with who made it.

let s: ClockedMfaApp;
let t: TestApp;
let staffKey: string;
let ownerKey: string;
let appKey: string;
beforeAll(async () => {
  s = await startClockedMfaApp();
  t = s.t;
  staffKey = await merchantKey(t.database, 'staff');
  ownerKey = await merchantKey(t.database, 'owner');
  appKey = await merchantKey(t.database, 'app');
});
afterAll(() => s.close());

const path = (memberId: string) => `/admin-api/v1/members/${encodeURIComponent(memberId)}/second-factors`;
const turnOff = (memberId: string, key = staffKey) =>
  t.app.inject({ method: 'DELETE', url: path(memberId), headers: { authorization: key } });
const factorsOf = (memberId: string, key = staffKey) =>
  t.app.inject({ url: path(memberId), headers: { authorization: key } });
const mailsTo = async (email: string) =>
  (await t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json().messages as {
    subject: string;
    text: string;
    html: string;
  }[];
const recoveryStatus = (token: string) =>
  t.app.inject({ url: '/_api/iam/factors/v1/recovery-codes', headers: { authorization: token } });

describe('turning a member’s second factors off from the admin', () => {
  it('shows which factors are on and the codes left, never a secret', async () => {
    const member = await s.member(['TOTP', 'EMAIL']);
    const reply = await factorsOf(member.memberId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      secondFactors: { authenticatorApp: true, emailCodes: true, recoveryCodesLeft: 10 },
    });
    expect(reply.body).not.toContain(member.secret);
    const plain = await s.member([]);
    expect((await factorsOf(plain.memberId)).json().secondFactors).toEqual({
      authenticatorApp: false,
      emailCodes: false,
      recoveryCodesLeft: 0,
    });
  });

  it('lets a locked-out member in with the password alone, ends their sessions, deletes the codes and tells them', async () => {
    const member = await s.member(['TOTP']);
    expect((await login(t, member.email)).json().state).toBe('REQUIRE_MFA');
    expect((await recoveryStatus(member.accessToken)).statusCode).toBe(200);

    const reply = await turnOff(member.memberId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      changed: true,
      turnedOff: ['TOTP'],
      recoveryCodesDeleted: 10,
      sessionsEnded: 1,
      secondFactors: { authenticatorApp: false, emailCodes: false, recoveryCodesLeft: 0 },
    });
    expect(reply.json().message).toContain('can now sign in with the password alone');

    // The password alone signs in; the session the member had is over.
    const signedIn = await login(t, member.email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ state: 'SUCCESS', sessionToken: expect.stringMatching(/^oss_/) });
    expect((await recoveryStatus(member.accessToken)).statusCode).toBe(401);
    const db = t.database.db;
    expect(
      await db.select().from(memberFactors).where(eq(memberFactors.identityId, member.memberId)),
    ).toEqual([]);
    expect(
      await db.select().from(recoveryCodes).where(eq(recoveryCodes.identityId, member.memberId)),
    ).toEqual([]);

    // The member is told, with what to do if they did not ask for it (both parts of the e-mail).
    const mail = (await mailsTo(member.email)).find((m) => m.subject.includes('turned off'));
    expect(mail?.subject).toMatch(/turned off the second sign-in step of your account$/);
    const text = mail?.text.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('You can now log in with your password alone.');
    expect(text).toContain('If you did not ask for this');
    expect(text).toContain('/forgot-password');
    expect(text).toContain('/account/security');
    expect(mail?.html).toContain('Reset the password');

    // Recorded with the staff key that did it, as other security changes are.
    const [event] = await db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'identity.member.second_factors_reset'));
    expect(event).toMatchObject({
      entityType: 'member',
      entityId: member.memberId,
      payload: { id: member.memberId, factorTypes: ['TOTP'], recoveryCodesDeleted: 10 },
      actor: { identityType: 'WIX_USER', id: expect.any(String) },
    });
  });

  it('turns e-mail codes off too, and the member can set up a new authenticator app afterwards', async () => {
    const member = await s.member(['TOTP', 'EMAIL']);
    const reply = await turnOff(member.memberId, ownerKey);
    expect(reply.statusCode, reply.body).toBe(200);
    expect([...reply.json().turnedOff].sort()).toEqual(['EMAIL', 'TOTP']);
    const signedIn = await login(t, member.email);
    expect(signedIn.json().state).toBe('SUCCESS');
    const { access_token: token } = await memberTokens(t, {
      clientId: s.clientId,
      sessionToken: signedIn.json().sessionToken,
    });
    const { secret } = (await post(t, '/_api/iam/factors/v1/totp/enroll', {}, token)).json();
    const activated = await post(
      t,
      '/_api/iam/factors/v1/totp/activate',
      { code: currentTotpCode(secret, s.now()) },
      token,
    );
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().recoveryCodes).toHaveLength(10);
    expect((await factorsOf(member.memberId)).json().secondFactors).toEqual({
      authenticatorApp: true,
      emailCodes: false,
      recoveryCodesLeft: 10,
    });
    expect((await login(t, member.email)).json().state).toBe('REQUIRE_MFA');
  });

  it('is idempotent: a member with no factor answers that nothing changed, and nothing is sent', async () => {
    const member = await s.member(['TOTP']);
    expect((await turnOff(member.memberId)).json().changed).toBe(true);
    const mailsBefore = (await mailsTo(member.email)).length;
    const again = await turnOff(member.memberId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      changed: false,
      turnedOff: [],
      recoveryCodesDeleted: 0,
      sessionsEnded: 0,
      message: 'This member has no second factor on: nothing was changed.',
    });
    expect((await mailsTo(member.email)).length).toBe(mailsBefore);
    // The password still works, of course.
    expect((await login(t, member.email, { password: PASSWORD })).json().state).toBe('SUCCESS');
  });

  it('answers 404 with the protocol’s error for an unknown member', async () => {
    for (const reply of [await turnOff('no-such-member'), await factorsOf('no-such-member')]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({
        message: 'Identity not found',
        details: { applicationError: { code: 'IDENTITY_NOT_FOUND' } },
      });
    }
  });

  it('is for the store’s people only: an app key gets 403, a shopper 403, no credentials 401, and nothing changes', async () => {
    const member = await s.member(['TOTP']);
    const anonymous = await t.app.inject({ method: 'DELETE', url: path(member.memberId) });
    expect(anonymous.statusCode).toBe(401);
    expect((await turnOff(member.memberId, appKey)).statusCode).toBe(403);
    expect((await factorsOf(member.memberId, appKey)).statusCode).toBe(403);
    expect((await turnOff(member.memberId, member.accessToken)).statusCode).toBe(403);
    expect((await factorsOf(member.memberId)).json().secondFactors.authenticatorApp).toBe(true);
    expect((await login(t, member.email)).json().state).toBe('REQUIRE_MFA');
  });
});
