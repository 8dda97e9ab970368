import {
  type ApplicationError,
  isApplicationError,
  type LoginResult,
  readCookie,
  type SecondFactorStep,
} from '@openshelf/sdk';
import { data, type RouterContextProvider, redirect, redirectDocument } from 'react-router';
import { storefrontContext } from '../../lib/context';
import { DEVICE_COOKIE, isSecureSite, setCookie, VERIFY_COOKIE } from '../../lib/cookies.server';
import { type FormErrors, formErrors, formProblem } from '../../lib/forms/form-errors';
import { safeRedirect } from '../../lib/safe-redirect';
import { getSession, type ShopSession } from '../../lib/session.server';

// What every sign-in page does with a login state (spec §4): sign the shopper in, ask for the e-mailed
// code, say the owner must approve, ask for the captcha, or show the failure at the field it concerns.

export const DEFAULT_RETURN_TO = '/account';
const AUTHORIZE_PATH = '/oauth2/authorize';
const LOGIN_CALLBACK_PATH = '/_api/iam/authentication/v1/callback';

/** Where a third-party app's login continues: the server's callback puts the session token on the authorize request. */
function oauthCallbackUrl(authorizeRequest: string, sessionToken: string): string {
  const query = new URLSearchParams({ state: authorizeRequest, sessionToken });
  return `${LOGIN_CALLBACK_PATH}?${query}`;
}

/** Whether `returnTo` is an authorize request of an OAuth app (the login then belongs to that app). */
export function isAuthorizeRequest(returnTo: string): boolean {
  return returnTo.startsWith(`${AUTHORIZE_PATH}?`);
}

/**
 * Where a sign-in page goes back to (`returnTo` from the URL, the form or the pending cookie): a place on
 * this store as a browser would resolve it, never another origin (no open redirect, lib/safe-redirect.ts).
 */
export function returnToOf(value: unknown, context: Readonly<RouterContextProvider>): string {
  return safeRedirect(value, context.get(storefrontContext).publicUrl, { fallback: DEFAULT_RETURN_TO });
}

/**
 * The sign-up or login waiting for a code (the e-mailed verification code, or a second factor); kept in
 * a short-lived httpOnly cookie.
 */
export interface PendingVerification {
  stateToken: string;
  returnTo: string;
  email: string;
  /**
   * The app's login redirect session this sign-in runs in (`?flow=`). Only its id is kept: the way back to
   * the app is read from the server again when the code is confirmed, so a cookie planted in the browser
   * cannot name a destination of its own.
   */
  flow?: string | undefined;
  /** A login waiting for its second factor (/verify-login), not for e-mail verification (/verify-email). */
  secondFactor?: Omit<SecondFactorStep, 'stateToken'> | undefined;
}

export function readPendingVerification(
  request: Request,
  context: Readonly<RouterContextProvider>,
): PendingVerification | undefined {
  const raw = readCookie(request.headers.get('Cookie'), VERIFY_COOKIE.name);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as PendingVerification;
    if (typeof value.stateToken !== 'string' || typeof value.email !== 'string') return undefined;
    // The cookie is this site's, but it is still request input: returnTo is judged again.
    return {
      ...value,
      returnTo: returnToOf(value.returnTo, context),
      flow: typeof value.flow === 'string' ? value.flow : undefined,
    };
  } catch {
    return undefined;
  }
}

/** Secure when the store is https (lib/cookies.server.ts has every cookie's attributes). */
function secureCookies(request: Request, context: Readonly<RouterContextProvider>): boolean {
  return isSecureSite(context.get(storefrontContext).publicUrl, request);
}

export function verificationCookie(
  request: Request,
  context: Readonly<RouterContextProvider>,
  pending: PendingVerification | undefined,
): string {
  const value = pending ? Buffer.from(JSON.stringify(pending)).toString('base64url') : undefined;
  return setCookie(VERIFY_COOKIE, value, secureCookies(request, context));
}

/** This browser's remembered-device token, sent with its logins so that the second factor is skipped. */
export function readDeviceToken(request: Request): string | undefined {
  const value = readCookie(request.headers.get('Cookie'), DEVICE_COOKIE.name);
  return value?.startsWith('osd_') ? value : undefined;
}

export type CaptchaKind = 'invisible' | 'visible';

/** What a sign-in form shows after a step that did not sign the shopper in. */
export interface AuthFormState {
  errors: FormErrors;
  values: Record<string, string>;
  /** The owner must approve the account before it can sign in. */
  awaitingApproval?: boolean;
  /** The server wants a captcha solved before it answers. */
  captcha?: CaptchaKind;
  /** A new verification code was sent. */
  resent?: boolean;
  /** A password-reset e-mail was requested. */
  sent?: boolean;
  /** Changes were saved. */
  saved?: boolean;
}

export function formState(
  errors: FormErrors,
  values: Record<string, string>,
  extra: Partial<AuthFormState> = {},
  status = 400,
) {
  return data<AuthFormState>({ errors, values, ...extra }, { status });
}

interface StepContext {
  request: Request;
  context: Readonly<RouterContextProvider>;
  session: ShopSession;
  returnTo: string;
  email: string;
  values: Record<string, string>;
  /** The app's login redirect session (`?flow=`), kept for the code pages. */
  flow?: string | undefined;
  /** Its way back to the app, as the server verified it for the app (see {@link loginSessionReturn}). */
  postFlowUrl?: string | undefined;
  /** The captcha the form sent, if any: a failure keeps it on the form for the next try. */
  captcha?: CaptchaKind | undefined;
}

/**
 * Acts on a login state. SUCCESS signs the shopper in (the session cookie switches to member tokens and
 * the visitor's cart joins the member's), or, when the login came from a third-party app's authorize
 * request, hands the session token to that request through the server's callback.
 */
export async function afterAuthStep(result: LoginResult, step: StepContext) {
  switch (result.loginState) {
    case 'SUCCESS':
      return signIn(result.data.sessionToken, step, result.data.deviceToken);
    case 'SECOND_FACTOR_REQUIRED': {
      const { stateToken, ...secondFactor } = result.data;
      const pending: PendingVerification = {
        stateToken,
        returnTo: step.returnTo,
        email: step.email,
        flow: step.flow,
        secondFactor,
      };
      return redirect('/verify-login', {
        headers: { 'Set-Cookie': verificationCookie(step.request, step.context, pending) },
      });
    }
    case 'EMAIL_VERIFICATION_REQUIRED': {
      const pending: PendingVerification = {
        stateToken: result.data.stateToken,
        returnTo: step.returnTo,
        email: step.email,
        flow: step.flow,
      };
      return redirect('/verify-email', {
        headers: { 'Set-Cookie': verificationCookie(step.request, step.context, pending) },
      });
    }
    case 'OWNER_APPROVAL_REQUIRED':
      return formState(formErrors({}), step.values, { awaitingApproval: true }, 200);
    case 'SILENT_CAPTCHA_REQUIRED':
    case 'USER_CAPTCHA_REQUIRED': {
      const kind: CaptchaKind = result.loginState === 'SILENT_CAPTCHA_REQUIRED' ? 'invisible' : 'visible';
      const message =
        result.errorCode === 'invalidCaptchaToken'
          ? 'The security check did not pass. Please try it again.'
          : 'Please complete the security check, then submit again.';
      return formState(formErrors({ captcha: message }), step.values, { captcha: kind });
    }
    case 'FAILURE':
      // A captcha once asked for (repeated failures) is asked again: the form keeps running it.
      return formState(failureErrors(result), step.values, step.captcha ? { captcha: step.captcha } : {});
    default:
      return formState(formProblem('Something unexpected happened. Please try again.'), step.values);
  }
}

async function signIn(sessionToken: string, step: StepContext, deviceToken?: string) {
  const clearPending = new Headers([
    ['Set-Cookie', verificationCookie(step.request, step.context, undefined)],
  ]);
  if (deviceToken) {
    clearPending.append(
      'Set-Cookie',
      setCookie(DEVICE_COOKIE, deviceToken, secureCookies(step.request, step.context)),
    );
  }
  if (isAuthorizeRequest(step.returnTo)) {
    // A document load, not a client-side navigation: the callback is an API path that redirects on.
    return redirectDocument(oauthCallbackUrl(step.returnTo, sessionToken), { headers: clearPending });
  }
  // The storefront's own client exchanges the token server-side (PKCE, its registered callback URI); the
  // session cookie then holds member tokens.
  const { publicUrl } = step.context.get(storefrontContext);
  const tokens = await step.session.client.auth.getMemberTokensForDirectLogin(
    sessionToken,
    `${new URL(publicUrl).origin}/callback`,
  );
  step.session.setTokens(tokens);
  // Back to the app that sent the shopper here (another site: a document load), else to returnTo.
  if (step.postFlowUrl) return redirectDocument(step.postFlowUrl, { headers: clearPending });
  return redirect(step.returnTo, { headers: clearPending });
}

function failureErrors(result: Extract<LoginResult, { loginState: 'FAILURE' }>): FormErrors {
  switch (result.errorCode) {
    case 'invalidPassword':
      return formErrors({
        password: 'The e-mail or password is not right. Check both, or reset your password.',
      });
    case 'emailAlreadyExists':
      return formErrors({
        email: 'An account with this e-mail already exists. Log in, or reset its password.',
      });
    case 'invalidEmail':
      return formErrors({ email: result.error || 'Enter a valid e-mail address, like name@example.com.' });
    case 'resetPassword':
      return formErrors({
        password: 'This account has no password yet. Use “Forgot your password?” to set one.',
      });
    case 'missingCaptchaToken':
    case 'invalidCaptchaToken':
      return formErrors({ captcha: 'The security check did not pass. Reload the page and try again.' });
    default:
      return formProblem(result.error || 'We could not sign you in. Please try again.');
  }
}

/** The session of this request (the shop layout's middleware writes its cookie). */
export function sessionOf(request: Request, context: Readonly<RouterContextProvider>) {
  return getSession(request, context);
}

const MISSING_CAPTCHA = '-19971';
const INVALID_CAPTCHA = '-19970';

/**
 * A call refused for want of a captcha (-19971: the store asks on every attempt, or repeated failures
 * made it ask; -19970: the answer did not pass) as form state: the captcha field, of the kind the
 * server named, with what to do. Undefined for any other error.
 */
export function captchaRefusal(error: unknown, values: Record<string, string>) {
  if (!isApplicationError(error)) return undefined;
  const { code, data } = error as ApplicationError;
  if (code !== MISSING_CAPTCHA && code !== INVALID_CAPTCHA) return undefined;
  const kind: CaptchaKind = data?.mode === 'visible' ? 'visible' : 'invisible';
  const message =
    code === INVALID_CAPTCHA
      ? 'The security check did not pass. Please try it again.'
      : data?.reason
        ? 'There were several failed attempts, so we need a quick security check. Complete it, then submit again.'
        : 'Please complete the security check, then submit again.';
  return formState(formErrors({ captcha: message }), values, { captcha: kind });
}

/** The store's captcha mode, so that the form can run the check before the first submit. */
export async function captchaModeOf(session: ShopSession): Promise<'off' | 'invisible' | 'visible'> {
  const settings = await session.catalog.auth.getCaptchaSettings();
  return settings.mode === 'visible' || settings.mode === 'invisible' ? settings.mode : 'off';
}

/**
 * The client a sign-in step runs on. For the storefront itself it carries the visitor's token, so the
 * login is tied to that visitor (whose cart then joins the member's). For a third-party app's authorize
 * request it carries none: a session token bound to the storefront's client would not serve that app.
 */
export function signInClient(session: ShopSession, returnTo: string) {
  return isAuthorizeRequest(returnTo) ? session.catalog : session.client;
}

/**
 * The transport of {@link signInClient}, for the SDK's stateless login functions: the anonymous client is
 * shared by every request, so its own login-state tracking must not be used.
 */
export function signInTransport(session: ShopSession, returnTo: string) {
  return signInClient(session, returnTo).transport;
}

/** Hands the session token to the authorize request of a third-party app (the login belongs to it). */
export function continueAuthorization(authorizeRequest: string, sessionToken: string) {
  return redirectDocument(oauthCallbackUrl(authorizeRequest, sessionToken));
}

/** The OAuth prompt values of an authorize request (`returnTo=/oauth2/authorize?…`). */
export function promptsOf(returnTo: string): { prompts: Set<string>; clientId: string | undefined } {
  if (!isAuthorizeRequest(returnTo)) return { prompts: new Set(), clientId: undefined };
  const params = new URL(returnTo, 'http://local').searchParams;
  return {
    prompts: new Set((params.get('prompt') ?? 'login').split(' ').filter(Boolean)),
    clientId: params.get('client_id') ?? params.get('clientId') ?? undefined,
  };
}

/**
 * A login page opened from an app's login redirect session (`/login?flow=…` after the hand-over, see
 * lib/hosted-flow.server.ts): the `postFlowUrl` it was created with, which the server verified against the
 * app's allowed origins. Only the shopper who opened the flow can read it.
 */
export async function loginSessionReturn(
  session: ShopSession,
  flowId: string | null | undefined,
): Promise<string | undefined> {
  if (!flowId || !session.hasIdentity()) return undefined;
  try {
    const flow = await session.client.redirects.getHostedFlow(flowId);
    return flow.kind === 'login' ? flow.callbacks.postFlowUrl : undefined;
  } catch (error) {
    // Someone else's flow (a shared URL) only loses the way back; the login itself still works.
    if (isApplicationError(error) && (error.status === 404 || error.status === 401)) return undefined;
    throw error;
  }
}
