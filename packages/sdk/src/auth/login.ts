// The login calls (spec §4, wire-protocol.md §4.6): pure functions over a Transport, so each transition is
// testable with a fake fetch; `createLoginFlow` adds the small amount of state a UI needs (the current state,
// which carries the verification state token).

import type { Transport } from '../transport.js';
import {
  type AuthenticationReply,
  type CaptchaTokens,
  INITIAL_LOGIN_STATE,
  type LoginResult,
  mapAuthenticationReply,
  mapLoginError,
  mapRegisterError,
  type SecondFactorStep,
  type SecondFactorType,
} from './login-states.js';

export interface RegisterParams {
  email: string;
  password: string;
  profile?: Record<string, unknown>;
  captchaTokens?: CaptchaTokens;
}

export interface LoginParams {
  email: string;
  password: string;
  captchaTokens?: CaptchaTokens;
  /**
   * The `deviceToken` of an earlier SUCCESS with rememberThisDevice: a remembered device skips the second
   * factor (sent as the platform's `clientMetaData.deviceToken`).
   */
  deviceToken?: string;
}

/** Completes a SECOND_FACTOR_REQUIRED step. */
export interface SecondFactorParams {
  /**
   * Default: the factor of the current challenge, else the first factor offered. `RECOVERY_CODE`: one of
   * the member's one-time recovery codes instead of the authenticator app's code (a lost phone).
   */
  factorType?: SecondFactorType | 'RECOVERY_CODE';
  /** The 6-digit code from the authenticator app or the e-mail, or a recovery code (`k7m2p-9xq4t`). */
  code: string;
  /** Skip the second factor on this device for 30 days (the SUCCESS result then carries a deviceToken). */
  rememberThisDevice?: boolean;
}

export const AUTH_PATHS = {
  register: '/_api/iam/authentication/v2/register',
  login: '/_api/iam/authentication/v2/login',
  verify: '/_api/iam/verification/v1/auth/verify',
  verifySecondFactor: '/_api/iam/authentication/v2/verify',
  sessionTokenForApp: '/_api/iam/authentication/v1/session-token',
  factors: '/_api/iam/factors/v1',
  sendRecoveryEmail: '/_api/iam/recovery/v1/send-email',
  resendCode: '/_api/iam/verification/v1/auth/resend',
  recover: '/_api/iam/recovery/v1/recover',
  changePassword: '/_api/iam/authentication/v2/change-password',
  logout: '/_api/iam/authentication/v1/logout',
  captchaSettings: '/_api/iam/captcha/v1/settings',
} as const;

/**
 * Registers a new member.
 *
 * @example
 * ```ts
 * const result = await register(transport, { email: 'a@b.c', password: 'secret123', profile: { nickname: 'Neo' } });
 * if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED') askForCode();
 * ```
 */
export async function register(transport: Transport, params: RegisterParams): Promise<LoginResult> {
  const body = {
    loginId: { email: params.email },
    password: params.password,
    profile: params.profile ?? {},
    ...captchaBody(params.captchaTokens),
  };
  try {
    const reply = await transport.request<AuthenticationReply>({
      method: 'POST',
      path: AUTH_PATHS.register,
      body,
    });
    return mapAuthenticationReply(reply);
  } catch (error) {
    return mapRegisterError(error, params.captchaTokens);
  }
}

/**
 * Logs a member in with e-mail and password.
 *
 * @example
 * ```ts
 * const result = await login(transport, { email: 'a@b.c', password: 'secret123' });
 * if (result.loginState === 'FAILURE' && result.errorCode === 'invalidPassword') showPasswordError();
 * ```
 */
export async function login(transport: Transport, params: LoginParams): Promise<LoginResult> {
  const body = {
    loginId: { email: params.email },
    password: params.password,
    ...captchaBody(params.captchaTokens),
    ...(params.deviceToken ? { clientMetaData: { deviceToken: params.deviceToken } } : {}),
  };
  try {
    const reply = await transport.request<AuthenticationReply>({
      method: 'POST',
      path: AUTH_PATHS.login,
      body,
    });
    return mapAuthenticationReply(reply);
  } catch (error) {
    return mapLoginError(error, params.captchaTokens);
  }
}

/**
 * Sends the e-mailed verification code. Allowed only in EMAIL_VERIFICATION_REQUIRED; server errors (e.g. a
 * wrong code) are thrown so that the caller stays in that state and can let the user retry.
 *
 * @example
 * ```ts
 * const next = await processVerification(transport, current, { verificationCode: '123456' });
 * ```
 */
export async function processVerification(
  transport: Transport,
  current: LoginResult,
  params: { verificationCode: string },
): Promise<LoginResult> {
  if (current.loginState !== 'EMAIL_VERIFICATION_REQUIRED') {
    throw new Error(
      `processVerification is only allowed in the EMAIL_VERIFICATION_REQUIRED state (current state: ${current.loginState})`,
    );
  }
  const reply = await transport.request<AuthenticationReply>({
    method: 'POST',
    path: AUTH_PATHS.verify,
    body: { code: params.verificationCode, stateToken: current.data.stateToken },
  });
  return mapAuthenticationReply(reply);
}

function requireSecondFactorStep(current: LoginResult, call: string): SecondFactorStep {
  if (current.loginState !== 'SECOND_FACTOR_REQUIRED') {
    throw new Error(
      `${call} is only allowed in the SECOND_FACTOR_REQUIRED state (current state: ${current.loginState})`,
    );
  }
  return current.data;
}

/**
 * Sends the second factor's code (the platform's verify call). Allowed only in SECOND_FACTOR_REQUIRED; a
 * wrong code is thrown (ApplicationError VERIFICATION_FAILED, `data.attemptsLeft`) so that the caller
 * stays in that state and can let the user retry.
 *
 * @example
 * ```ts
 * const next = await verifySecondFactor(transport, current, { code: '123456', rememberThisDevice: true });
 * if (next.loginState === 'SUCCESS') keepDeviceToken(next.data.deviceToken);
 * ```
 */
export async function verifySecondFactor(
  transport: Transport,
  current: LoginResult,
  params: SecondFactorParams,
): Promise<LoginResult> {
  const step = requireSecondFactorStep(current, 'verifySecondFactor');
  const factorType = params.factorType ?? step.challenge?.factorType ?? (step.factors[0] as SecondFactorType);
  const data = { TOTP: 'totpData', EMAIL: 'emailData', RECOVERY_CODE: 'recoveryCodeData' }[factorType];
  const reply = await transport.request<AuthenticationReply>({
    method: 'POST',
    path: AUTH_PATHS.verifySecondFactor,
    body: {
      stateToken: step.stateToken,
      factorType,
      [data]: { code: params.code },
      ...(params.rememberThisDevice ? { rememberThisDevice: true } : {}),
    },
  });
  return mapAuthenticationReply(reply);
}

/**
 * Picks the factor to verify with: for EMAIL the server e-mails a code (calling it again sends a new
 * one). Answers SECOND_FACTOR_REQUIRED with `challenge` set. Allowed only in SECOND_FACTOR_REQUIRED.
 *
 * @example
 * ```ts
 * const next = await chooseSecondFactor(transport, current, 'EMAIL'); // next.data.challenge.hint: 'a***@b.c'
 * ```
 */
export async function chooseSecondFactor(
  transport: Transport,
  current: LoginResult,
  factorType: SecondFactorType,
): Promise<LoginResult> {
  const step = requireSecondFactorStep(current, 'chooseSecondFactor');
  const reply = await transport.request<AuthenticationReply>({
    method: 'POST',
    path: AUTH_PATHS.verifySecondFactor,
    body: { stateToken: step.stateToken, factorType },
  });
  return mapAuthenticationReply(reply);
}

/**
 * Asks the server to e-mail a password-reset link that leads to `redirectUrl`. After many requests for
 * one account the server asks for a captcha (ApplicationError `-19971`): solve one and send it in
 * `captchaTokens`.
 *
 * @example
 * ```ts
 * await sendPasswordResetEmail(transport, { email: 'a@b.c', redirectUrl: 'https://shop.example/reset', clientId });
 * ```
 */
export async function sendPasswordResetEmail(
  transport: Transport,
  params: { email: string; redirectUrl: string; clientId: string; captchaTokens?: CaptchaTokens },
): Promise<void> {
  await transport.request({
    method: 'POST',
    path: AUTH_PATHS.sendRecoveryEmail,
    body: {
      email: params.email,
      redirect: { url: params.redirectUrl, clientId: params.clientId },
      ...captchaBody(params.captchaTokens),
    },
  });
}

/** A login flow that remembers its state between steps. */
export interface LoginFlow {
  readonly state: LoginResult;
  register(params: RegisterParams): Promise<LoginResult>;
  login(params: LoginParams): Promise<LoginResult>;
  processVerification(params: { verificationCode: string }): Promise<LoginResult>;
  verifySecondFactor(params: SecondFactorParams): Promise<LoginResult>;
  chooseSecondFactor(factorType: SecondFactorType): Promise<LoginResult>;
  /** Back to INITIAL (e.g. when the user closes the dialog). */
  reset(): void;
}

/**
 * Wraps the pure functions with the current state, so a UI can render `flow.state`.
 *
 * @example
 * ```ts
 * const flow = createLoginFlow(transport);
 * await flow.login({ email, password });
 * if (flow.state.loginState === 'EMAIL_VERIFICATION_REQUIRED') await flow.processVerification({ verificationCode });
 * ```
 */
export function createLoginFlow(transport: Transport): LoginFlow {
  let state: LoginResult = INITIAL_LOGIN_STATE;
  const step = async (next: Promise<LoginResult>): Promise<LoginResult> => {
    state = await next;
    return state;
  };
  return {
    get state() {
      return state;
    },
    register: (params) => step(register(transport, params)),
    login: (params) => step(login(transport, params)),
    processVerification: (params) => step(processVerification(transport, state, params)),
    verifySecondFactor: (params) => step(verifySecondFactor(transport, state, params)),
    chooseSecondFactor: (factorType) => step(chooseSecondFactor(transport, state, factorType)),
    reset: () => {
      state = INITIAL_LOGIN_STATE;
    },
  };
}

// wire-protocol.md §4.6 writes the field as `captchaTokens:[{Recaptcha,InvisibleRecaptcha}]`; one object per
// kind that is present, as the public SDK builds it, is a reading both server shapes accept.
/** `captchaTokens` as the protocol carries them: one entry per answer given. */
export function captchaBody(tokens: CaptchaTokens | undefined): { captchaTokens?: Record<string, string>[] } {
  const list: Record<string, string>[] = [];
  if (tokens?.recaptchaToken) list.push({ Recaptcha: tokens.recaptchaToken });
  if (tokens?.invisibleRecaptchaToken) list.push({ InvisibleRecaptcha: tokens.invisibleRecaptchaToken });
  return list.length > 0 ? { captchaTokens: list } : {};
}
