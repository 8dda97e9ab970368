import {
  chooseSecondFactor,
  isApplicationError,
  type LoginResult,
  type SecondFactorType,
  verifySecondFactor,
} from '@openshelf/sdk';
import { data, Form, Link, type RouterContextProvider, redirect, useNavigation } from 'react-router';
import { Field } from '../../components/Field';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { type FormErrors, formErrors, formProblem, hasErrors } from '../../lib/forms/form-errors';
import { formReader } from '../../lib/forms/form-reader';
import accountStyles from '../../styles/account.css?url';
import type { Route } from './+types/verify-login';
import {
  afterAuthStep,
  formState,
  loginSessionReturn,
  type PendingVerification,
  readPendingVerification,
  sessionOf,
  signInTransport,
  verificationCookie,
} from './auth-flow.server';
import { AuthCard, ErrorSummary, OneTimeCodeField, RememberDeviceField, SubmitButton } from './form-ui';

// The second factor of a login (the API's REQUIRE_MFA / MFA_CHALLENGE): the code from the authenticator
// app or the e-mail, "remember this device", and then on exactly as a password login goes on (this shop,
// an app's authorize request, a login redirect session's way back).

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export function meta() {
  return [{ title: 'Confirm it is you' }, { name: 'robots', content: 'noindex' }];
}

const LABELS = { code: 'Code', recoveryCode: 'Recovery code' };
/** A recovery code as the security page shows it (`k7m2p-9xq4t`), typed with or without the hyphen. */
const RECOVERY_CODE = /^[a-z0-9]{5}[\s-]?[a-z0-9]{5}$/i;
/** The page asks for a recovery code instead of the authenticator app's code (a lost phone). */
const WITH_RECOVERY_CODE = '?with=recovery-code';

type Pending = PendingVerification & { secondFactor: NonNullable<PendingVerification['secondFactor']> };

function pendingLogin(request: Request, context: Readonly<RouterContextProvider>): Pending {
  const pending = readPendingVerification(request, context);
  // Nothing waits for a second factor (expired, or opened directly): start again from the login page.
  if (!pending?.secondFactor) throw redirect('/login');
  return pending as Pending;
}

/** The factor the page asks for: the one chosen, else the authenticator app when there is one. */
function currentFactor(pending: Pending): SecondFactorType {
  const { challenge, factors } = pending.secondFactor;
  return challenge?.factorType ?? (factors.includes('TOTP') ? 'TOTP' : 'EMAIL');
}

const stateOf = (pending: Pending): LoginResult => ({
  loginState: 'SECOND_FACTOR_REQUIRED',
  data: { stateToken: pending.stateToken, ...pending.secondFactor },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const pending = pendingLogin(request, context);
  // Recovery codes come with the authenticator app, so they are offered where the app is.
  const recovery =
    pending.secondFactor.factors.includes('TOTP') &&
    new URL(request.url).searchParams.get('with') === 'recovery-code';
  return {
    recovery,
    factor: currentFactor(pending),
    factors: pending.secondFactor.factors,
    hint: pending.secondFactor.challenge?.hint,
    codeSent: pending.secondFactor.challenge?.factorType === 'EMAIL',
    returnTo: pending.returnTo,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const pending = pendingLogin(request, context);
  const form = await request.formData();
  const {
    code = '',
    recoveryCode = '',
    intent = 'verify',
    remember,
  } = formReader(form).values(['code', 'recoveryCode', 'intent', 'remember']);
  const session = await sessionOf(request, context);
  const transport = signInTransport(session, pending.returnTo);

  if (intent === 'use-email' || intent === 'use-totp' || intent === 'resend') {
    const factorType: SecondFactorType = intent === 'use-totp' ? 'TOTP' : 'EMAIL';
    try {
      const next = await chooseSecondFactor(transport, stateOf(pending), factorType);
      if (next.loginState !== 'SECOND_FACTOR_REQUIRED')
        return formState(formProblem('Please log in again.'), {});
      const { stateToken, ...secondFactor } = next.data;
      const updated: PendingVerification = { ...pending, stateToken, secondFactor };
      return data<{ errors: FormErrors; values: Record<string, string>; resent?: boolean }>(
        { errors: formErrors({}), values: {}, resent: factorType === 'EMAIL' },
        { headers: { 'Set-Cookie': verificationCookie(request, context, updated) } },
      );
    } catch (error) {
      return formState(stepErrors(error), {});
    }
  }

  const recovery = intent === 'recovery';
  const field = recovery ? 'recoveryCode' : 'code';
  const typed = recovery ? recoveryCode.trim() : code;
  const errors = recovery
    ? formErrors({
        recoveryCode: RECOVERY_CODE.test(typed)
          ? undefined
          : 'Enter one of your recovery codes: 10 letters and digits, like k7m2p-9xq4t.',
      })
    : formErrors({ code: /^\d{6}$/.test(code) ? undefined : 'Enter the 6-digit code.' });
  if (hasErrors(errors)) return formState(errors, { [field]: typed });
  // Read while the session is still the visitor who opened the app's flow (the login switches it).
  const postFlowUrl = await loginSessionReturn(session, pending.flow);
  try {
    const result = await verifySecondFactor(transport, stateOf(pending), {
      factorType: recovery ? 'RECOVERY_CODE' : currentFactor(pending),
      code: typed,
      rememberThisDevice: remember === 'on',
    });
    return afterAuthStep(result, {
      request,
      context,
      session,
      returnTo: pending.returnTo,
      email: pending.email,
      values: {},
      flow: pending.flow,
      postFlowUrl,
    });
  } catch (error) {
    return formState(stepErrors(error, field), { [field]: typed });
  }
}

/** A wrong code is shown at the field while tries are left; a spent or expired login means logging in again. */
function stepErrors(error: unknown, field = 'code'): FormErrors {
  if (isApplicationError(error)) {
    const left = Number((error.data as { attemptsLeft?: unknown } | undefined)?.attemptsLeft ?? 0);
    if (error.code === 'VERIFICATION_FAILED' && left > 0) {
      const wrong =
        field === 'recoveryCode'
          ? 'That is not one of your unused recovery codes.'
          : 'That code is not right.';
      return formErrors({ [field]: `${wrong} ${left} ${left === 1 ? 'try' : 'tries'} left.` });
    }
    if (error.code === 'FACTOR_NOT_ENABLED' && field === 'recoveryCode') {
      return formErrors({
        recoveryCode:
          'You have no unused recovery codes left. Use your authenticator app, or contact the store for help.',
      });
    }
    if (error.code === 'VERIFICATION_FAILED' || error.code === 'INVALID_STATE_TOKEN') {
      return formProblem('This sign-in can no longer be finished. Please log in again.');
    }
  }
  return apiFormErrors(error);
}

export default function VerifyLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/verify-login') === true;
  const intent = busy ? navigation.formData?.get('intent') : undefined;
  const errors = actionData?.errors;
  const { factor, factors, hint, codeSent, recovery } = loaderData;
  const expired = Boolean(errors?.form);
  if (recovery) {
    return (
      <AuthCard
        title="Use a recovery code"
        lead="Enter one of the recovery codes you saved when you turned on the authenticator app. Each code works once."
      >
        <ErrorSummary errors={errors} labels={LABELS} />
        {expired ? (
          <p>
            <Link to={`/login?returnTo=${encodeURIComponent(loaderData.returnTo)}`}>Log in again</Link>
          </p>
        ) : null}
        <Form method="post" noValidate className="auth-form">
          <Field
            name="recoveryCode"
            label={LABELS.recoveryCode}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            required
            className="code-input"
            hint="Like k7m2p-9xq4t. We will e-mail you that it was used."
            defaultValue={actionData?.values.recoveryCode ?? ''}
            errors={errors}
          />
          <RememberDeviceField />
          <SubmitButton
            pending={intent === 'recovery'}
            pendingLabel="Checking…"
            name="intent"
            value="recovery"
          >
            Continue
          </SubmitButton>
        </Form>
        <p className="auth-aside">
          <Link to="/verify-login">Use my authenticator app instead</Link>
        </p>
      </AuthCard>
    );
  }
  const lead =
    factor === 'TOTP' ? (
      'Enter the 6-digit code your authenticator app shows for this store.'
    ) : codeSent ? (
      <>
        We e-mailed a 6-digit code to <strong>{hint}</strong>. Enter it to finish logging in.
      </>
    ) : (
      'We will e-mail you a 6-digit code.'
    );
  return (
    <AuthCard title="Confirm it is you" lead={lead}>
      {actionData && 'resent' in actionData && actionData.resent ? (
        <p className="alert alert-success" role="status">
          A new code is on its way. The previous one no longer works.
        </p>
      ) : null}
      <ErrorSummary errors={errors} labels={LABELS} />
      {expired ? (
        <p>
          <Link to={`/login?returnTo=${encodeURIComponent(loaderData.returnTo)}`}>Log in again</Link>
        </p>
      ) : null}
      {factor === 'TOTP' || codeSent ? (
        <Form method="post" noValidate className="auth-form">
          <OneTimeCodeField
            name="code"
            label={factor === 'TOTP' ? 'Code from your authenticator app' : 'Code from the e-mail'}
            pattern="[0-9]{6}"
            required
            defaultValue={actionData?.values.code ?? ''}
            errors={errors}
          />
          <RememberDeviceField />
          <SubmitButton pending={intent === 'verify'} pendingLabel="Checking…" name="intent" value="verify">
            Continue
          </SubmitButton>
        </Form>
      ) : null}
      <Form method="post" className="auth-aside auth-actions">
        {factor === 'EMAIL' ? (
          <SubmitButton
            pending={intent === 'resend'}
            pendingLabel="Sending…"
            name="intent"
            value="resend"
            secondary
          >
            {codeSent ? 'Send a new code' : 'Send me a code'}
          </SubmitButton>
        ) : null}
        {factor === 'TOTP' && factors.includes('EMAIL') ? (
          <SubmitButton
            pending={intent === 'use-email'}
            pendingLabel="Sending…"
            name="intent"
            value="use-email"
            secondary
          >
            E-mail me a code instead
          </SubmitButton>
        ) : null}
        {factor === 'TOTP' ? (
          <Link to={`/verify-login${WITH_RECOVERY_CODE}`} className="button button-secondary">
            Lost your phone? Use a recovery code
          </Link>
        ) : null}
        {factor === 'EMAIL' && factors.includes('TOTP') ? (
          <SubmitButton
            pending={intent === 'use-totp'}
            pendingLabel="Switching…"
            name="intent"
            value="use-totp"
            secondary
          >
            Use my authenticator app instead
          </SubmitButton>
        ) : null}
      </Form>
    </AuthCard>
  );
}
