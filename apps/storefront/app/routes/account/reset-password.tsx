import { Form, Link, useNavigation } from 'react-router';
import { Field } from '../../components/Field';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { formErrors, hasErrors } from '../../lib/forms/form-errors';
import { formReader } from '../../lib/forms/form-reader';
import accountStyles from '../../styles/account.css?url';
import type { Route } from './+types/reset-password';
import { afterAuthStep, formState, sessionOf } from './auth-flow.server';
import { checkNewPassword } from './form-input';
import { AuthCard, ErrorSummary, SubmitButton } from './form-ui';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export function meta() {
  return [{ title: 'Choose a new password' }, { name: 'robots', content: 'noindex' }];
}

const LABELS = { password: 'New password', confirm: 'Repeat the new password' };

export async function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formReader(await request.formData()).values(
    ['token', 'password', 'confirm'],
    ['password', 'confirm'],
  );
  const password = values.password ?? '';
  const errors = formErrors({
    password: checkNewPassword(password),
    confirm: values.confirm === password ? undefined : 'The two passwords are not the same. Type them again.',
  });
  if (hasErrors(errors)) return formState(errors, {});
  const session = await sessionOf(request, context);
  try {
    const result = await session.catalog.auth.recoverPassword({
      recoveryToken: values.token ?? '',
      password,
    });
    return afterAuthStep(result, { request, context, session, returnTo: '/account', email: '', values: {} });
  } catch (error) {
    const mapped = apiFormErrors(error, { fields: { password: 'password' } });
    if (mapped.form) mapped.form = `${mapped.form} Ask for a new link if this one has expired or was used.`;
    return formState(mapped, {});
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== 'idle' && navigation.formAction?.startsWith('/reset-password') === true;
  const errors = actionData?.errors;
  if (!loaderData.token) {
    return (
      <AuthCard title="This link is incomplete">
        <p>Open the link from the e-mail exactly as it was sent, or ask for a new one.</p>
        <p>
          <Link to="/forgot-password" className="button">
            Send me a new link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" lead="You will be logged in with it right away.">
      <ErrorSummary errors={errors} labels={LABELS} />
      {errors?.form ? (
        <p className="auth-aside">
          <Link to="/forgot-password">Send me a new link</Link>
        </p>
      ) : null}
      <Form method="post" noValidate className="auth-form">
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          name="password"
          label={LABELS.password}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters."
          errors={errors}
          validate={checkNewPassword}
        />
        <Field
          name="confirm"
          label={LABELS.confirm}
          type="password"
          autoComplete="new-password"
          required
          errors={errors}
        />
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save and log in
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
