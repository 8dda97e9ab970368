import { authentication } from '@wix/identity';
import { createClient as createWixClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxCode, SHOP_CALLBACK } from '../../../testing/identity.js';
import type { TestApp } from '../../../testing/index.js';
import { memberClient, memberWithFactors, PASSWORD } from '../../../testing/second-factors.js';
import { listeningTestApp, routeWixSdkTo } from '../../../testing/wix-sdk.js';
import { currentTotpCode } from './totp.rules.js';

// Second factors as the unchanged public clients see them: @wix/identity's authentication module
// (loginV2) reads the state names, requireMfaData and mfaChallengeData from its own enums and types; the
// verify call, which the module types (VerifyRequest) but does not export a function for, is made the way
// an app makes any call the modules lack: the client's fetchWithAuth, at the module's www.wixapis.com path.

type VerifyRequest = Parameters<typeof verifyBody>[0];
/** The module's StateMachineResponse with its one-of of second-factor data (typed in the module, internal). */
type StateMachineReply = authentication.StateMachineResponse & {
  requireMfaData?: authentication.RequireMfaData;
  mfaChallengeData?: authentication.MfaChallengeData;
};
type ErrorBody = { details?: { applicationError?: { code: string } } };
/**
 * The module's runtime StateType (index.js) has REQUIRE_MFA and MFA_CHALLENGE; its public typings leave
 * them out (they are marked @internal in build/internal), so they are read from the runtime enum here.
 */
const StateType = authentication.StateType as unknown as Record<
  'SUCCESS' | 'REQUIRE_MFA' | 'MFA_CHALLENGE',
  string
>;
const verifyBody = (request: authentication.VerifyRequest) => JSON.stringify(request);
const VERIFY_URL = 'https://www.wixapis.com/_api/iam/authentication/v2/verify';

let restoreFetch: () => void = () => {};
let t: TestApp;
let now = new Date('2030-07-01T09:00:00.000Z');
let clientId: string;

beforeAll(async () => {
  ({ t } = await listeningTestApp({ clock: () => now, env: { REQUIRE_EMAIL_VERIFICATION: 'false' } }));
  clientId = await memberClient(t);
  restoreFetch = routeWixSdkTo(t.config.publicUrl);
});
afterAll(async () => {
  restoreFetch();
  await t?.close();
});

const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

function appClient() {
  const auth = OAuthStrategy({ clientId });
  return { auth, wix: createWixClient({ auth, modules: { authentication } }) };
}

async function verifyCall(
  wix: ReturnType<typeof appClient>['wix'],
  request: VerifyRequest,
): Promise<{ status: number; body: StateMachineReply & ErrorBody }> {
  const reply = await wix.fetchWithAuth(VERIFY_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: verifyBody(request),
  });
  return { status: reply.status, body: (await reply.json()) as StateMachineReply & ErrorBody };
}

describe('second factors through the public @wix/identity authentication module', () => {
  it('every state this server answers is one of the module’s StateType values', () => {
    const states = Object.values(authentication.StateType) as string[];
    for (const state of [
      'SUCCESS',
      'REQUIRE_EMAIL_VERIFICATION',
      'REQUIRE_OWNER_APPROVAL',
      'REQUIRE_MFA',
      'MFA_CHALLENGE',
    ]) {
      expect(states).toContain(state);
    }
  });

  it('TOTP: loginV2 → REQUIRE_MFA (requireMfaData) → verify with totpData and rememberThisDevice → SUCCESS → member tokens; the remembered device then logs in without it', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['TOTP'], now: () => now });
    later(30_000);
    const { auth, wix } = appClient();
    auth.setTokens(await auth.generateVisitorTokens());

    const step = (await wix.authentication.loginV2(
      { email: member.email },
      { password: PASSWORD },
    )) as StateMachineReply;
    expect(step.state).toBe(StateType.REQUIRE_MFA);
    expect(step.sessionToken).toBeUndefined();
    expect(step.requireMfaData).toEqual({
      availableFactors: [
        { factorType: authentication.FactorType.TOTP, factorStatus: authentication.FactorStatus.ENABLED },
      ],
      reason: authentication.MfaReason.USER_SETTINGS,
    });
    expect(step.identity?._id).toBe(member.memberId);

    const wrong = await verifyCall(wix, {
      stateToken: step.stateToken as string,
      factorType: authentication.FactorType.TOTP,
      totpData: { code: '000000' === currentTotpCode(member.secret as string, now) ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details?.applicationError?.code).toBe('VERIFICATION_FAILED');

    const done = await verifyCall(wix, {
      stateToken: step.stateToken as string,
      factorType: authentication.FactorType.TOTP,
      totpData: { code: currentTotpCode(member.secret as string, now) },
      rememberThisDevice: true,
    });
    expect(done.status).toBe(200);
    expect(done.body.state).toBe(StateType.SUCCESS);
    const deviceToken = done.body.additionalData?.deviceToken?.strValue as string;
    expect(deviceToken).toMatch(/^osd_/);

    // The session token goes the way of any password login's: the authorize URL, a code, member tokens.
    const oauthData = auth.generateOAuthData(SHOP_CALLBACK);
    const { authUrl } = await auth.getAuthUrl(oauthData, {
      prompt: 'none',
      sessionToken: done.body.sessionToken,
    } as Parameters<typeof auth.getAuthUrl>[1]);
    const page = await fetch(authUrl, { redirect: 'manual' });
    const { code, state } = auth.parseFromUrl(page.headers.get('location') as string);
    const tokens = await auth.getMemberTokens(code as string, state as string, oauthData);
    expect(tokens.refreshToken.role).toBe('member');

    // loginV2 sends clientMetaData as given: the remembered device skips the factor.
    const again = (await wix.authentication.loginV2(
      { email: member.email },
      { password: PASSWORD, clientMetaData: { deviceToken } },
    )) as StateMachineReply;
    expect(again.state).toBe(StateType.SUCCESS);
    expect(again.sessionToken).toMatch(/^oss_/);
  });

  it('EMAIL: loginV2 → MFA_CHALLENGE (mfaChallengeData with the masked address) → verify with emailData → SUCCESS', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['EMAIL'], now: () => now });
    const { auth, wix } = appClient();
    auth.setTokens(await auth.generateVisitorTokens());
    const step = (await wix.authentication.loginV2(
      { email: member.email },
      { password: PASSWORD },
    )) as StateMachineReply;
    expect(step.state).toBe(StateType.MFA_CHALLENGE);
    expect(step.mfaChallengeData).toEqual({
      factorType: authentication.FactorType.EMAIL,
      verificationChallengeData: { hint: `${member.email.charAt(0)}***@example.com` },
      availableFactors: [
        { factorType: authentication.FactorType.EMAIL, factorStatus: authentication.FactorStatus.ENABLED },
      ],
      reason: authentication.MfaReason.USER_SETTINGS,
    });
    // Asking for a new code is the same call without one.
    const resent = await verifyCall(wix, {
      stateToken: step.stateToken as string,
      factorType: authentication.FactorType.EMAIL,
    });
    expect(resent.body.state).toBe(StateType.MFA_CHALLENGE);
    const done = await verifyCall(wix, {
      stateToken: step.stateToken as string,
      factorType: authentication.FactorType.EMAIL,
      emailData: { code: await mailboxCode(t, member.email) },
    });
    expect(done.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.stringMatching(/^oss_/) });
    expect(done.body.additionalData).toEqual({});
  });

  it('OAuthStrategy.login, which knows no second factor, answers FAILURE "Unknown _state" (as on the platform): apps send such members to the hosted login', async () => {
    const member = await memberWithFactors(t, { clientId, factors: ['TOTP'], now: () => now });
    const { auth } = appClient();
    auth.setTokens(await auth.generateVisitorTokens());
    expect(await auth.login({ email: member.email, password: PASSWORD })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
  });
});
