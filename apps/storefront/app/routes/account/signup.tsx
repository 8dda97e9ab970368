import { register } from '@openshelf/sdk';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { Field } from '../../components/Field';
import { readForm } from '../../lib/forms/read-form';
import { useFormKit } from '../../lib/forms/use-form-kit';
import accountStyles from '../../styles/account.css?url';
import type { Route } from './+types/signup';
import {
  afterAuthStep,
  captchaModeOf,
  formState,
  returnToOf,
  sessionOf,
  signInTransport,
} from './auth-flow.server';
import { CaptchaField, captchaTokensFrom } from './captcha';
import { AuthCard, ErrorSummary, SubmitButton } from './form-ui';
import { signupSchema } from './signup.schema';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export function meta() {
  return [{ title: 'Create an account' }, { name: 'robots', content: 'noindex' }];
}

const LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  password: 'Password',
  captcha: 'Security check',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = returnToOf(new URL(request.url).searchParams.get('returnTo'), context);
  const session = await sessionOf(request, context);
  if (session.role() === 'member') throw redirect(returnTo);
  return { returnTo, captchaMode: await captchaModeOf(session) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const read = readForm(form, signupSchema);
  if (read.errors) {
    const { firstName = '', lastName = '', email = '' } = read.values;
    return formState(read.errors, { firstName, lastName, email });
  }
  const { password, returnTo: asked, ...kept } = read.value;
  const returnTo = returnToOf(asked, context);
  const session = await sessionOf(request, context);
  const profile = {
    ...(kept.firstName ? { firstName: kept.firstName } : {}),
    ...(kept.lastName ? { lastName: kept.lastName } : {}),
  };
  const result = await register(signInTransport(session, returnTo), {
    email: kept.email,
    password,
    profile,
    captchaTokens: captchaTokensFrom(form),
  });
  return afterAuthStep(result, { request, context, session, returnTo, email: kept.email, values: kept });
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formAction?.startsWith('/signup') === true;
  const kit = useFormKit(signupSchema, actionData?.errors, 'signup');
  const errors = kit.errors;
  const values = actionData?.values ?? {};
  const returnQuery =
    loaderData.returnTo === '/account' ? '' : `?returnTo=${encodeURIComponent(loaderData.returnTo)}`;
  if (actionData?.awaitingApproval) {
    return (
      <AuthCard title="Thanks for signing up" lead="Your account is waiting for the store owner’s approval.">
        <p>We will e-mail you once it is approved; then log in with the e-mail and password you chose.</p>
        <p>
          <Link to="/">Continue shopping</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Create an account" lead="Track orders, keep addresses and check out faster.">
      <ErrorSummary errors={kit.refused} labels={LABELS} />
      <Form method="post" className="auth-form" {...kit.form}>
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <div className="field-row">
          <Field
            name="firstName"
            label={LABELS.firstName}
            autoComplete="given-name"
            defaultValue={values.firstName ?? ''}
            errors={errors}
          />
          <Field
            name="lastName"
            label={LABELS.lastName}
            autoComplete="family-name"
            defaultValue={values.lastName ?? ''}
            errors={errors}
          />
        </div>
        <Field
          name="email"
          label={LABELS.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={values.email ?? ''}
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
        <CaptchaField mode={actionData?.captcha ?? loaderData.captchaMode} errors={errors} />
        <SubmitButton pending={pending} pendingLabel="Creating your account…">
          Create account
        </SubmitButton>
      </Form>
      <p className="auth-switch">
        Already have an account? <Link to={`/login${returnQuery}`}>Log in</Link>
      </p>
    </AuthCard>
  );
}
