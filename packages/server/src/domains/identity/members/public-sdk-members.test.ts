import { members } from '@wix/members';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient as createOAuthClient,
  memberTokens,
  registerMember,
  uniqueEmail,
  visitorTokens,
} from '../../../testing/identity.js';
import { merchantKey, type TestApp } from '../../../testing/index.js';
import { listeningTestApp, routeWixSdkTo } from '../../../testing/wix-sdk.js';

// The unchanged public @wix/members client, as Wix's headless templates use it after a login: the
// current member, one's own profile, slug and community membership, and others' public profiles.
let t: TestApp;
let owner: string;
let clientId: string;
let restoreFetch: () => void = () => {};

beforeAll(async () => {
  const listening = await listeningTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  t = listening.t;
  owner = await merchantKey(t.database);
  ({ clientId } = await createOAuthClient(t, owner));
  restoreFetch = routeWixSdkTo(listening.base);
});
afterAll(async () => {
  restoreFetch();
  await t?.close();
});

const as = (authorization: string) =>
  createClient({
    modules: { members },
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: authorization } }) },
  });

async function signedIn(profile: Record<string, unknown>) {
  const email = uniqueEmail('members');
  const { sessionToken, memberId } = await registerMember(t, { email, profile });
  const tokens = await memberTokens(t, { clientId, sessionToken });
  return { email, memberId, wix: as(tokens.access_token) };
}

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('@wix/members against this server', () => {
  it('reads the current member in each fieldset, and refuses a visitor', async () => {
    const { email, memberId, wix } = await signedIn({
      firstName: 'Dana',
      lastName: 'Scully',
      nickname: 'dana',
    });
    const publicView = (await wix.members.getCurrentMember()).member;
    expect(publicView).toMatchObject({
      _id: memberId,
      contactId: memberId,
      profile: { nickname: 'dana', slug: memberId },
      status: 'UNKNOWN',
    });
    expect(publicView).not.toHaveProperty('loginEmail');
    expect(publicView?._createdDate).toBeInstanceOf(Date);
    const full = (await wix.members.getCurrentMember({ fieldsets: [members.Set.FULL] })).member;
    expect(full).toMatchObject({
      loginEmail: email,
      status: 'APPROVED',
      privacyStatus: 'PRIVATE',
      activityStatus: 'ACTIVE',
      contact: { firstName: 'Dana', lastName: 'Scully', phones: [], addresses: [] },
    });
    const visitor = as((await visitorTokens(t, clientId)).access_token);
    const refused = await errorOf(visitor.members.getCurrentMember());
    expect(refused).toMatchObject({ details: { applicationError: { code: expect.any(String) } } });
    expect(
      (refused as { details: { applicationError: { code: string } } }).details.applicationError.code,
    ).not.toBe('INTERNAL');
  });

  it('updates the own contact and profile, merging what it does not name, and refuses fields it cannot keep', async () => {
    const { memberId, wix } = await signedIn({
      firstName: 'Fox',
      lastName: 'Mulder',
      phones: ['+1 555 0199'],
    });
    const updated = await wix.members.updateMember(memberId, {
      contact: {
        company: 'FBI',
        addresses: [
          { addressLine: '2630 Hegal Place', city: 'Alexandria', country: 'US', postalCode: '22314' },
        ],
      },
      profile: { nickname: 'spooky', title: 'Agent' },
    });
    expect(updated).toMatchObject({
      contact: {
        firstName: 'Fox',
        lastName: 'Mulder',
        phones: ['+1 555 0199'],
        company: 'FBI',
        addresses: [
          { addressLine: '2630 Hegal Place', city: 'Alexandria', country: 'US', postalCode: '22314' },
        ],
      },
      profile: { nickname: 'spooky', title: 'Agent' },
    });
    const refused = await errorOf(wix.members.updateMember(memberId, { loginEmail: 'other@example.com' }));
    expect(refused).toMatchObject({
      details: {
        validationError: {
          fieldViolations: [expect.objectContaining({ violatedRule: 'FIELD_NOT_ALLOWED' })],
        },
      },
    });
    const other = await signedIn({ firstName: 'Other' });
    const notYours = await errorOf(wix.members.updateMember(other.memberId, { profile: { nickname: 'x' } }));
    expect(
      (notYours as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code,
    ).toBeDefined();
    expect((await other.wix.members.getCurrentMember()).member?.profile?.nickname).toBe('Other');
  });

  it('sets a unique slug, and lists to others only members who joined the community', async () => {
    const alice = await signedIn({ nickname: 'alice' });
    const bob = await signedIn({ nickname: 'bob' });
    const slug = `alice-${Date.now().toString(36)}`;
    expect((await alice.wix.members.updateCurrentMemberSlug(slug)).member?.profile?.slug).toBe(slug);
    const taken = await errorOf(bob.wix.members.updateCurrentMemberSlug(slug));
    expect(taken).toMatchObject({ details: { applicationError: { code: 'SLUG_ALREADY_EXISTS' } } });
    const badSlug = await errorOf(bob.wix.members.updateCurrentMemberSlug('Not A Slug'));
    expect(badSlug).toMatchObject({ details: { validationError: expect.anything() } });

    // Private by default: another member sees neither Alice's profile nor Alice in the list.
    const hidden = await errorOf(bob.wix.members.getMember(alice.memberId));
    expect(hidden).toMatchObject({ details: { applicationError: { code: 'MEMBER_NOT_FOUND' } } });
    await alice.wix.members.joinCommunity();
    const seen = await bob.wix.members.getMember(alice.memberId);
    expect(seen).toMatchObject({ _id: alice.memberId, profile: { nickname: 'alice', slug } });
    expect(seen).not.toHaveProperty('loginEmail');
    // Asking for more of someone else gets their public profile only, as on the platform.
    const asked = await bob.wix.members.getMember(alice.memberId, { fieldsets: [members.Set.FULL] });
    expect(asked).toMatchObject({ _id: alice.memberId, status: 'UNKNOWN' });
    expect(asked).not.toHaveProperty('contact');

    const listed = await bob.wix.members.queryMembers().eq('profile.slug', slug).find();
    expect(listed.items.map((m) => m._id)).toEqual([alice.memberId]);
    const listedIds = (await bob.wix.members.listMembers({ paging: { limit: 100 } })).members?.map(
      (m) => m._id,
    );
    expect(listedIds).toContain(alice.memberId);
    expect(listedIds).not.toContain(bob.memberId);
    // Paging and sorting, sent as the client sends them (`.r`), are applied, not ignored.
    await bob.wix.members.joinCommunity();
    const newest = await bob.wix.members.listMembers({
      paging: { limit: 1 },
      sorting: [{ fieldName: 'createdDate', order: members.SortOrder.DESC }],
    });
    expect(newest.members?.map((m) => m._id)).toEqual([bob.memberId]);
    const firstTwo = await bob.wix.members.queryMembers().limit(2).find();
    expect(firstTwo.items.map((m) => m.profile?.nickname)).toEqual(['bob', 'alice']);
    await bob.wix.members.leaveCommunity();

    await alice.wix.members.leaveCommunity();
    expect((await bob.wix.members.queryMembers().eq('profile.slug', slug).find()).items).toEqual([]);
    // The store sees everyone, with their login e-mail.
    const store = as(owner);
    const all = await store.members
      .queryMembers({ fieldsets: [members.Set.FULL] })
      .eq('loginEmail', alice.email)
      .find();
    expect(all.items).toMatchObject([
      { _id: alice.memberId, loginEmail: alice.email, privacyStatus: 'PRIVATE' },
    ]);
    expect(await errorOf(store.members.getMember('00000000-0000-0000-0000-000000000000'))).toMatchObject({
      details: { applicationError: { code: 'MEMBER_NOT_FOUND' } },
    });
  });
});
