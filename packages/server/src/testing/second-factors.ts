import { currentTotpCode } from '../domains/identity/second-factors/totp.rules.js';
import { createClient, mailboxCode, memberTokens, post, registerMember, uniqueEmail } from './identity.js';
import { createTestApp, merchantKey, type TestApp } from './index.js';

/** Second-factor set-ups over real HTTP, shared by the identity suites. */

export const PASSWORD = 'secret123';

export interface MemberWithFactors {
  email: string;
  memberId: string;
  accessToken: string;
  /** TOTP: the enrolled secret, to make codes with. */
  secret?: string;
}

/** A public client for members' tokens (its own, so suites do not depend on each other's). */
export async function memberClient(t: TestApp): Promise<string> {
  return (await createClient(t, await merchantKey(t.database))).clientId;
}

export const loginBody = (email: string, extra: Record<string, unknown> = {}) => ({
  loginId: { email },
  password: PASSWORD,
  ...extra,
});

export const login = (t: TestApp, email: string, extra: Record<string, unknown> = {}) =>
  post(t, '/_api/iam/authentication/v2/login', loginBody(email, extra));

export const verify = (t: TestApp, body: Record<string, unknown>) =>
  post(t, '/_api/iam/authentication/v2/verify', body);

/**
 * Registers a member and sets up the factors asked for, as a member does: TOTP confirmed with a code
 * made from the secret at `now`, EMAIL with the code the development mailbox received.
 */
export async function memberWithFactors(
  t: TestApp,
  input: { clientId: string; factors: ('TOTP' | 'EMAIL')[]; now: () => Date; prefix?: string },
): Promise<MemberWithFactors> {
  const email = uniqueEmail(input.prefix ?? 'mfa');
  const { sessionToken, memberId } = await registerMember(t, { email, password: PASSWORD });
  const { access_token: accessToken } = await memberTokens(t, { clientId: input.clientId, sessionToken });
  const member: MemberWithFactors = { email, memberId, accessToken };
  for (const factor of input.factors) {
    const path = `/_api/iam/factors/v1/${factor.toLowerCase()}`;
    const enrolled = await post(t, `${path}/enroll`, {}, accessToken);
    if (enrolled.statusCode !== 200) throw new Error(`enrolling ${factor} failed: ${enrolled.body}`);
    if (factor === 'TOTP') member.secret = enrolled.json().secret as string;
    const code =
      member.secret && factor === 'TOTP'
        ? currentTotpCode(member.secret, input.now())
        : await mailboxCode(t, email);
    const activated = await post(t, `${path}/activate`, { code }, accessToken);
    if (activated.statusCode !== 200) throw new Error(`activating ${factor} failed: ${activated.body}`);
  }
  return member;
}

/** A suite's app on a clock the suite moves by hand (codes are made for "now"), with its members' client. */
export interface ClockedMfaApp {
  t: TestApp;
  clientId: string;
  now(): Date;
  /** Moves the clock on: 30 s is a new authenticator window, 10 minutes ends a login step. */
  later(ms: number): void;
  /** A new member with these factors set up at the current time. */
  member(factors: ('TOTP' | 'EMAIL')[]): Promise<MemberWithFactors>;
  close(): Promise<void>;
}

/** One per test file: start it in beforeAll, close it in afterAll. */
export async function startClockedMfaApp(
  start = new Date('2030-05-01T08:00:00.000Z'),
): Promise<ClockedMfaApp> {
  let now = start;
  const t = await createTestApp({ clock: () => now, env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
  const clientId = await memberClient(t);
  return {
    t,
    clientId,
    now: () => now,
    later: (ms) => {
      now = new Date(now.getTime() + ms);
    },
    member: (factors) => memberWithFactors(t, { clientId, factors, now: () => now }),
    close: () => t.close(),
  };
}

/** A six-digit code that is surely not `code`. */
export const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');
export const applicationErrorOf = (reply: { json(): { details: { applicationError: unknown } } }) =>
  reply.json().details.applicationError;
export const firstViolationOf = (reply: {
  json(): { details: { validationError: { fieldViolations: unknown[] } } };
}) => reply.json().details.validationError.fieldViolations[0];
