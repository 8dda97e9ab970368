import { sendPasswordResetEmail } from '@openshelf/sdk';
import { Form, Link, useNavigation } from 'react-router';
import { Field } from '../../components/Field';
import { storefrontContext } from '../../lib/context';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { formErrors } from '../../lib/forms/form-errors';
import { readForm } from '../../lib/forms/read-form';
import { useFormKit } from '../../lib/forms/use-form-kit';
import accountStyles from '../../styles/account.css?url';
import type { Route } from './+types/forgot-password';
import { captchaRefusal, formState, sessionOf } from './auth-flow.server';
import { CaptchaField, captchaTokensFrom } from './captcha';
import { AuthCard, ErrorSummary, SubmitButton } from './form-ui';
import { forgotPasswordSchema } from './login.schema';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export function meta() {
  return [{ title: 'Reset your password' }, { name: 'robots', content: 'noindex' }];
}

const LABELS = { email: 'E-mail', captcha: 'Security check' };

/** After many requests for one account the server asks for a captcha: the form then runs one. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const read = readForm(form, forgotPasswordSchema);
  if (read.errors) return formState(read.errors, { email: read.values.email ?? '' });
  const { email } = read.value;
  const { publicUrl, storefrontClientId } = context.get(storefrontContext);
  const session = await sessionOf(request, context);
  try {
    await sendPasswordResetEmail(session.catalog.transport, {
      email,
      redirectUrl: `${publicUrl}/account`,
      clientId: await storefrontClientId(),
      captchaTokens: captchaTokensFrom(form),
    });
  } catch (error) {
    return (
      captchaRefusal(error, { email }) ??
      formState(apiFormErrors(error, { fields: { email: 'email' } }), { email })
    );
  }
  // The same answer whether or not the address has an account, so the page cannot be used to probe.
  return formState(formErrors({}), { email }, { sent: true }, 200);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== 'idle' && navigation.formAction?.startsWith('/forgot-password') === true;
  const kit = useFormKit(forgotPasswordSchema, actionData?.errors, 'forgot-password');
  const errors = kit.errors;
  if (actionData?.sent) {
    return (
      <AuthCard title="Check your e-mail">
        <p role="status">
          If <strong>{actionData.values.email}</strong> has an account here, we have sent it a link to choose
          a new password. The link works for one hour.
        </p>
        <p>
          <Link to="/login">Back to log in</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Reset your password"
      lead="Enter your e-mail and we will send you a link to choose a new password."
    >
      <ErrorSummary errors={kit.refused} labels={LABELS} />
      <Form method="post" className="auth-form" {...kit.form}>
        <Field
          name="email"
          label={LABELS.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={actionData?.values.email ?? ''}
          errors={errors}
        />
        <CaptchaField mode={actionData?.captcha ?? 'off'} errors={errors} />
        <SubmitButton pending={pending} pendingLabel="Sending…">
          Send reset link
        </SubmitButton>
      </Form>
      <p className="auth-switch">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}
