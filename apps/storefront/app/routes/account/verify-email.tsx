import { processVerification } from '@openshelf/sdk';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { formErrors, hasErrors } from '../../lib/forms/form-errors';
import { formReader } from '../../lib/forms/form-reader';
import accountStyles from '../../styles/account.css?url';
import type { Route } from './+types/verify-email';
import {
  afterAuthStep,
  formState,
  loginSessionReturn,
  readPendingVerification,
  sessionOf,
  signInClient,
  signInTransport,
} from './auth-flow.server';
import { AuthCard, ErrorSummary, OneTimeCodeField, SubmitButton } from './form-ui';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export function meta() {
  return [{ title: 'Confirm your e-mail' }, { name: 'robots', content: 'noindex' }];
}

const LABELS = { code: 'Verification code' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const pending = readPendingVerification(request, context);
  // Nothing waits for a code (expired, or opened directly): start again from the login page.
  if (!pending) throw redirect('/login');
  if (pending.secondFactor) throw redirect('/verify-login');
  return { email: pending.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const pending = readPendingVerification(request, context);
  if (!pending || pending.secondFactor) throw redirect('/login');
  const form = await request.formData();
  const session = await sessionOf(request, context);
  if (form.get('intent') === 'resend') {
    try {
      await signInClient(session, pending.returnTo).auth.resendVerificationCode(pending.stateToken);
    } catch (error) {
      return formState(apiFormErrors(error), {});
    }
    return formState(formErrors({}), {}, { resent: true }, 200);
  }
  const { code = '' } = formReader(form).values(['code']);
  const errors = formErrors({
    code: /^\d{6}$/.test(code) ? undefined : 'Enter the 6-digit code from the e-mail.',
  });
  if (hasErrors(errors)) return formState(errors, { code });
  // Read while the session is still the visitor who opened the app's flow (the login switches it).
  const postFlowUrl = await loginSessionReturn(session, pending.flow);
  try {
    const result = await processVerification(
      signInTransport(session, pending.returnTo),
      { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: pending.stateToken } },
      { verificationCode: code },
    );
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
    const { form: message } = apiFormErrors(error);
    return formState(
      formErrors({ code: message ?? 'That code did not work. Check it, or send a new one.' }),
      { code },
    );
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/verify-email') === true;
  const resending = busy && navigation.formData?.get('intent') === 'resend';
  const errors = actionData?.errors;
  const resent = actionData?.resent === true;
  return (
    <AuthCard
      title="Check your e-mail"
      lead={
        <>
          We sent a 6-digit code to <strong>{loaderData.email}</strong>. Enter it to confirm it is yours.
        </>
      }
    >
      {resent ? (
        <p className="alert alert-success" role="status">
          A new code is on its way. The previous one no longer works.
        </p>
      ) : null}
      <ErrorSummary errors={errors} labels={LABELS} />
      <Form method="post" noValidate className="auth-form">
        <OneTimeCodeField
          name="code"
          label={LABELS.code}
          pattern="[0-9]{6}"
          required
          defaultValue={actionData?.values.code ?? ''}
          errors={errors}
        />
        <SubmitButton pending={busy && !resending} pendingLabel="Checking…" name="intent" value="verify">
          Confirm
        </SubmitButton>
      </Form>
      <Form method="post" className="auth-aside">
        <SubmitButton pending={resending} pendingLabel="Sending…" name="intent" value="resend" secondary>
          Send a new code
        </SubmitButton>
      </Form>
      <p className="auth-switch">
        Wrong address? <Link to="/signup">Sign up again</Link>
      </p>
    </AuthCard>
  );
}
