import { login } from '@openshelf/sdk';
import { Form, useNavigation } from 'react-router';
import { changePassword } from '../../lib/member-login.server';
import type { Route } from './+types/password';
import { afterAuthStep, apiErrors, formState } from './auth-flow.server';
import { checkNewPassword, collectErrors, formValues, hasErrors } from './form-errors';
import { ErrorSummary, Field, SubmitButton } from './form-ui';
import { asMember, requireMember } from './member.server';

export function meta() {
  return [{ title: 'Change your password' }, { name: 'robots', content: 'noindex' }];
}

const LABELS = { current: 'Current password', password: 'New password', confirm: 'Repeat the new password' };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMember(request, context);
  return { changed: new URL(request.url).searchParams.get('changed') === '1' };
}

/**
 * The current password is checked by logging in with it, so that a borrowed, unlocked device cannot
 * take the account over. The change ends every session, this one included: the member is signed in
 * again with the new password at once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireMember(request, context);
  const values = formValues(await request.formData(), ['current', 'password', 'confirm']);
  const password = values.password ?? '';
  const errors = collectErrors({
    current: values.current ? undefined : 'Enter your current password.',
    password: checkNewPassword(password),
    confirm: values.confirm === password ? undefined : 'The two passwords are not the same. Type them again.',
  });
  if (hasErrors(errors)) return formState(errors, {});
  const identity = await asMember(request, session, () => session.client.members.getCurrentMember());
  const email = identity.email.address;
  const check = await login(session.catalog.transport, { email, password: values.current ?? '' });
  if (check.loginState === 'FAILURE') {
    return formState({ current: 'That is not your current password.' }, {});
  }
  try {
    await asMember(request, session, () => changePassword(session.client.transport, password));
  } catch (error) {
    return formState(apiErrors(error, { newPassword: 'password' }), {});
  }
  session.clear();
  const again = await login(session.client.transport, { email, password });
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
        <p className="notice" role="status">
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
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Change password
        </SubmitButton>
      </Form>
    </section>
  );
}
