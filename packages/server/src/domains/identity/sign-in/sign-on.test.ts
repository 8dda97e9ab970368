import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, uniqueEmail } from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { orders } from '../../orders/orders.schema.js';

// sign-on (authentication signOn: an app vouches for an address) honours its request as the platform's
// SignOnRequest documents it: `profile` creates or updates, `verifyEmail` verifies, and
// `mergeExistingContact` (default true) links a new member to the store's contact for the address.

let t: TestApp;
let app: string;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: 'true' } });
  app = await merchantKey(t.database, 'app');
  owner = await merchantKey(t.database);
});
afterAll(() => t.close());

const signOn = (body: Record<string, unknown>) => post(t, '/_api/iam/authentication/v2/sign-on', body, app);
const profileOf = (reply: { json(): { identity: { identityProfile: Record<string, unknown> } } }) =>
  reply.json().identity.identityProfile;

/** A guest order (no member): the store's contact for that address. */
async function guestOrder(email: string, createdDate: Date, firstName: string) {
  await t.database.db.insert(orders).values({
    checkoutId: `chk-${Math.random().toString(36).slice(2)}`,
    buyerEmail: email.toUpperCase(),
    channelType: 'WEB',
    currency: 'USD',
    paymentStatus: 'PAID',
    lines: [],
    totals: {} as never,
    totalMinor: 0,
    billingInfo: {
      contactDetails: { firstName, lastName: 'Hopper', phone: '+1 555 0100' },
      address: {
        addressLine: '1 Navy Way',
        city: 'Arlington',
        country: 'US',
        subdivision: 'US-VA',
        postalCode: '22201',
      },
    },
    createdDate,
    updatedDate: createdDate,
  });
}

describe('profile and verifyEmail', () => {
  it('a new member gets the sent profile; verifyEmail marks the address verified', async () => {
    const email = uniqueEmail('signon');
    const reply = await signOn({
      loginId: { email },
      profile: { firstName: 'Ada', lastName: 'Lovelace', phones: ['+44 20 7946 0000'] },
      verifyEmail: true,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().identity).toMatchObject({
      email: { address: email, isVerified: true },
      identityProfile: { firstName: 'Ada', lastName: 'Lovelace', phones: ['+44 20 7946 0000'] },
      status: { name: 'ACTIVE' },
    });
    const unverified = await signOn({ loginId: { email: uniqueEmail('signon') } });
    expect(unverified.json().identity.email.isVerified).toBe(false);
  });

  it('an existing member’s profile is updated with the fields sent; the others stay', async () => {
    const email = uniqueEmail('signon');
    const first = await signOn({ loginId: { email }, profile: { firstName: 'Ada', lastName: 'Lovelace' } });
    const revision = Number(first.json().identity.revision);
    const second = await signOn({ loginId: { email }, profile: { firstName: 'Augusta', nickname: 'Ada' } });
    expect(second.json().identity.id).toBe(first.json().identity.id);
    expect(profileOf(second)).toMatchObject({ firstName: 'Augusta', lastName: 'Lovelace', nickname: 'Ada' });
    expect(Number(second.json().identity.revision)).toBe(revision + 1);
    // Nothing sent, nothing changed.
    const third = await signOn({ loginId: { email } });
    expect(third.json().identity.revision).toBe(second.json().identity.revision);
    expect(third.json().sessionToken).toMatch(/^oss_/);
  });

  it('verifyEmail lets a member still waiting for their e-mailed code sign on; without it they cannot', async () => {
    const email = uniqueEmail('pending');
    const registered = await post(t, '/_api/iam/authentication/v2/register', {
      loginId: { email },
      password: 'secret123',
    });
    expect(registered.json().state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect((await signOn({ loginId: { email } })).statusCode).toBe(403);
    const verified = await signOn({ loginId: { email }, verifyEmail: true });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().identity).toMatchObject({
      email: { isVerified: true },
      status: { name: 'ACTIVE', reasons: [] },
    });
  });

  it('refuses a bad profile with the field named, and callers that are not a trusted backend', async () => {
    const bad = await signOn({ loginId: { email: uniqueEmail() }, profile: { emails: ['not-an-address'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'profile.emails[0]',
      violatedRule: 'FORMAT',
    });
    const staff = await post(
      t,
      '/v2/sign-on',
      { loginId: { email: uniqueEmail() } },
      await merchantKey(t.database, 'staff'),
    );
    expect(staff.statusCode).toBe(403);
    expect((await post(t, '/v2/sign-on', { loginId: { email: uniqueEmail() } }, owner)).statusCode).toBe(200);
  });
});

describe('mergeExistingContact', () => {
  it('by default a new member inherits the newest guest order’s name, phone and billing address, below what was sent', async () => {
    const email = uniqueEmail('contact');
    await guestOrder(email, new Date('2030-01-01T00:00:00Z'), 'Old');
    await guestOrder(email, new Date('2030-02-01T00:00:00Z'), 'Grace');
    const reply = await signOn({ loginId: { email }, profile: { nickname: 'Amazing Grace' } });
    expect(profileOf(reply)).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      nickname: 'Amazing Grace',
      phones: ['+1 555 0100'],
      addresses: [
        {
          tag: 'BILLING',
          address: {
            addressLine: '1 Navy Way',
            city: 'Arlington',
            country: 'US',
            subdivision: 'US-VA',
            postalCode: '22201',
          },
        },
      ],
    });
    const sentWins = await signOn({
      loginId: { email: uniqueEmail('contact') },
      profile: { firstName: 'Sent' },
    });
    expect(profileOf(sentWins).firstName).toBe('Sent');
  });

  it('false: the member starts from the sent profile alone', async () => {
    const email = uniqueEmail('contact');
    await guestOrder(email, new Date('2030-03-01T00:00:00Z'), 'Grace');
    const reply = await signOn({
      loginId: { email },
      profile: { nickname: 'G' },
      mergeExistingContact: false,
    });
    expect(profileOf(reply)).toEqual({
      nickname: 'G',
      emails: [],
      phones: [],
      addresses: [],
      customFields: [],
    });
  });

  it('must be a boolean', async () => {
    const reply = await signOn({ loginId: { email: uniqueEmail() }, mergeExistingContact: 'yes' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details.validationError.fieldViolations[0].field).toBe('mergeExistingContact');
  });
});
