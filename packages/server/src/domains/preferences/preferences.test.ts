import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  memberTokens,
  registerMember,
  setSettings,
  uniqueEmail,
  visitorTokens,
} from '../../testing/identity.js';
import { createTestApp, memberToken, merchantKey, type TestApp, visitorToken } from '../../testing/index.js';
import { movePreferencesToMember, updatePreferences } from './preferences.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PATH = '/_api/preferences/v1/preferences/current';
const read = (token?: string) => t.app.inject({ url: PATH, headers: token ? { authorization: token } : {} });
const save = (token: string, preferences: object) =>
  t.app.inject({ method: 'PATCH', url: PATH, headers: { authorization: token }, payload: { preferences } });

describe('communication preferences (/_api/preferences/v1/preferences/current)', () => {
  it('starts with everything off, saves only the choices sent, and keeps each shopper apart', async () => {
    const visitor = visitorToken('v-prefs');
    const fresh = await read(visitor);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().preferences).toEqual({
      marketingEmails: { optIn: false },
      cookieConsent: { analytics: false, marketing: false },
    });
    const saved = await save(visitor, {
      marketingEmails: { optIn: true },
      cookieConsent: { analytics: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences).toMatchObject({
      marketingEmails: { optIn: true },
      cookieConsent: { analytics: true, marketing: false },
      updatedDate: expect.any(String),
    });
    await save(visitor, { cookieConsent: { marketing: true } });
    expect((await read(visitor)).json().preferences).toMatchObject({
      marketingEmails: { optIn: true },
      cookieConsent: { analytics: true, marketing: true },
    });
    expect((await read(visitorToken('v-other'))).json().preferences.marketingEmails.optIn).toBe(false);
    expect((await read(memberToken('m-prefs'))).json().preferences.marketingEmails.optIn).toBe(false);
  });

  it('refuses anonymous callers and bad input with a 4xx naming the field', async () => {
    expect((await read()).statusCode).toBe(401);
    const bad = await save(visitorToken('v-bad'), { marketingEmails: { optIn: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.validationError.fieldViolations[0].field).toBe(
      'preferences.marketingEmails.optIn',
    );
    const unknown = await save(visitorToken('v-bad'), { smsOptIn: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'preferences.smsOptIn',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
  });

  it("a visitor's newer choices follow them to the member they become; older ones do not override", async () => {
    const db = t.database.db;
    await updatePreferences(db, 'member:m-old', { marketingEmails: true }, new Date('2026-01-01T00:00:00Z'));
    await updatePreferences(
      db,
      'visitor:v-new',
      { analyticsCookies: true },
      new Date('2026-02-01T00:00:00Z'),
    );
    await db.transaction((tx) => movePreferencesToMember(tx, { visitorId: 'v-new', memberId: 'm-old' }));
    expect((await read(memberToken('m-old'))).json().preferences).toMatchObject({
      marketingEmails: { optIn: false },
      cookieConsent: { analytics: true },
    });
    expect((await read(visitorToken('v-new'))).json().preferences.cookieConsent.analytics).toBe(false);

    await updatePreferences(
      db,
      'visitor:v-stale',
      { marketingEmails: true },
      new Date('2025-01-01T00:00:00Z'),
    );
    await db.transaction((tx) => movePreferencesToMember(tx, { visitorId: 'v-stale', memberId: 'm-old' }));
    expect((await read(memberToken('m-old'))).json().preferences.marketingEmails.optIn).toBe(false);
  });

  it('moves them when the visitor signs up (the login hook)', async () => {
    const owner = await merchantKey(t.database);
    const { clientId } = await createClient(t, owner);
    await setSettings(t, owner, { requireEmailVerification: false });
    const visitor = (await visitorTokens(t, clientId)).access_token;
    await save(visitor, { marketingEmails: { optIn: true } });
    const { sessionToken } = await registerMember(t, { email: uniqueEmail('prefs'), visitorToken: visitor });
    const member = await memberTokens(t, { clientId, sessionToken });
    expect((await read(member.access_token)).json().preferences.marketingEmails.optIn).toBe(true);
  });
});
