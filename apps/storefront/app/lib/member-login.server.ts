import {
  ApplicationError,
  type AuthenticationReply,
  type LoginResult,
  mapAuthenticationReply,
  type Transport,
} from '@openshelf/sdk';

// Identity calls the SDK does not have yet (resend code, recover, change password, server-side logout).
// Kept here, on the SDK client's own transport, so they move into the SDK in one place.

const PATHS = {
  authorize: '/oauth2/authorize',
  resendCode: '/_api/iam/verification/v1/auth/resend',
  recover: '/_api/iam/recovery/v1/recover',
  changePassword: '/_api/iam/authentication/v2/change-password',
  logout: '/_api/iam/authentication/v1/logout',
  callback: '/_api/iam/authentication/v1/callback',
} as const;

/** Where a third-party app's login continues: the server's callback puts the session token on the authorize request. */
export function oauthCallbackUrl(authorizeRequest: string, sessionToken: string): string {
  const query = new URLSearchParams({ state: authorizeRequest, sessionToken });
  return `${PATHS.callback}?${query}`;
}

/** Whether `returnTo` is an authorize request of an OAuth app (the login then belongs to that app). */
export function isAuthorizeRequest(returnTo: string): boolean {
  return returnTo.startsWith(`${PATHS.authorize}?`);
}

/** E-mails a new verification code for the login or sign-up waiting on `stateToken`. */
export async function resendVerificationCode(transport: Transport, stateToken: string): Promise<void> {
  await transport.request({ method: 'POST', path: PATHS.resendCode, body: { stateToken } });
}

/** Sets a new password from the e-mailed recovery link; answers like login. */
export async function recoverPassword(
  transport: Transport,
  params: { recoveryToken: string; password: string },
): Promise<LoginResult> {
  const reply = await transport.request<AuthenticationReply>({
    method: 'POST',
    path: PATHS.recover,
    body: params,
  });
  return mapAuthenticationReply(reply);
}

/** Changes the signed-in member's password. The server ends every session of the member. */
export async function changePassword(transport: Transport, newPassword: string): Promise<void> {
  await transport.request({ method: 'POST', path: PATHS.changePassword, body: { newPassword } });
}

/** Ends the caller's session on the server (its refresh and access tokens stop working). */
export async function endServerSession(transport: Transport): Promise<void> {
  try {
    await transport.request({ method: 'GET', path: PATHS.logout });
  } catch (error) {
    // An already ended session is what logging out wants anyway.
    if (!(error instanceof ApplicationError)) throw error;
  }
}
