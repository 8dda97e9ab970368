// The client login states (spec §4 "Client login state") and how server replies and failures map onto
// them (spec §8 "Sign-in codes"). Pure functions, no I/O.

import { ApplicationError, ValidationError } from '../errors.js';

export const LOGIN_STATES = [
  'INITIAL',
  'SUCCESS',
  'FAILURE',
  'EMAIL_VERIFICATION_REQUIRED',
  'OWNER_APPROVAL_REQUIRED',
  'USER_CAPTCHA_REQUIRED',
  'SILENT_CAPTCHA_REQUIRED',
] as const;
export type LoginState = (typeof LOGIN_STATES)[number];

/** Why a register or login attempt failed (spec §8 "Sign-in codes"). */
export type AuthErrorCode =
  | 'invalidEmail'
  | 'emailAlreadyExists'
  | 'invalidPassword'
  | 'resetPassword'
  | 'missingCaptchaToken'
  | 'invalidCaptchaToken';

/** The outcome of a step; `loginState` tells which fields are present. */
export type LoginResult =
  | { loginState: 'INITIAL' }
  | { loginState: 'SUCCESS'; data: { sessionToken: string } }
  | { loginState: 'EMAIL_VERIFICATION_REQUIRED'; data: { stateToken: string } }
  | { loginState: 'OWNER_APPROVAL_REQUIRED' }
  | {
      loginState: 'USER_CAPTCHA_REQUIRED' | 'SILENT_CAPTCHA_REQUIRED';
      error: string;
      errorCode: 'missingCaptchaToken' | 'invalidCaptchaToken';
    }
  | { loginState: 'FAILURE'; error: string; errorCode?: AuthErrorCode };

/** Captcha answers: the invisible one (silent) and the visible one (user-solved). */
export interface CaptchaTokens {
  invisibleRecaptchaToken?: string;
  recaptchaToken?: string;
}

/** The server's reply to register, login and verify. */
export interface AuthenticationReply {
  state?: string;
  sessionToken?: string;
  stateToken?: string;
  identity?: unknown;
}

export const INITIAL_LOGIN_STATE: LoginResult = { loginState: 'INITIAL' };

const MISSING_CAPTCHA = '-19971';
const INVALID_CAPTCHA = '-19970';

/**
 * Maps a register/login/verify reply to a {@link LoginResult}.
 *
 * @example
 * ```ts
 * mapAuthenticationReply({ state: 'SUCCESS', sessionToken: 'st' }); // { loginState: 'SUCCESS', data: { sessionToken: 'st' } }
 * mapAuthenticationReply({ state: 'STATUS_CHECK' }); // { loginState: 'FAILURE', error: 'Unknown _state' }
 * ```
 */
export function mapAuthenticationReply(reply: AuthenticationReply): LoginResult {
  switch (reply.state) {
    case 'SUCCESS':
      // A success without the token to exchange for member tokens cannot be continued.
      return reply.sessionToken
        ? { loginState: 'SUCCESS', data: { sessionToken: reply.sessionToken } }
        : { loginState: 'FAILURE', error: 'Missing sessionToken' };
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: 'OWNER_APPROVAL_REQUIRED' };
    case 'REQUIRE_EMAIL_VERIFICATION':
      return reply.stateToken
        ? { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: reply.stateToken } }
        : { loginState: 'FAILURE', error: 'Missing stateToken' };
    default:
      return { loginState: 'FAILURE', error: 'Unknown _state' };
  }
}

/**
 * Maps a failed register call to a result. Network failures and 5xx (SystemError) are rethrown: they are
 * not a verdict on the user's input, and the UI should offer a retry rather than a form error.
 *
 * @example
 * ```ts
 * mapRegisterError(new ApplicationError('Exists', { code: '-19995' })).errorCode; // 'emailAlreadyExists'
 * ```
 */
export function mapRegisterError(error: unknown, captchaTokens?: CaptchaTokens): LoginResult {
  if (error instanceof ValidationError) {
    const email = error.violations.find((v) => v.field === 'loginId.email' || v.data?.type === 'EMAIL');
    return email
      ? { loginState: 'FAILURE', error: email.description, errorCode: 'invalidEmail' }
      : { loginState: 'FAILURE', error: error.message };
  }
  if (error instanceof ApplicationError) {
    if (error.code === '-19995')
      return { loginState: 'FAILURE', error: error.message, errorCode: 'emailAlreadyExists' };
    if (error.code === MISSING_CAPTCHA || error.code === INVALID_CAPTCHA) {
      return captchaOutcome(error, captchaTokens);
    }
    return { loginState: 'FAILURE', error: error.message };
  }
  throw error;
}

/**
 * Maps a failed login call to a result: -19976 invalidPassword, -19973 resetPassword, captcha codes, and
 * every other refusal invalidEmail (as the protocol's clients expect). SystemErrors are rethrown.
 *
 * @example
 * ```ts
 * mapLoginError(new ApplicationError('Wrong', { code: '-19976' })).errorCode; // 'invalidPassword'
 * ```
 */
export function mapLoginError(error: unknown, captchaTokens?: CaptchaTokens): LoginResult {
  if (error instanceof ApplicationError) {
    if (error.code === '-19976')
      return { loginState: 'FAILURE', error: error.message, errorCode: 'invalidPassword' };
    if (error.code === '-19973')
      return { loginState: 'FAILURE', error: error.message, errorCode: 'resetPassword' };
    if (error.code === MISSING_CAPTCHA || error.code === INVALID_CAPTCHA) {
      return captchaOutcome(error, captchaTokens);
    }
    return { loginState: 'FAILURE', error: error.message, errorCode: 'invalidEmail' };
  }
  if (error instanceof ValidationError) {
    const message = error.violations[0]?.description ?? error.message;
    return { loginState: 'FAILURE', error: message, errorCode: 'invalidEmail' };
  }
  throw error;
}

// Captcha codes become states the UI can act on (spec §4 lists both captcha states without saying when):
// no token at all and "missing" → SILENT_CAPTCHA_REQUIRED (run the invisible captcha and retry); only an
// invisible token and still refused → USER_CAPTCHA_REQUIRED (show the visible one); a visible token refused,
// or any other mix → FAILURE with the code, since escalating further is not possible.
function captchaOutcome(error: ApplicationError, tokens: CaptchaTokens | undefined): LoginResult {
  const errorCode = error.code === MISSING_CAPTCHA ? 'missingCaptchaToken' : 'invalidCaptchaToken';
  const invisible = Boolean(tokens?.invisibleRecaptchaToken);
  const visible = Boolean(tokens?.recaptchaToken);
  if (!invisible && !visible && error.code === MISSING_CAPTCHA) {
    return { loginState: 'SILENT_CAPTCHA_REQUIRED', error: error.message, errorCode };
  }
  if (invisible && !visible) return { loginState: 'USER_CAPTCHA_REQUIRED', error: error.message, errorCode };
  return { loginState: 'FAILURE', error: error.message, errorCode };
}
