// The member's own second factors (docs/api/identity.md "Second factors"), and "continue as" for an app's
// authorize request (prompt=select_account). Spread into the auth module by `createAuthModule`.

import { AUTH_PATHS } from '../auth/login.js';
import type { SecondFactorType } from '../auth/login-states.js';
import type { ClientContext } from './context.js';

/** A factor being set up: TOTP answers the secret for the authenticator app; EMAIL e-mails a code. */
export interface EnrolledFactor {
  factorId: string;
  /** TOTP: the shared secret (base32), to type into the app. */
  secret?: string;
  /** TOTP: the `otpauth://` URI an authenticator app scans as a QR code. */
  otpauthUri?: string;
}

/** A factor confirmed: an authenticator app comes with new one-time recovery codes, answered this once. */
export interface ActivatedFactor {
  factorId: string;
  /** TOTP: ten recovery codes (`k7m2p-9xq4t`), each standing in for the app's code once at login. */
  recoveryCodes?: string[];
}

/** Second-factor calls of {@link AuthModule} (member tokens). */
export interface AuthFactorCalls {
  /**
   * Starts setting a factor up; it stays inactive until {@link AuthFactorCalls.activateFactor}.
   *
   * @example
   * ```ts
   * const { otpauthUri, secret } = await client.auth.enrollFactor('TOTP');
   * ```
   */
  enrollFactor(factorType: SecondFactorType): Promise<EnrolledFactor>;
  /**
   * Confirms a factor being set up with a first code (from the app, or the e-mail); from then on login
   * asks for a second factor.
   *
   * @example
   * ```ts
   * await client.auth.activateFactor('TOTP', '123456');
   * ```
   */
  activateFactor(factorType: SecondFactorType, code: string): Promise<ActivatedFactor>;
  /**
   * How many of the member's recovery codes are unused (`total` 0: none, no authenticator app).
   *
   * @example
   * ```ts
   * const { left } = await client.auth.recoveryCodes();
   * ```
   */
  recoveryCodes(): Promise<{ left: number; total: number }>;
  /**
   * New recovery codes, with a current code of the authenticator app; the earlier ones stop working. The
   * codes are answered this once: show them to the member to keep.
   *
   * @example
   * ```ts
   * const codes = await client.auth.regenerateRecoveryCodes('123456');
   * ```
   */
  regenerateRecoveryCodes(code: string): Promise<string[]>;
  /**
   * E-mails a code for the e-mail factor: a new one while setting it up, else one to confirm removing it.
   *
   * @example
   * ```ts
   * await client.auth.sendFactorCode('EMAIL');
   * ```
   */
  sendFactorCode(factorType: 'EMAIL'): Promise<void>;
  /**
   * Removes a factor with a current code of it (the app's, or one from {@link AuthFactorCalls.sendFactorCode});
   * devices remembered after a second factor must use one again.
   *
   * @example
   * ```ts
   * await client.auth.removeFactor('TOTP', '123456');
   * ```
   */
  removeFactor(factorType: SecondFactorType, code: string): Promise<void>;
  /**
   * For the store's own sign-in pages: a session token for another app's authorize request, as the member
   * signed in here ("continue as …" of prompt=select_account). Other clients are refused (403).
   *
   * @example
   * ```ts
   * const sessionToken = await client.auth.sessionTokenForApp(appClientId);
   * ```
   */
  sessionTokenForApp(clientId: string): Promise<string>;
}

/**
 * Creates the factor calls over a client's transport (normally through `createClient`).
 *
 * @example
 * ```ts
 * const calls = createAuthFactorCalls(context);
 * ```
 */
export function createAuthFactorCalls({ transport }: ClientContext): AuthFactorCalls {
  const factorPath = (type: SecondFactorType, action: string) =>
    `${AUTH_PATHS.factors}/${type.toLowerCase()}/${action}`;
  return {
    enrollFactor: (type) =>
      transport.request<EnrolledFactor>({ method: 'POST', path: factorPath(type, 'enroll'), body: {} }),
    activateFactor: (type, code) =>
      transport.request<ActivatedFactor>({
        method: 'POST',
        path: factorPath(type, 'activate'),
        body: { code },
      }),
    recoveryCodes: () =>
      transport.request<{ left: number; total: number }>({
        method: 'GET',
        path: `${AUTH_PATHS.factors}/recovery-codes`,
      }),
    async regenerateRecoveryCodes(code) {
      const reply = await transport.request<{ recoveryCodes: string[] }>({
        method: 'POST',
        path: `${AUTH_PATHS.factors}/recovery-codes/regenerate`,
        body: { code },
      });
      return reply.recoveryCodes;
    },
    async sendFactorCode(type) {
      await transport.request({ method: 'POST', path: factorPath(type, 'send-code'), body: {} });
    },
    async removeFactor(type, code) {
      await transport.request({ method: 'POST', path: factorPath(type, 'remove'), body: { code } });
    },
    async sessionTokenForApp(clientId) {
      const reply = await transport.request<{ sessionToken: string }>({
        method: 'POST',
        path: AUTH_PATHS.sessionTokenForApp,
        body: { clientId },
      });
      return reply.sessionToken;
    },
  };
}
