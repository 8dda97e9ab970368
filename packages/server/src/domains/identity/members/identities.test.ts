import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  memberTokens,
  post,
  registerMember,
  token,
  uniqueEmail,
  visitorTokens,
} from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';

let t: TestApp;
let owner: string;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  owner = await merchantKey(t.database);
  ({ clientId } = await createClient(t, owner));
});
afterAll(() => t.close());

async function member(profile: Record<string, unknown> = {}) {
  const { sessionToken, memberId } = await registerMember(t, { email: uniqueEmail(), profile });
  return { memberId, tokens: await memberTokens(t, { clientId, sessionToken }) };
}
const get = (url: string, authorization?: string) =>
  t.app.inject({ url, headers: authorization ? { authorization } : {} });
const patchMe = (authorization: string, identity: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: '/_api/iam/identity/v1/identities/me',
    headers: { authorization },
    payload: { identity },
  });

describe('identities', () => {
  it('lets a member read their own identity, but not another member’s', async () => {
    const alice = await member({ firstName: 'Alice' });
    const bob = await member({ firstName: 'Bob' });
    const me = await get('/_api/iam/identity/v1/identities/me', alice.tokens.access_token);
    expect(me.json().identity).toMatchObject({ id: alice.memberId, identityProfile: { firstName: 'Alice' } });
    expect(
      (await get(`/_api/iam/identity/v1/identities/${alice.memberId}`, alice.tokens.access_token)).statusCode,
    ).toBe(200);
    const other = await get(`/_api/iam/identity/v1/identities/${bob.memberId}`, alice.tokens.access_token);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('Bob');
    expect((await get(`/_api/iam/identity/v1/identities/${bob.memberId}`)).statusCode).toBe(401);
    const visitor = await visitorTokens(t, clientId);
    expect(
      (await get(`/_api/iam/identity/v1/identities/${bob.memberId}`, visitor.access_token)).statusCode,
    ).toBe(403);
    expect(
      (await get(`/_api/iam/identity/v1/identities/${bob.memberId}`, owner)).json().identity.identityProfile
        .firstName,
    ).toBe('Bob');
  });

  it('updates the own profile with optimistic concurrency (revision)', async () => {
    const alice = await member({ nickname: 'al' });
    const updated = await patchMe(alice.tokens.access_token, {
      revision: '1',
      identityProfile: {
        nickname: 'ally',
        customFields: [
          { name: 'points', value: { numValue: '7' } },
          { name: 'since', value: { dateValue: '2020-01-01T00:00:00Z' } },
        ],
        addresses: [
          {
            address: {
              addressLine: '2 Side St',
              streetAddress: { name: 'Side St', number: '2' },
              country: 'GB',
            },
          },
        ],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().identity).toMatchObject({
      revision: '2',
      identityProfile: {
        nickname: 'ally',
        customFields: [
          { name: 'points', value: { numValue: 7 } },
          { name: 'since', value: { dateValue: '2020-01-01T00:00:00.000Z' } },
        ],
        addresses: [
          {
            tag: 'UNTAGGED',
            address: {
              addressLine: '2 Side St',
              streetAddress: { name: 'Side St', number: '2' },
              country: 'GB',
            },
          },
        ],
      },
    });
    const stale = await patchMe(alice.tokens.access_token, {
      revision: '1',
      identityProfile: { nickname: 'late' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details.applicationError).toMatchObject({
      code: 'REVISION_CONFLICT',
      data: { currentRevision: '2' },
    });
    const bad = await patchMe(alice.tokens.access_token, { identityProfile: { emails: ['nope'] } });
    expect(bad.json().details.validationError.fieldViolations[0].field).toBe(
      'identity.identityProfile.emails[0]',
    );
  });

  it('merges a change into the profile: what it names is replaced or cleared (null), the rest is kept', async () => {
    const carol = await member({ firstName: 'Carol', lastName: 'King', phones: ['+1 555 0100'] });
    const address = {
      addressLine: '5 Lake Rd',
      city: 'Oslo',
      country: 'NO',
      postalCode: '0150',
      formattedAddress: '5 Lake Rd, 0150 Oslo, Norway',
      geocode: { latitude: 59.9139, longitude: 10.7522 },
    };
    const changed = await patchMe(carol.tokens.access_token, {
      identityProfile: { nickname: 'carol', addresses: [{ tag: 'SHIPPING', address }] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().identity.identityProfile).toMatchObject({
      firstName: 'Carol',
      lastName: 'King',
      nickname: 'carol',
      phones: ['+1 555 0100'],
      addresses: [{ tag: 'SHIPPING', address }],
    });
    const cleared = await patchMe(carol.tokens.access_token, {
      identityProfile: { lastName: null, phones: [] },
    });
    const profile = cleared.json().identity.identityProfile;
    expect(profile).toMatchObject({ firstName: 'Carol', nickname: 'carol', phones: [] });
    expect(profile).not.toHaveProperty('lastName');
    expect(profile.addresses[0].address.geocode).toEqual(address.geocode);
    const read = (await get('/_api/iam/identity/v1/identities/me', carol.tokens.access_token)).json();
    expect(read.identity.identityProfile).toEqual(profile);
  });
});

describe('member administration', () => {
  it('lists members by status and blocks one: their tokens stop working at once', async () => {
    const carol = await member({ firstName: 'Carol' });
    const list = await get('/admin-api/v1/members?status=ACTIVE&limit=100', owner);
    expect(list.statusCode).toBe(200);
    expect(list.json().members.map((m: { id: string }) => m.id)).toContain(carol.memberId);
    expect(list.json().metadata).toMatchObject({ offset: 0, tooManyToCount: false });
    expect((await get('/admin-api/v1/members', carol.tokens.access_token)).statusCode).toBe(403);

    const blocked = await post(t, `/admin-api/v1/members/${carol.memberId}/block`, {}, owner);
    expect(blocked.json().identity.status.name).toBe('BLOCKED');
    expect((await get('/_api/iam/identity/v1/identities/me', carol.tokens.access_token)).statusCode).toBe(
      401,
    );
    expect(
      (await token(t, { clientId, grantType: 'refresh_token', refreshToken: carol.tokens.refresh_token }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(t, `/admin-api/v1/members/${carol.memberId}/unblock`, {}, owner)).json().identity.status
        .name,
    ).toBe('ACTIVE');
  });

  it('deletes a member: the address is free again and the profile is erased', async () => {
    const email = uniqueEmail('leaving');
    const { memberId } = await registerMember(t, { email, profile: { firstName: 'Dan' } });
    expect(
      (await post(t, `/admin-api/v1/members/${memberId}/delete`, {}, await merchantKey(t.database, 'staff')))
        .statusCode,
    ).toBe(403);
    const deleted = await post(t, `/admin-api/v1/members/${memberId}/delete`, {}, owner);
    expect(deleted.json().identity).toMatchObject({
      status: { name: 'DELETED' },
      identityProfile: { emails: [] },
    });
    expect(deleted.json().identity.identityProfile.firstName).toBeUndefined();
    expect(
      (await post(t, '/_api/iam/authentication/v2/login', { loginId: { email }, password: 'secret123' }))
        .statusCode,
    ).toBe(401);
    expect((await registerMember(t, { email })).memberId).not.toBe(memberId);
    expect((await post(t, `/admin-api/v1/members/${memberId}/unblock`, {}, owner)).statusCode).toBe(409);
  });
});
