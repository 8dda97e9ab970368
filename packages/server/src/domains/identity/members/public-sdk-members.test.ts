import { members } from '@wix/members';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient as createOAuthClient,
  SHOP_CALLBACK,
  SHOP_ORIGIN,
  uniqueEmail,
  visitorTokens,
} from '../../../testing/identity.js';
import { merchantKey, type TestApp } from '../../../testing/index.js';
import { listeningTestApp, routeWixSdkTo } from '../../../testing/wix-sdk.js';

// The unchanged public @wix/members client, as Wix's headless templates use it after a login: the
// current member, one's own profile, slug and community membership, and others' public profiles — and
// the store's calls, with its API keys.
let t: TestApp;
let base: string;
let owner: string;
let appKey: string;
let clientId: string;
let restoreFetch: () => void = () => {};

beforeAll(async () => {
  const listening = await listeningTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  ({ t, base } = listening);
  owner = await merchantKey(t.database);
  appKey = await merchantKey(t.database, 'app');
  ({ clientId } = await createOAuthClient(t, owner));
  restoreFetch = routeWixSdkTo(base);
});
afterAll(async () => {
  restoreFetch();
  await t?.close();
});

/** A client sending a fixed Authorization header: a store API key, or a visitor's access token. */
const withKey = (authorization: string) =>
  createClient({
    modules: { members },
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: authorization } }) },
  });

/** Signs a new member up and in through the public OAuthStrategy, as a headless app does. */
async function signedIn(profile: {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  phones?: string[];
}) {
  const email = uniqueEmail('members');
  const password = 'correct horse 1';
  const strategy = OAuthStrategy({ clientId });
  strategy.setTokens(await strategy.generateVisitorTokens());
  const registered = await strategy.register({ email, password, profile });
  expect(registered.loginState).toBe('SUCCESS');
  const { sessionToken } = (registered as unknown as { data: { sessionToken: string } }).data;
  const oauthData = strategy.generateOAuthData(SHOP_CALLBACK, `${SHOP_ORIGIN}/account`);
  const { authUrl } = await strategy.getAuthUrl(oauthData, { prompt: 'none', sessionToken } as Parameters<
    typeof strategy.getAuthUrl
  >[1]);
  const page = await fetch(authUrl, { redirect: 'manual' });
  const { code, state } = strategy.parseFromUrl(page.headers.get('location') as string);
  const tokens = await strategy.getMemberTokens(code as string, state as string, oauthData);
  strategy.setTokens(tokens);
  const memberId = decodeJwt(tokens.accessToken.value).mid as string;
  return { email, memberId, tokens, wix: createClient({ modules: { members }, auth: strategy }) };
}

type WixError = {
  details?: {
    applicationError?: { code?: string; description?: string; data?: Record<string, unknown> };
    validationError?: { fieldViolations?: { field?: string; violatedRule?: string }[] };
  };
};
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    (value) => {
      throw new Error(`expected a refusal, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error as WixError,
  );
const codeOf = async (promise: Promise<unknown>) => (await errorOf(promise)).details?.applicationError?.code;
const violationsOf = async (promise: Promise<unknown>) =>
  (await errorOf(promise)).details?.validationError?.fieldViolations?.map((v) => [v.field, v.violatedRule]);

describe('@wix/members against this server', () => {
  it('reads the current member in each fieldset; visitors and store keys have no current member', async () => {
    const tag = Date.now().toString(36);
    const { email, memberId, wix } = await signedIn({
      firstName: 'Dana',
      lastName: 'Scully',
      nickname: `Dana ${tag}`,
    });
    const publicView = (await wix.members.getCurrentMember()).member;
    expect(publicView).toMatchObject({
      _id: memberId,
      contactId: memberId,
      // The slug is derived from the nickname at sign-up, as the platform does.
      profile: { nickname: `Dana ${tag}`, slug: `dana-${tag}` },
      status: 'UNKNOWN',
      privacyStatus: 'UNKNOWN',
    });
    expect(publicView).not.toHaveProperty('loginEmail');
    expect(publicView).not.toHaveProperty('contact');
    expect(publicView?._createdDate).toBeInstanceOf(Date);
    const extended = (await wix.members.getCurrentMember({ fieldsets: [members.Set.EXTENDED] })).member;
    expect(extended).toMatchObject({ loginEmail: email, status: 'APPROVED', privacyStatus: 'PRIVATE' });
    expect(extended).not.toHaveProperty('contact');
    const full = (await wix.members.getCurrentMember({ fieldsets: [members.Set.FULL] })).member;
    expect(full).toMatchObject({
      loginEmail: email,
      status: 'APPROVED',
      privacyStatus: 'PRIVATE',
      activityStatus: 'ACTIVE',
      contact: { firstName: 'Dana', lastName: 'Scully', phones: [], addresses: [] },
    });

    // The same nickname again: the next free slug.
    const twin = await signedIn({ nickname: `Dana ${tag}` });
    expect((await twin.wix.members.getCurrentMember()).member?.profile?.slug).toBe(`dana-${tag}-2`);

    const visitor = withKey((await visitorTokens(t, clientId)).access_token);
    expect(await codeOf(visitor.members.getCurrentMember())).toBe('NOT_FOUND');
    expect(await codeOf(withKey(owner).members.getCurrentMember())).toBe('NOT_FOUND');
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
        birthdate: '1961-10-13',
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
        birthdate: '1961-10-13',
        addresses: [
          { addressLine: '2630 Hegal Place', city: 'Alexandria', country: 'US', postalCode: '22314' },
        ],
      },
      profile: { nickname: 'spooky', title: 'Agent', slug: 'fox-mulder' },
    });
    expect(
      await violationsOf(wix.members.updateMember(memberId, { loginEmail: 'other@example.com' })),
    ).toEqual([['member.loginEmail', 'FIELD_NOT_ALLOWED']]);
    expect(
      await violationsOf(
        wix.members.updateMember(memberId, { profile: { cover: { url: 'https://x.test/c.png' } } }),
      ),
    ).toEqual([['member.profile.cover', 'FIELD_NOT_ALLOWED']]);
    expect(
      await violationsOf(wix.members.updateMember(memberId, { contact: { birthdate: '13/10/1961' } })),
    ).toEqual([['identity.identityProfile.birthdate', 'FORMAT']]);
    // Nothing of the refused changes was kept.
    const after = (await wix.members.getCurrentMember({ fieldsets: [members.Set.FULL] })).member;
    expect(after).toMatchObject({ contact: { birthdate: '1961-10-13' } });
    expect(after?.profile).not.toHaveProperty('cover');

    // Clearing the phones keeps everything else.
    const cleared = await wix.members.deleteMemberPhones(memberId);
    expect(cleared.member).toMatchObject({ contact: { phones: [], firstName: 'Fox', company: 'FBI' } });

    // The store may clear any member's list.
    const noEmails = await withKey(owner).members.deleteMemberEmails(memberId);
    expect(noEmails.member).toMatchObject({ contact: { emails: [], lastName: 'Mulder' } });

    // Member B can neither change nor clear A's contact; A is unchanged.
    const other = await signedIn({ firstName: 'Other' });
    expect(await codeOf(other.wix.members.updateMember(memberId, { profile: { nickname: 'x' } }))).toBe(
      'PERMISSION_DENIED',
    );
    expect(await codeOf(other.wix.members.deleteMemberAddresses(memberId))).toBe('PERMISSION_DENIED');
    expect((await wix.members.getCurrentMember()).member?.profile?.nickname).toBe('spooky');
    expect(
      (await wix.members.getCurrentMember({ fieldsets: [members.Set.FULL] })).member?.contact?.addresses,
    ).toHaveLength(1);
  });

  it('PATCH /identities/me with a nickname and an address keeps the names and the geocode', async () => {
    const { tokens, wix } = await signedIn({ firstName: 'Walter', lastName: 'Skinner' });
    const address = {
      addressLine: '935 Pennsylvania Ave NW',
      city: 'Washington',
      country: 'US',
      postalCode: '20535',
      formattedAddress: '935 Pennsylvania Ave NW, Washington, DC 20535',
      geocode: { latitude: 38.8951, longitude: -77.0246 },
    };
    const reply = await fetch(`${base}/_api/iam/identity/v1/identities/me`, {
      method: 'PATCH',
      headers: { authorization: tokens.accessToken.value, 'content-type': 'application/json' },
      body: JSON.stringify({ identity: { identityProfile: { nickname: 'AD', addresses: [{ address }] } } }),
    });
    expect(reply.status).toBe(200);
    const profile = ((await reply.json()) as { identity: { identityProfile: Record<string, unknown> } })
      .identity.identityProfile as { addresses: { address: unknown }[] };
    expect(profile).toMatchObject({ firstName: 'Walter', lastName: 'Skinner', nickname: 'AD' });
    expect(profile.addresses[0]?.address).toEqual(address);
    // A field the store would not keep is refused by name, and nothing of the change is applied.
    const refused = await fetch(`${base}/_api/iam/identity/v1/identities/me`, {
      method: 'PATCH',
      headers: { authorization: tokens.accessToken.value, 'content-type': 'application/json' },
      body: JSON.stringify({
        identity: {
          identityProfile: { nickname: 'Walt', addresses: [{ address: { ...address, floor: '7' } }] },
        },
      }),
    });
    expect(refused.status).toBe(400);
    const refusal = (await refused.json()) as WixError;
    expect(refusal.details?.validationError?.fieldViolations).toEqual([
      expect.objectContaining({
        field: 'identity.identityProfile.addresses[0].address.floor',
        violatedRule: 'FIELD_NOT_ALLOWED',
      }),
    ]);
    // The members view of the same member agrees.
    expect((await wix.members.getCurrentMember({ fieldsets: [members.Set.FULL] })).member).toMatchObject({
      contact: { firstName: 'Walter', lastName: 'Skinner', addresses: [{ city: 'Washington' }] },
      profile: { nickname: 'AD' },
    });
  });

  it('updateMember with the addresses it read back keeps what the members view does not show', async () => {
    const { tokens, wix, memberId } = await signedIn({
      firstName: 'Dana',
      lastName: 'Scully',
      phones: ['+1 555 0142'],
    });
    const home = {
      addressLine: '3170 W 53 Rd',
      addressLine2: 'Apt 35',
      city: 'Annapolis',
      subdivision: 'US-MD',
      country: 'US',
      postalCode: '21401',
      streetAddress: { name: 'W 53 Rd', number: '3170', apt: '35' },
      formattedAddress: '3170 W 53 Rd, Apt 35, Annapolis, MD 21401',
      geocode: { latitude: 38.9784, longitude: -76.4922 },
    };
    const work = {
      addressLine: '935 Pennsylvania Ave NW',
      city: 'Washington',
      country: 'US',
      postalCode: '20535',
    };
    const stored = await fetch(`${base}/_api/iam/identity/v1/identities/me`, {
      method: 'PATCH',
      headers: { authorization: tokens.accessToken.value, 'content-type': 'application/json' },
      body: JSON.stringify({
        identity: {
          identityProfile: {
            addresses: [
              { tag: 'HOME', address: home },
              { tag: 'WORK', address: work },
            ],
          },
        },
      }),
    });
    expect(stored.status).toBe(200);
    // An app reads the member, changes the work address's city and sends the addresses back.
    const read = (await wix.members.getCurrentMember({ fieldsets: [members.Set.FULL] })).member;
    const sent = (read?.contact?.addresses ?? []).map((address) =>
      address.city === 'Washington' ? { ...address, city: 'Arlington', postalCode: '22201' } : address,
    );
    const updated = await wix.members.updateMember(memberId, { contact: { addresses: sent } });
    expect(updated.contact).toMatchObject({ firstName: 'Dana', lastName: 'Scully', phones: ['+1 555 0142'] });
    const after = await fetch(`${base}/_api/iam/identity/v1/identities/me`, {
      headers: { authorization: tokens.accessToken.value },
    });
    const profile = ((await after.json()) as { identity: { identityProfile: { addresses: unknown[] } } })
      .identity.identityProfile;
    expect(profile.addresses).toEqual([
      // Untouched: its tag, apartment, formatted address and geocode are all still there.
      { tag: 'HOME', address: home },
      // Edited in place: it keeps its tag, and the new city and postal code are saved.
      { tag: 'WORK', address: { ...work, city: 'Arlington', postalCode: '22201' } },
    ]);
  });

  it('sets a unique slug, and lists to others only members who joined the community', async () => {
    const tag = Date.now().toString(36);
    const alice = await signedIn({ nickname: `alice ${tag}` });
    const bob = await signedIn({ nickname: `bob ${tag}` });
    const slug = `alice-page-${tag}`;
    expect((await alice.wix.members.updateCurrentMemberSlug(slug)).member?.profile?.slug).toBe(slug);
    expect(await codeOf(bob.wix.members.updateCurrentMemberSlug(slug))).toBe('SLUG_ALREADY_EXISTS');
    expect(await violationsOf(bob.wix.members.updateCurrentMemberSlug('Not A Slug'))).toEqual([
      ['slug', 'FORMAT'],
    ]);

    // Private by default: another member sees neither Alice's profile nor Alice in the list.
    expect(await codeOf(bob.wix.members.getMember(alice.memberId))).toBe('MEMBER_NOT_FOUND');
    await alice.wix.members.joinCommunity();
    const seen = await bob.wix.members.getMember(alice.memberId);
    expect(seen).toMatchObject({ _id: alice.memberId, profile: { nickname: `alice ${tag}`, slug } });
    expect(seen).not.toHaveProperty('loginEmail');
    // Asking for more of someone else gets their public profile only, as on the platform.
    const asked = await bob.wix.members.getMember(alice.memberId, { fieldsets: [members.Set.FULL] });
    expect(asked).toMatchObject({ _id: alice.memberId, status: 'UNKNOWN' });
    expect(asked).not.toHaveProperty('contact');
    // A visitor sees the same public profile.
    const visitor = withKey((await visitorTokens(t, clientId)).access_token);
    expect(await visitor.members.getMember(alice.memberId)).toMatchObject({ profile: { slug } });

    const listed = await bob.wix.members.queryMembers().eq('profile.slug', slug).find();
    expect(listed.items.map((m) => m._id)).toEqual([alice.memberId]);
    const byNickname = await visitor.members.queryMembers().startsWith('profile.nickname', 'alice ').find();
    expect(byNickname.items.map((m) => m._id)).toEqual([alice.memberId]);
    // Shoppers may not filter on what they cannot see (the client renames `query` in the path it shows).
    expect(await violationsOf(bob.wix.members.queryMembers().eq('loginEmail', alice.email).find())).toEqual([
      [expect.stringMatching(/\.filter\.loginEmail$/), 'FIELD_NOT_ALLOWED'],
    ]);
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
    expect(firstTwo.items.map((m) => m.profile?.nickname)).toEqual([`bob ${tag}`, `alice ${tag}`]);
    const byId = await bob.wix.members.queryMembers().in('_id', [alice.memberId, bob.memberId]).find();
    expect(byId.items.map((m) => m._id).sort()).toEqual([alice.memberId, bob.memberId].sort());
    const byNicknameAsc = await bob.wix.members.listMembers({
      paging: { limit: 100 },
      sorting: [{ fieldName: 'profile.nickname', order: members.SortOrder.ASC }],
    });
    const ours = byNicknameAsc.members?.filter((m) =>
      [alice.memberId, bob.memberId].includes(m._id as string),
    );
    expect(ours?.map((m) => m._id)).toEqual([alice.memberId, bob.memberId]);
    await bob.wix.members.leaveCommunity();

    await alice.wix.members.leaveCommunity();
    expect((await bob.wix.members.queryMembers().eq('profile.slug', slug).find()).items).toEqual([]);
    // The store sees everyone, with their login e-mail.
    const store = withKey(owner);
    const all = await store.members
      .queryMembers({ fieldsets: [members.Set.FULL] })
      .eq('loginEmail', alice.email)
      .find();
    expect(all.items).toMatchObject([
      { _id: alice.memberId, loginEmail: alice.email, privacyStatus: 'PRIVATE' },
    ]);
    expect(await store.members.getMember(alice.memberId, { fieldsets: [members.Set.FULL] })).toMatchObject({
      loginEmail: alice.email,
    });
    expect(await codeOf(store.members.getMember('00000000-0000-0000-0000-000000000000'))).toBe(
      'MEMBER_NOT_FOUND',
    );
    // The store sets a slug too, under the same rules.
    expect(
      (await store.members.updateMemberSlug(bob.memberId, `bob-page-${tag}`)).member?.profile?.slug,
    ).toBe(`bob-page-${tag}`);
    expect(await codeOf(store.members.updateMemberSlug(bob.memberId, slug))).toBe('SLUG_ALREADY_EXISTS');
  });

  it('serves the store’s approve, block and delete, a member’s own deletion, and refuses what it does not offer', async () => {
    const store = withKey(owner);
    const app = withKey(appKey);
    const carol = await signedIn({ nickname: 'carol' });
    expect((await app.members.approveMember(carol.memberId)).member).toMatchObject({ status: 'APPROVED' });
    expect((await app.members.blockMember(carol.memberId)).member).toMatchObject({ status: 'BLOCKED' });
    // Blocked: the member's session is over.
    expect(await errorOf(carol.wix.members.getCurrentMember())).toBeDefined();
    // Members cannot approve or block; app keys cannot delete (the owner's decision).
    const dave = await signedIn({ nickname: 'dave' });
    expect(await codeOf(dave.wix.members.blockMember(carol.memberId))).toBe('PERMISSION_DENIED');
    expect(await codeOf(app.members.deleteMember(carol.memberId))).toBe('PERMISSION_DENIED');
    expect(await store.members.deleteMember(carol.memberId)).toEqual({});
    expect(await codeOf(store.members.getMember(carol.memberId))).toBe('MEMBER_NOT_FOUND');

    // contentAssigneeId is refused by name (the client shows it as its argument's path): members author
    // no content here to hand over.
    expect(
      await violationsOf(dave.wix.members.deleteMyMember({ contentAssigneeId: carol.memberId })),
    ).toEqual([['options.contentAssigneeId', 'FIELD_NOT_ALLOWED']]);
    expect(await dave.wix.members.deleteMyMember()).toEqual({});
    expect(await codeOf(store.members.getMember(dave.memberId))).toBe('MEMBER_NOT_FOUND');

    for (const [call, refused] of [
      ['createMember', store.members.createMember({ member: { loginEmail: uniqueEmail('created') } })],
      ['muteMember', store.members.muteMember(carol.memberId)],
      ['disconnectMember', store.members.disconnectMember(carol.memberId)],
      ['bulkApproveMembers', store.members.bulkApproveMembers({})],
    ] as const) {
      const error = await errorOf(refused);
      expect(error.details?.applicationError).toMatchObject({ code: 'FAILED_PRECONDITION', data: { call } });
    }
  });
});
