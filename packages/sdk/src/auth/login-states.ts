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
  // Ours, beside the seven of spec §4: the platform's REQUIRE_MFA and MFA_CHALLENGE replies.
  'SECOND_FACTOR_REQUIRED',
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

/** The second factors a store can ask for (the platform's FactorType values this server serves). */
export type SecondFactorType = 'TOTP' | 'EMAIL';

/** What a SECOND_FACTOR_REQUIRED result carries. */
export interface SecondFactorStep {
  /** Names this login step in the next call. */
  stateToken: string;
  /** The factors the member set up, authenticator app first. */
  factors: SecondFactorType[];
  /**
   * The factor being verified (the server's MFA_CHALLENGE): for EMAIL a code was e-mailed, and `hint`
   * is the masked address it went to. Absent (REQUIRE_MFA): choose one, or just send a TOTP code.
   */
  challenge?: { factorType: SecondFactorType; hint?: string };
}

/** The outcome of a step; `loginState` tells which fields are present. */
export type LoginResult =
  | { loginState: 'INITIAL' }
  | {
      loginState: 'SUCCESS';
      /** `deviceToken`: after a second factor with rememberThisDevice; send it with later logins. */
      data: { sessionToken: string; deviceToken?: string };
    }
  | { loginState: 'SECOND_FACTOR_REQUIRED'; data: SecondFactorStep }
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

interface WireFactor {
  factorType?: string;
  factorStatus?: string;
}

/** The server's reply to register, login and verify (the platform's StateMachineResponse). */
export interface AuthenticationReply {
  state?: string;
  sessionToken?: string;
  stateToken?: string;
  identity?: unknown;
  additionalData?: Record<string, { strValue?: string } | undefined>;
  requireMfaData?: { availableFactors?: WireFactor[]; reason?: string };
  mfaChallengeData?: {
    factorType?: string;
    verificationChallengeData?: { hint?: string };
    availableFactors?: WireFactor[];
  };
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
 * mapAuthenticationReply({ state: 'REQUIRE_MFA', stateToken: 'osm_…', requireMfaData: { availableFactors: [{ factorType: 'TOTP', factorStatus: 'ENABLED' }] } });
 * // { loginState: 'SECOND_FACTOR_REQUIRED', data: { stateToken: 'osm_…', factors: ['TOTP'] } }
 * ```
 */
export function mapAuthenticationReply(reply: AuthenticationReply): LoginResult {
  switch (reply.state) {
    case 'SUCCESS': {
      // A success without the token to exchange for member tokens cannot be continued.
      if (!reply.sessionToken) return { loginState: 'FAILURE', error: 'Missing sessionToken' };
      const deviceToken = reply.additionalData?.deviceToken?.strValue;
      return {
        loginState: 'SUCCESS',
        data: { sessionToken: reply.sessionToken, ...(deviceToken ? { deviceToken } : {}) },
      };
    }
    case 'REQUIRE_MFA':
    case 'MFA_CHALLENGE':
      return secondFactorStep(reply);
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

const SECOND_FACTOR_TYPES: readonly string[] = ['TOTP', 'EMAIL'] satisfies SecondFactorType[];
const isSecondFactor = (value: string | undefined): value is SecondFactorType =>
  value !== undefined && SECOND_FACTOR_TYPES.includes(value);

/**
 * REQUIRE_MFA (requireMfaData) and MFA_CHALLENGE (mfaChallengeData) → SECOND_FACTOR_REQUIRED. Only
 * factors this SDK can complete, and enabled ones, are offered; a step offering none cannot be continued.
 */
function secondFactorStep(reply: AuthenticationReply): LoginResult {
  const challengeData = reply.state === 'MFA_CHALLENGE' ? reply.mfaChallengeData : undefined;
  const wire = (challengeData ?? reply.requireMfaData)?.availableFactors ?? [];
  const factors = wire
    .filter((factor) => factor.factorStatus === undefined || factor.factorStatus.startsWith('ENABLED'))
    .map((factor) => factor.factorType)
    .filter(isSecondFactor);
  if (!reply.stateToken) return { loginState: 'FAILURE', error: 'Missing stateToken' };
  if (factors.length === 0) return { loginState: 'FAILURE', error: 'No second factor this client can use' };
  const chosen = challengeData?.factorType;
  const hint = challengeData?.verificationChallengeData?.hint;
  return {
    loginState: 'SECOND_FACTOR_REQUIRED',
    data: {
      stateToken: reply.stateToken,
      factors,
      ...(isSecondFactor(chosen) ? { challenge: { factorType: chosen, ...(hint ? { hint } : {}) } } : {}),
    },
  };
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
