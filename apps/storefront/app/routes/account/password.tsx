import { login } from '@openshelf/sdk';
import { Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/password';
import { afterAuthStep, apiErrors, captchaModeOf, formState, readDeviceToken } from './auth-flow.server';
import { CaptchaField, captchaTokensFrom } from './captcha';
import { checkNewPassword, collectErrors, formValues, hasErrors } from './form-errors';
import { ErrorSummary, Field, SubmitButton } from './form-ui';
import { asMember, requireMember } from './member.server';

export function meta() {
  return [{ title: 'Change your password' }, { name: 'robots', content: 'noindex' }];
}

const LABELS = {
  current: 'Current password',
  password: 'New password',
  confirm: 'Repeat the new password',
  captcha: 'Security check',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireMember(request, context);
  return {
    changed: new URL(request.url).searchParams.get('changed') === '1',
    captchaMode: await captchaModeOf(session),
  };
}

/**
 * The current password is checked by logging in with it (with the store's captcha, if any), so that a
 * borrowed, unlocked device cannot take the account over. The change ends every session, this one
 * included: the member is signed in again with the new password at once, or, where the store asks for a
 * captcha on every login, sent to log in with it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireMember(request, context);
  const form = await request.formData();
  const values = formValues(form, ['current', 'password', 'confirm']);
  const password = values.password ?? '';
  const errors = collectErrors({
    current: values.current ? undefined : 'Enter your current password.',
    password: checkNewPassword(password),
    confirm: values.confirm === password ? undefined : 'The two passwords are not the same. Type them again.',
  });
  if (hasErrors(errors)) return formState(errors, {});
  const identity = await asMember(request, session, () => session.client.members.getCurrentMember());
  const email = identity.email.address;
  const deviceToken = readDeviceToken(request);
  const check = await login(session.catalog.transport, {
    email,
    password: values.current ?? '',
    captchaTokens: captchaTokensFrom(form),
    ...(deviceToken ? { deviceToken } : {}),
  });
  // Only an accepted password proves it: a login that succeeded or now asks for the second factor (of a
  // member already signed in here, so that step is left unfinished). Every other state stops here.
  if (check.loginState !== 'SUCCESS' && check.loginState !== 'SECOND_FACTOR_REQUIRED') {
    if (check.loginState === 'FAILURE' && check.errorCode === 'invalidPassword')
      return formState({ current: 'That is not your current password.' }, {});
    return afterAuthStep(check, { request, context, session, returnTo: '', email, values: {} });
  }
  try {
    await asMember(request, session, () => session.client.auth.changePassword(password));
  } catch (error) {
    return formState(apiErrors(error, { newPassword: 'password' }), {});
  }
  session.clear();
  const again = await login(session.client.transport, { email, password });
  // A member with a second factor goes on to it (the change forgot every remembered device).
  if (again.loginState !== 'SUCCESS' && again.loginState !== 'SECOND_FACTOR_REQUIRED')
    throw redirect('/login?reset=1');
  return afterAuthStep(again, {
    request,
    context,
    session,
    returnTo: '/account/password?changed=1',
    email,
    values: {},
  });
}

export default function Password({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting';
  const errors = actionData?.errors ?? {};
  return (
    <section aria-labelledby="password-title" className="account-section">
      <h2 id="password-title">Change your password</h2>
      {loaderData.changed && !actionData ? (
        <p className="alert alert-success" role="status">
          Your password is changed. Other devices have been logged out.
        </p>
      ) : null}
      <ErrorSummary errors={errors} labels={LABELS} />
      <Form method="post" noValidate className="stack-form">
        <Field
          name="current"
          label={LABELS.current}
          type="password"
          autoComplete="current-password"
          required
          error={errors.current}
        />
        <Field
          name="password"
          label={LABELS.password}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters."
          error={errors.password}
        />
        <Field
          name="confirm"
          label={LABELS.confirm}
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirm}
        />
        <CaptchaField mode={actionData?.captcha ?? loaderData.captchaMode} error={errors.captcha} />
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Change password
        </SubmitButton>
      </Form>
    </section>
  );
}
