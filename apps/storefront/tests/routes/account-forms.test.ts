import { describe, expect, test } from 'vitest';
import * as forgotPasswordRoute from '../../app/routes/account/forgot-password';
import * as loginRoute from '../../app/routes/account/login';
import * as passwordRoute from '../../app/routes/account/password';
import * as profileRoute from '../../app/routes/account/profile';
import * as resetPasswordRoute from '../../app/routes/account/reset-password';
import * as signupRoute from '../../app/routes/account/signup';
import * as verifyEmailRoute from '../../app/routes/account/verify-email';
import { routeStoreForFile, Visitor } from './route-harness';

// The account forms read by their schemas (login.schema.ts, signup.schema.ts, password.schema.ts) through
// the real actions, as a browser without JavaScript posts them.
const store = routeStoreForFile();
let members = 0;

/** A member signed up with `password` (spaces and all) and verified by the e-mailed code. */
async function member(password: string) {
  members += 1;
  const email = `forms${members}@example.com`;
  const visitor = new Visitor(store);
  const signedUp = await visitor.call(signupRoute.action, '/signup', {
    form: { firstName: '  Ada ', lastName: 'Lovelace', email: ` ${email} `, password },
  });
  expect(signedUp.location).toBe('/verify-email');
  const mail = await store.t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  const code = /code is (\d{6})/.exec(mail.json().messages[0]?.text ?? '')?.[1] ?? '';
  const verified = await visitor.call(verifyEmailRoute.action, '/verify-email', { form: { code } });
  expect(verified.location).toBe('/account');
  return { visitor, email };
}

describe('sign-up action', () => {
  test('names each problem at its field and keeps what was typed, except the password', async () => {
    const reply = await new Visitor(store).call(signupRoute.action, '/signup', {
      form: { firstName: 'A'.repeat(101), lastName: ' L ', email: 'ada@', password: 'short' },
    });
    expect(reply.status).toBe(400);
    expect(reply.data.errors.fields).toEqual({
      firstName: 'Use at most 100 characters for your first name.',
      email: 'Enter a valid e-mail address, like name@example.com.',
      password: 'Use at least 8 characters for your password.',
    });
    expect(reply.data.values).toEqual({ firstName: 'A'.repeat(101), lastName: ' L ', email: 'ada@' });
  });
});

describe('login action', () => {
  test('refuses a blank form at both fields, in words', async () => {
    const reply = await new Visitor(store).call(loginRoute.action, '/login', {
      form: { email: ' ', password: '' },
    });
    expect(reply.status).toBe(400);
    expect(reply.data.errors.fields).toEqual({
      email: 'Enter your e-mail address.',
      password: 'Enter your password.',
    });
  });

  test('takes the trimmed e-mail and the password exactly as it was chosen, spaces included', async () => {
    const { email } = await member('  spaced out password ');
    const trimmed = await new Visitor(store).call(loginRoute.action, '/login', {
      form: { email, password: 'spaced out password' },
    });
    expect(trimmed.status).toBe(400);
    expect(JSON.stringify(trimmed.data.errors)).toMatch(/password/i);
    const exact = await new Visitor(store).call(loginRoute.action, '/login', {
      form: { email: `  ${email}  `, password: '  spaced out password ' },
    });
    expect(exact.status).toBe(302);
    expect(exact.location).toBe('/account');
  });
});

describe('password change action', () => {
  test('names all three problems at once', async () => {
    const { visitor } = await member('first password 1');
    const reply = await visitor.call(passwordRoute.action, '/account/password', {
      form: { current: '', password: 'short', confirm: 'other' },
    });
    expect(reply.status).toBe(400);
    expect(reply.data.errors.fields).toEqual({
      current: 'Enter your current password.',
      password: 'Use at least 8 characters for your password.',
      confirm: 'The two passwords are not the same. Type them again.',
    });
    expect(reply.data.values).toEqual({});
  });

  test('refuses a wrong current password at its field, then changes it and the new one logs in', async () => {
    const { visitor, email } = await member('first password 1');
    const wrong = await visitor.call(passwordRoute.action, '/account/password', {
      form: { current: 'not it at all', password: 'second password 2', confirm: 'second password 2' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.errors.fields.current).toBe('That is not your current password.');
    const changed = await visitor.call(passwordRoute.action, '/account/password', {
      form: { current: 'first password 1', password: ' second password 2', confirm: ' second password 2' },
    });
    expect(changed.location).toBe('/account/password?changed=1');
    const login = await new Visitor(store).call(loginRoute.action, '/login', {
      form: { email, password: ' second password 2' },
    });
    expect(login.location).toBe('/account');
  });
});

describe('forgot password action', () => {
  test('names a malformed e-mail at its field, keeping it; a known one is sent the link, trimmed', async () => {
    const refused = await new Visitor(store).call(forgotPasswordRoute.action, '/forgot-password', {
      form: { email: ' ada@ ' },
    });
    expect(refused.status).toBe(400);
    expect(refused.data.errors.fields).toEqual({
      email: 'Enter a valid e-mail address, like name@example.com.',
    });
    expect(refused.data.values).toEqual({ email: ' ada@ ' });
    const { email } = await member('forgotten one 1');
    const sent = await new Visitor(store).call(forgotPasswordRoute.action, '/forgot-password', {
      form: { email: `  ${email} ` },
    });
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ sent: true, values: { email } });
    const mail = await store.t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
    expect(mail.json().messages[0]?.text).toContain('reset-password');
  });
});

describe('reset password action', () => {
  test('names a short password and a copy that differs, then the e-mailed link sets one that logs in', async () => {
    const { email } = await member('before the reset 1');
    const sent = await store.t.app.inject({
      method: 'POST',
      url: '/_api/iam/recovery/v1/send-email',
      payload: { email },
    });
    expect(sent.statusCode).toBe(200);
    const mail = await store.t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
    const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.json().messages[0]?.text ?? '')?.[0] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    const visitor = new Visitor(store);
    const refused = await visitor.call(resetPasswordRoute.action, '/reset-password', {
      form: { token, password: 'short', confirm: 'other' },
    });
    expect(refused.status).toBe(400);
    expect(refused.data.errors.fields).toEqual({
      password: 'Use at least 8 characters for your password.',
      confirm: 'The two passwords are not the same. Type them again.',
    });
    expect(refused.data.values).toEqual({});
    const reset = await visitor.call(resetPasswordRoute.action, '/reset-password', {
      form: { token, password: ' after the reset 2', confirm: ' after the reset 2' },
    });
    expect(reset.location).toBe('/account');
    const login = await new Visitor(store).call(loginRoute.action, '/login', {
      form: { email, password: ' after the reset 2' },
    });
    expect(login.location).toBe('/account');
  });
});

describe('profile action', () => {
  test('refuses a long name and a phone without digits, keeping what was typed', async () => {
    const { visitor } = await member('profile password 1');
    const profile = await visitor.call(profileRoute.loader, '/account/profile');
    const reply = await visitor.call(profileRoute.action, '/account/profile', {
      form: {
        firstName: 'A'.repeat(101),
        lastName: 'Lovelace',
        phone: 'call me',
        revision: profile.data.revision,
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.data.errors.fields).toEqual({
      firstName: 'Use at most 100 characters.',
      phone: 'Enter a phone number with digits, like +1 555 010 1234.',
    });
    expect(reply.data.values).toEqual({ firstName: 'A'.repeat(101), lastName: 'Lovelace', phone: 'call me' });
  });

  test('saves the trimmed names and phone, and a stale revision is refused in words', async () => {
    const { visitor } = await member('profile password 2');
    const profile = await visitor.call(profileRoute.loader, '/account/profile');
    const saved = await visitor.call(profileRoute.action, '/account/profile', {
      form: {
        firstName: ' Grace ',
        lastName: ' Hopper ',
        phone: ' +1 555 010 9999 ',
        revision: profile.data.revision,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ saved: true });
    const now = await visitor.call(profileRoute.loader, '/account/profile');
    expect(now.data).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', phone: '+1 555 010 9999' });
    const stale = await visitor.call(profileRoute.action, '/account/profile', {
      form: { firstName: 'Ada', lastName: '', phone: '', revision: profile.data.revision },
    });
    expect(stale.status).toBe(409);
    expect(stale.data.errors.form).toMatch(/changed elsewhere/);
  });
});
