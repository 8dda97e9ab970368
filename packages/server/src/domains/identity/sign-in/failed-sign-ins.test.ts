import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxLink, post, setSettings, solvedCaptcha, uniqueEmail } from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { memberClient, memberWithFactors, PASSWORD, verify } from '../../../testing/second-factors.js';
import { currentTotpCode } from '../second-factors/totp.rules.js';

// Failed sign-ins ask for a captcha, never for a wait (sign-in-guard.service.ts): counted per address and account
// together, and per account across addresses. Defaults: a captcha after 5 attempts of one address on one
// account, for everyone after 20 on the account, each count forgetting one attempt every 15 minutes.

let now = new Date('2030-05-01T08:00:00.000Z');
const clock = () => now;
const advanceMinutes = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};
const randomIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  owner = await merchantKey(t.database);
});
afterAll(() => t.close());

const REAL = 'the real one';

function loginFrom(
  ip: string,
  email: string,
  password: string,
  extra: { captcha?: string; deviceToken?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/_api/iam/authentication/v2/login',
    payload: {
      loginId: { email },
      password,
      ...(extra.captcha ? { captchaTokens: [{ InvisibleRecaptcha: extra.captcha }] } : {}),
      ...(extra.deviceToken ? { clientMetaData: { deviceToken: extra.deviceToken } } : {}),
    },
    remoteAddress: ip,
  });
}

async function registered(password = REAL): Promise<string> {
  const email = uniqueEmail('victim');
  const reply = await post(t, '/_api/iam/authentication/v2/register', { loginId: { email }, password });
  expect(reply.json().state).toBe('SUCCESS');
  return email;
}

type Reply = Awaited<ReturnType<typeof loginFrom>>;
const errorOf = (reply: Reply) => reply.json().details?.applicationError;
const outcome = (reply: Reply) => (reply.statusCode === 200 ? reply.json().state : errorOf(reply)?.code);

/** `count` wrong guesses from each of `ips`, each expected to be let through (401). */
async function guesses(email: string, ips: string[], count: number): Promise<void> {
  for (const ip of ips) {
    for (let i = 0; i < count; i++) expect(outcome(await loginFrom(ip, email, `guess-${i}`))).toBe('-19976');
  }
}

describe('failed sign-ins from one address', () => {
  it('ask that address for a captcha on that account; the owner elsewhere signs in without one', async () => {
    const email = await registered();
    const attacker = randomIp();
    await guesses(email, [attacker], 5);
    const stepUp = await loginFrom(attacker, email, 'guess-5');
    expect(stepUp.statusCode).toBe(400);
    expect(errorOf(stepUp)).toMatchObject({ code: '-19971', data: { reason: 'ADDRESS_FAILURES' } });
    expect(errorOf(stepUp).description).toMatch(/from your network/);
    // Even the right password needs the captcha from there: the count is checked before the password.
    expect(outcome(await loginFrom(attacker, email, REAL))).toBe('-19971');
    // The address is not locked out of other accounts, and the owner is not locked out at all.
    expect(outcome(await loginFrom(attacker, await registered(), REAL))).toBe('SUCCESS');
    expect(outcome(await loginFrom(randomIp(), email, REAL))).toBe('SUCCESS');

    // With a solved captcha each further guess is checked (and still wrong); a forged one is not.
    expect(outcome(await loginFrom(attacker, email, 'guess-6', { captcha: await solvedCaptcha(t) }))).toBe(
      '-19976',
    );
    expect(outcome(await loginFrom(attacker, email, 'guess-7', { captcha: 'forged' }))).toBe('-19970');
    const visible = await solvedCaptcha(t, 'openshelf-visible');
    const withVisible = await t.app.inject({
      method: 'POST',
      url: '/_api/iam/authentication/v2/login',
      payload: { loginId: { email }, password: REAL, captchaTokens: [{ Recaptcha: visible }] },
      remoteAddress: attacker,
    });
    expect(withVisible.json().state).toBe('SUCCESS');
  });

  it('are forgotten by a successful sign-in from that address, and one by one with time', async () => {
    const email = await registered();
    const ip = randomIp();
    await guesses(email, [ip], 4);
    expect(outcome(await loginFrom(ip, email, REAL))).toBe('SUCCESS');
    await guesses(email, [ip], 5);
    expect(outcome(await loginFrom(ip, email, 'guess'))).toBe('-19971');
    // Each count forgets one attempt every 15 minutes: after 15, one more try; after 30, two.
    advanceMinutes(15);
    await guesses(email, [ip], 1);
    expect(outcome(await loginFrom(ip, email, 'guess'))).toBe('-19971');
    advanceMinutes(30);
    await guesses(email, [ip], 2);
    expect(outcome(await loginFrom(ip, email, 'guess'))).toBe('-19971');
  });

  it('are forgotten when that address signs in with a reset link', async () => {
    const email = await registered();
    const ip = randomIp();
    await guesses(email, [ip], 5);
    expect(outcome(await loginFrom(ip, email, REAL))).toBe('-19971');
    await post(t, '/_api/iam/recovery/v1/send-email', { email });
    const link = await mailboxLink(t, email);
    const recovered = await t.app.inject({
      method: 'POST',
      url: '/_api/iam/recovery/v1/recover',
      payload: { recoveryToken: link.searchParams.get('token'), password: 'a brand new one' },
      remoteAddress: ip,
    });
    expect(recovered.json().state).toBe('SUCCESS');
    expect(outcome(await loginFrom(ip, email, 'a brand new one'))).toBe('SUCCESS');
  });

  it('counts exactly under 50 parallel guesses: 5 are checked, 45 asked for a captcha', async () => {
    // Past 8 attempts on the account everyone is asked: 5 racing + 3 from elsewhere reach it exactly.
    const small = await createTestApp({
      clock,
      env: { REQUIRE_EMAIL_VERIFICATION: 'false', SIGN_IN_CAPTCHA_PER_ACCOUNT: '8' },
    });
    try {
      const email = uniqueEmail('raced');
      await post(small, '/_api/iam/authentication/v2/register', { loginId: { email }, password: REAL });
      const ip = randomIp();
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          small.app.inject({
            method: 'POST',
            url: '/_api/iam/authentication/v2/login',
            payload: { loginId: { email }, password: `parallel-${i}` },
            remoteAddress: ip,
          }),
        ),
      );
      const codes = replies.map((reply) => reply.json().details.applicationError.code);
      expect(codes.filter((code) => code === '-19976')).toHaveLength(5);
      expect(codes.filter((code) => code === '-19971')).toHaveLength(45);
      // The account counted exactly those 5: three more attempts elsewhere fit, the fourth does not.
      const elsewhere = (password: string) =>
        small.app.inject({
          method: 'POST',
          url: '/_api/iam/authentication/v2/login',
          payload: { loginId: { email }, password },
          remoteAddress: randomIp(),
        });
      for (let i = 0; i < 3; i++) expect((await elsewhere(`other-${i}`)).statusCode).toBe(401);
      const full = await elsewhere(REAL);
      expect(full.json().details.applicationError).toMatchObject({
        code: '-19971',
        data: { reason: 'ACCOUNT_FAILURES' },
      });
    } finally {
      await small.close();
    }
  });
});

describe('failed sign-ins from many addresses', () => {
  it('past 20 on the account, ask everyone for a captcha: the owner solves it and signs in', async () => {
    const email = await registered();
    await guesses(email, [randomIp(), randomIp(), randomIp(), randomIp()], 5);
    const owner = randomIp();
    const asked = await loginFrom(owner, email, REAL);
    expect(errorOf(asked)).toMatchObject({ code: '-19971', data: { reason: 'ACCOUNT_FAILURES' } });
    expect(errorOf(asked).description).toMatch(/every sign-in needs a captcha/);
    expect(outcome(await loginFrom(owner, email, REAL, { captcha: await solvedCaptcha(t) }))).toBe('SUCCESS');
    // The owner's own attempt is taken back, the others' are not: still asked, until one drains away.
    expect(outcome(await loginFrom(randomIp(), email, REAL))).toBe('-19971');
    advanceMinutes(15);
    expect(outcome(await loginFrom(randomIp(), email, REAL))).toBe('SUCCESS');
    // Another account is not affected by this one's guesses.
    expect(outcome(await loginFrom(randomIp(), await registered(), REAL))).toBe('SUCCESS');
  });

  it('never stop a remembered device of the account, and only of that account', async () => {
    const clientId = await memberClient(t);
    const member = await memberWithFactors(t, { clientId, factors: ['TOTP'], now: clock, prefix: 'device' });
    advanceMinutes(1); // a TOTP code works once: the next step's
    const step = await loginFrom(randomIp(), member.email, PASSWORD);
    const done = await verify(t, {
      stateToken: step.json().stateToken,
      factorType: 'TOTP',
      totpData: { code: currentTotpCode(member.secret as string, now) },
      rememberThisDevice: true,
    });
    const deviceToken = done.json().additionalData.deviceToken.strValue as string;
    await guesses(member.email, [randomIp(), randomIp(), randomIp(), randomIp()], 5);
    expect(outcome(await loginFrom(randomIp(), member.email, PASSWORD))).toBe('-19971');
    expect(outcome(await loginFrom(randomIp(), member.email, PASSWORD, { deviceToken }))).toBe('SUCCESS');

    const other = await registered();
    await guesses(other, [randomIp(), randomIp(), randomIp(), randomIp()], 5);
    expect(outcome(await loginFrom(randomIp(), other, REAL, { deviceToken }))).toBe('-19971');
  });

  it('are counted in a store with a captcha on every login too', async () => {
    const email = await registered();
    const ip = randomIp();
    const withCaptcha = async (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/_api/iam/authentication/v2/login',
        payload: {
          loginId: { email },
          password,
          captchaTokens: [{ Recaptcha: await solvedCaptcha(t, 'openshelf-visible') }],
        },
        remoteAddress: ip,
      });
    await setSettings(t, owner, { captchaMode: 'visible' });
    try {
      expect(outcome(await loginFrom(ip, email, REAL))).toBe('-19971');
      for (let i = 0; i < 5; i++) expect(outcome(await withCaptcha(`wrong-${i}`))).toBe('-19976');
    } finally {
      await setSettings(t, owner, { captchaMode: 'off' });
    }
    // Back to no captcha by default: this address's five failures still ask it for one.
    expect(outcome(await loginFrom(ip, email, REAL))).toBe('-19971');
    expect(outcome(await loginFrom(randomIp(), email, REAL))).toBe('SUCCESS');
  });
});

describe('password reset requests', () => {
  const sendEmail = (ip: string, email: string, captcha?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/_api/iam/recovery/v1/send-email',
      payload: { email, ...(captcha ? { captchaTokens: [{ InvisibleRecaptcha: captcha }] } : {}) },
      remoteAddress: ip,
    });
  // Recovery mail goes out after the reply (its timing must not reveal accounts): poll for it.
  const mails = (email: string) =>
    expect.poll(
      async () =>
        (await t.app.inject(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json().messages.length,
    );

  it('ask a requesting address for a captcha after 5; the owner elsewhere still gets a link', async () => {
    const email = await registered();
    const stranger = randomIp();
    for (let i = 0; i < 5; i++) expect((await sendEmail(stranger, email)).statusCode).toBe(200);
    const asked = await sendEmail(stranger, email);
    expect(errorOf(asked)).toMatchObject({ code: '-19971', data: { reason: 'ADDRESS_FAILURES' } });
    await mails(email).toBe(5);
    expect((await sendEmail(randomIp(), email)).statusCode).toBe(200);
    expect((await sendEmail(stranger, email, await solvedCaptcha(t))).statusCode).toBe(200);
    await mails(email).toBe(7);
  });

  it('past 20 for the account ask everyone, for unknown addresses alike (nothing to probe)', async () => {
    for (const email of [await registered(), uniqueEmail('nobody')]) {
      for (let i = 0; i < 4; i++) {
        const ip = randomIp();
        for (let j = 0; j < 5; j++) expect((await sendEmail(ip, email)).statusCode).toBe(200);
      }
      expect(errorOf(await sendEmail(randomIp(), email))).toMatchObject({
        code: '-19971',
        data: { reason: 'ACCOUNT_FAILURES' },
      });
      expect((await sendEmail(randomIp(), email, await solvedCaptcha(t))).statusCode).toBe(200);
    }
  });
});
