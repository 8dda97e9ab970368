import { Form, Link, useNavigation } from 'react-router';
import { Field } from '../../components/Field';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { readForm } from '../../lib/forms/read-form';
import { useFormKit } from '../../lib/forms/use-form-kit';
import accountStyles from '../../styles/account.css?url';
import type { Route } from './+types/reset-password';
import { afterAuthStep, formState, sessionOf } from './auth-flow.server';
import { AuthCard, ErrorSummary, SubmitButton } from './form-ui';
import { resetPasswordSchema } from './password.schema';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export function meta() {
  return [{ title: 'Choose a new password' }, { name: 'robots', content: 'noindex' }];
}

const LABELS = { password: 'New password', confirm: 'Repeat the new password' };

export async function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = readForm(await request.formData(), resetPasswordSchema);
  if (read.errors) return formState(read.errors, {});
  const { token, password } = read.value;
  const session = await sessionOf(request, context);
  try {
    const result = await session.catalog.auth.recoverPassword({
      recoveryToken: token,
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
  const kit = useFormKit(resetPasswordSchema, actionData?.errors, 'reset-password');
  const errors = kit.errors;
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
      <ErrorSummary errors={kit.refused} labels={LABELS} />
      {errors.form ? (
        <p className="auth-aside">
          <Link to="/forgot-password">Send me a new link</Link>
        </p>
      ) : null}
      <Form method="post" className="auth-form" {...kit.form}>
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
