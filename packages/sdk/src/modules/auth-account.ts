// The account calls of the auth module (docs/api/identity.md): a new e-mailed code, a new password
// from the recovery link, a password change, and ending the session on the server. Kept apart from the
// login flows in auth.ts; `createAuthModule` spreads them in.

import { AUTH_PATHS, captchaBody } from '../auth/login.js';
import {
  type AuthenticationReply,
  type CaptchaTokens,
  type LoginResult,
  mapAuthenticationReply,
} from '../auth/login-states.js';
import type { CaptchaSettings } from '../entities/index.js';
import { ApplicationError } from '../errors.js';
import type { ClientContext } from './context.js';

/** What may stand in for a recent sign-in when changing the password. */
export interface ChangePasswordOptions {
  /** The member's current password. */
  currentPassword?: string;
  /** A solved captcha, when the store or repeated failures ask for one. */
  captchaTokens?: CaptchaTokens;
}

/** Account calls of {@link AuthModule}. */
export interface AuthAccountCalls {
  /**
   * E-mails a new code for the sign-up or login waiting in EMAIL_VERIFICATION_REQUIRED: its `stateToken`,
   * or by default the one of this client's current login state.
   *
   * @example
   * ```ts
   * await client.auth.resendVerificationCode(result.data.stateToken);
   * ```
   */
  resendVerificationCode(stateToken?: string): Promise<void>;
  /**
   * Sets a new password with the token of the e-mailed recovery link; answers like login (SUCCESS carries a
   * session token for {@link AuthModule.getMemberTokensForDirectLogin}).
   *
   * @example
   * ```ts
   * const result = await client.auth.recoverPassword({ recoveryToken: url.searchParams.get('token'), password });
   * ```
   */
  recoverPassword(params: { recoveryToken: string; password: string }): Promise<LoginResult>;
  /**
   * Changes the signed-in member's password; the member's other sessions end, this one stays. The server
   * accepts it within 10 minutes (by default) of the member's sign-in (a refresh does not count), else it
   * answers 403 `RECENT_LOGIN_REQUIRED`: sign the member in again, or send `currentPassword`. A wrong
   * current password is a ValidationError on `currentPassword`; after several, the server asks for a
   * captcha (`-19971`) in `captchaTokens`.
   *
   * @example
   * ```ts
   * await client.auth.changePassword(newPassword, { currentPassword });
   * ```
   */
  changePassword(newPassword: string, options?: ChangePasswordOptions): Promise<void>;
  /**
   * Ends this client's session on the server (its tokens stop working there) and forgets them here. A
   * session that had already ended counts as ended.
   *
   * @example
   * ```ts
   * await client.auth.endSession();
   * ```
   */
  endSession(): Promise<void>;
  /**
   * The store's captcha mode (`off`, `invisible`, `visible`) and site keys, so that a form can run the
   * check before its first submit.
   *
   * @example
   * ```ts
   * const { mode } = await client.auth.getCaptchaSettings();
   * ```
   */
  getCaptchaSettings(): Promise<CaptchaSettings>;
}

/**
 * Creates the account calls over a client's transport (normally through `createClient`).
 *
 * @example
 * ```ts
 * const calls = createAuthAccountCalls(context, () => flow.state);
 * ```
 */
export function createAuthAccountCalls(
  { transport, tokens }: ClientContext,
  currentState: () => LoginResult,
): AuthAccountCalls {
  return {
    async resendVerificationCode(stateToken) {
      const state = currentState();
      const token =
        stateToken ??
        (state.loginState === 'EMAIL_VERIFICATION_REQUIRED' ? state.data.stateToken : undefined);
      if (!token) {
        throw new Error(
          `resendVerificationCode needs a stateToken: pass the one of an EMAIL_VERIFICATION_REQUIRED result (current state: ${state.loginState})`,
        );
      }
      await transport.request({ method: 'POST', path: AUTH_PATHS.resendCode, body: { stateToken: token } });
    },
    async recoverPassword(params) {
      const reply = await transport.request<AuthenticationReply>({
        method: 'POST',
        path: AUTH_PATHS.recover,
        body: params,
      });
      return mapAuthenticationReply(reply);
    },
    async changePassword(newPassword, options = {}) {
      await transport.request({
        method: 'POST',
        path: AUTH_PATHS.changePassword,
        body: {
          newPassword,
          ...(options.currentPassword !== undefined ? { currentPassword: options.currentPassword } : {}),
          ...captchaBody(options.captchaTokens),
        },
      });
    },
    async endSession() {
      try {
        await transport.request({ method: 'GET', path: AUTH_PATHS.logout });
      } catch (error) {
        // An already ended session is what ending it wants anyway.
        if (!(error instanceof ApplicationError)) throw error;
      }
      tokens?.logout();
    },
    getCaptchaSettings: () =>
      transport.request<CaptchaSettings>({
        method: 'GET',
        path: AUTH_PATHS.captchaSettings,
        identity: 'optional',
      }),
  };
}
