import { Form, redirect, useNavigation } from 'react-router';
import { Field } from '../../components/Field';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { readForm } from '../../lib/forms/read-form';
import { useFormKit } from '../../lib/forms/use-form-kit';
import type { Route } from './+types/password';
import { captchaModeOf, captchaRefusal, formState } from './auth-flow.server';
import { CaptchaField, captchaKindSent, captchaTokensFrom } from './captcha';
import { ErrorSummary, SubmitButton } from './form-ui';
import { asMember, requireMember } from './member.server';
import { passwordSchema } from './password.schema';

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
 * The server checks the current password (it stands in for a recent sign-in, so that a borrowed, unlocked
 * device cannot take the account over), with the store's captcha and the failed sign-in step-up: a
 * wrong one counts as a failed sign-in. The change ends the member's other sessions; this one stays.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireMember(request, context);
  const form = await request.formData();
  const read = readForm(form, passwordSchema);
  if (read.errors) return formState(read.errors, {});
  const { password, current } = read.value;
  const sentCaptcha = captchaKindSent(form);
  try {
    await asMember(request, session, () =>
      session.client.auth.changePassword(password, {
        currentPassword: current,
        captchaTokens: captchaTokensFrom(form),
      }),
    );
  } catch (error) {
    const captcha = captchaRefusal(error, {});
    if (captcha) return captcha;
    const errors = apiFormErrors(error, { fields: { newPassword: 'password', currentPassword: 'current' } });
    if (errors.fields.current) errors.fields.current = 'That is not your current password.';
    // A captcha once asked for (repeated failures) is asked again: the form keeps running it.
    return formState(errors, {}, sentCaptcha ? { captcha: sentCaptcha } : {});
  }
  throw redirect('/account/password?changed=1');
}

export default function Password({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting';
  const kit = useFormKit(passwordSchema, actionData?.errors, 'password-change');
  const errors = kit.errors;
  return (
    <section aria-labelledby="password-title" className="account-section">
      <h2 id="password-title">Change your password</h2>
      {loaderData.changed && !actionData ? (
        <p className="alert alert-success" role="status">
          Your password is changed. Other devices have been logged out.
        </p>
      ) : null}
      <ErrorSummary errors={kit.refused} labels={LABELS} />
      <Form method="post" className="stack-form" {...kit.form}>
        <Field
          name="current"
          label={LABELS.current}
          type="password"
          autoComplete="current-password"
          required
          errors={errors}
        />
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
        <CaptchaField mode={actionData?.captcha ?? loaderData.captchaMode} errors={errors} />
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Change password
        </SubmitButton>
      </Form>
    </section>
  );
}
