import { describe, expect, test } from 'vitest';
import * as addressesRoute from '../../app/routes/account/addresses';
import * as profileRoute from '../../app/routes/account/profile';
import * as signupRoute from '../../app/routes/account/signup';
import * as verifyEmailRoute from '../../app/routes/account/verify-email';
import { routeStoreForFile, Visitor } from './route-harness';

const store = routeStoreForFile();
let members = 0;

/** A member signed up through /signup and the e-mailed code, with a phone saved on the profile page. */
async function signedUpMember() {
  members += 1;
  const email = `member${members}@example.com`;
  const member = new Visitor(store);
  const signedUp = await member.call(signupRoute.action, '/signup', {
    form: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'correct horse battery staple 9' },
  });
  expect(signedUp.location).toBe('/verify-email');
  const mail = await store.t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  const code = /code is (\d{6})/.exec(mail.json().messages[0]?.text ?? '')?.[1] ?? '';
  const verified = await member.call(verifyEmailRoute.action, '/verify-email', { form: { code } });
  expect(verified.location).toBe('/account');
  const profile = await member.call(profileRoute.loader, '/account/profile');
  const saved = await member.call(profileRoute.action, '/account/profile', {
    form: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+1 555 010 1234',
      revision: profile.data.revision,
    },
  });
  expect(saved.status).toBeLessThan(400);
  return member;
}

const US_ADDRESS = {
  country: 'US',
  addressLine: '1 Main St',
  city: 'New York',
  subdivision: 'NY',
  postalCode: '10001',
};

describe('account address book action', () => {
  test('adding an address keeps the member’s names and phone', async () => {
    const member = await signedUpMember();
    const reply = await member.call(addressesRoute.action, '/account/addresses', { form: US_ADDRESS });
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({ saved: true });
    const book = await member.call(addressesRoute.loader, '/account/addresses');
    expect(book.data.addresses).toHaveLength(1);
    expect(book.data.addresses[0].address).toMatchObject({
      country: 'US',
      city: 'New York',
      postalCode: '10001',
    });
    const profile = await member.call(profileRoute.loader, '/account/profile');
    expect(profile.data).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phone: '+1 555 010 1234' });
  });

  test('a missing ZIP code is named at its field and nothing is saved', async () => {
    const member = await signedUpMember();
    const reply = await member.call(addressesRoute.action, '/account/addresses', {
      form: { ...US_ADDRESS, postalCode: '' },
    });
    expect(reply.status).toBe(400);
    expect(reply.data.errors.fields).toEqual({ postalCode: 'Enter the ZIP code.' });
    expect((await member.call(addressesRoute.loader, '/account/addresses')).data.addresses).toEqual([]);
  });

  test('removing on a stale revision is refused (409) and removes nothing', async () => {
    const member = await signedUpMember();
    await member.call(addressesRoute.action, '/account/addresses', { form: US_ADDRESS });
    const shown = await member.call(addressesRoute.loader, '/account/addresses');
    // Changed elsewhere after the page was shown: a second address is added.
    await member.call(addressesRoute.action, '/account/addresses', {
      form: { ...US_ADDRESS, addressLine: '2 Side St' },
    });
    const reply = await member.call(addressesRoute.action, '/account/addresses', {
      form: { intent: 'remove', index: '0', revision: shown.data.revision },
    });
    expect(reply.status).toBe(409);
    expect(reply.data.errors.form).toBe(
      'Your addresses were changed elsewhere meanwhile. We reloaded them: check and try again.',
    );
    expect((await member.call(addressesRoute.loader, '/account/addresses')).data.addresses).toHaveLength(2);

    const current = await member.call(addressesRoute.loader, '/account/addresses');
    const removed = await member.call(addressesRoute.action, '/account/addresses', {
      form: { intent: 'remove', index: '0', revision: current.data.revision },
    });
    expect(removed.status).toBe(200);
    const left = (await member.call(addressesRoute.loader, '/account/addresses')).data.addresses;
    expect(left.map((a: { address: { addressLine: string } }) => a.address.addressLine)).toEqual([
      '2 Side St',
    ]);
  });
});
