import { isApplicationError, isSessionExpiredError, login } from '@openshelf/sdk';
import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { Field } from '../../components/Field';
import { storefrontContext } from '../../lib/context';
import { readForm } from '../../lib/forms/read-form';
import { useFormKit } from '../../lib/forms/use-form-kit';
import type { ShopSession } from '../../lib/session.server';
import accountStyles from '../../styles/account.css?url';
import type { Route } from './+types/login';
import {
  afterAuthStep,
  captchaModeOf,
  continueAuthorization,
  formState,
  isAuthorizeRequest,
  loginSessionReturn,
  promptsOf,
  readDeviceToken,
  returnToOf,
  sessionOf,
  signInTransport,
} from './auth-flow.server';
import { CaptchaField, captchaKindSent, captchaTokensFrom } from './captcha';
import { AuthCard, ErrorSummary, SubmitButton } from './form-ui';
import { loginFlowSchema, loginSchema } from './login.schema';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Log in · ${data?.storeName ?? 'Store'}` }, { name: 'robots', content: 'noindex' }];
}

const LABELS = { email: 'E-mail', password: 'Password', captcha: 'Security check' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const returnTo = returnToOf(search.get('returnTo'), context);
  const session = await sessionOf(request, context);
  const flow = search.get('flow');
  const postFlowUrl = await loginSessionReturn(session, flow);
  // Already signed in here: nothing to do, unless an app asks for a login of its own.
  if (session.role() === 'member' && !isAuthorizeRequest(returnTo)) throw redirect(postFlowUrl ?? returnTo);
  const { storeName } = context.get(storefrontContext);
  return {
    flow: postFlowUrl ? flow : null,
    returnTo,
    forApp: isAuthorizeRequest(returnTo),
    signedInAs: search.get('account') === 'other' ? undefined : await accountToSelect(session, returnTo),
    captchaMode: await captchaModeOf(session),
    storeName,
  };
}

/**
 * prompt=select_account (OpenID Connect): an app lets the member pick an account. The one signed in on
 * these pages is offered ("Continue as …"); "Use another account" shows the login form.
 */
async function accountToSelect(session: ShopSession, returnTo: string) {
  if (session.role() !== 'member' || !promptsOf(returnTo).prompts.has('select_account')) return undefined;
  try {
    return (await session.client.members.getCurrentMember()).email.address;
  } catch (error) {
    // A session that ended elsewhere offers nothing to continue with: the form remains.
    if (isSessionExpiredError(error) || isApplicationError(error)) return undefined;
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = readForm(form, loginFlowSchema).value ?? { returnTo: '', flow: '', intent: '' };
  const returnTo = returnToOf(values.returnTo, context);
  if (values.intent === 'continue') {
    const session = await sessionOf(request, context);
    const { clientId, prompts } = promptsOf(returnTo);
    // Nothing to continue with: back to this form (its own path; only the query is the request's).
    if (session.role() !== 'member' || !clientId || !prompts.has('select_account'))
      throw redirect(`/login${new URL(request.url).search}`);
    // The session token goes the way a password login's does: through the callback to the app.
    const sessionToken = await session.client.auth.sessionTokenForApp(clientId);
    return continueAuthorization(returnTo, sessionToken);
  }
  const read = readForm(form, loginSchema);
  if (read.errors) return formState(read.errors, { email: read.values.email ?? '' });
  const kept = { email: read.value.email };
  const session = await sessionOf(request, context);
  const deviceToken = readDeviceToken(request);
  const result = await login(signInTransport(session, returnTo), {
    email: kept.email,
    password: read.value.password,
    captchaTokens: captchaTokensFrom(form),
    ...(deviceToken ? { deviceToken } : {}),
  });
  const postFlowUrl = await loginSessionReturn(session, values.flow);
  return afterAuthStep(result, {
    request,
    context,
    session,
    returnTo,
    email: kept.email,
    values: kept,
    ...(postFlowUrl ? { flow: values.flow, postFlowUrl } : {}),
    captcha: captchaKindSent(form),
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const pending = navigation.state !== 'idle' && navigation.formAction?.startsWith('/login') === true;
  const kit = useFormKit(loginSchema, actionData?.errors, 'login');
  const errors = kit.errors;
  const returnQuery =
    loaderData.returnTo === '/account' ? '' : `?returnTo=${encodeURIComponent(loaderData.returnTo)}`;
  if (actionData?.awaitingApproval) {
    return (
      <AuthCard title="Almost there" lead="Your account is waiting for the store owner’s approval.">
        <p>
          We will e-mail you as soon as it is approved. Then you can log in with the same e-mail and password.
        </p>
        <p>
          <Link to="/">Continue shopping</Link>
        </p>
      </AuthCard>
    );
  }
  if (loaderData.signedInAs) {
    return (
      <AuthCard
        title="Choose an account"
        lead={`An app asks you to choose your ${loaderData.storeName} account.`}
      >
        <p>
          You are signed in here as <strong>{loaderData.signedInAs}</strong>.
        </p>
        <Form method="post" className="auth-form">
          <input type="hidden" name="returnTo" value={loaderData.returnTo} />
          <SubmitButton pending={pending} pendingLabel="Continuing…" name="intent" value="continue">
            Continue as {loaderData.signedInAs}
          </SubmitButton>
        </Form>
        <p className="auth-switch">
          <Link to={`/login?returnTo=${encodeURIComponent(loaderData.returnTo)}&account=other`}>
            Use another account
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Log in"
      lead={
        loaderData.forApp
          ? `An app asks you to log in with your ${loaderData.storeName} account.`
          : 'Welcome back. Your cart comes with you.'
      }
    >
      {search.get('reset') === '1' ? (
        <p className="alert alert-success" role="status">
          Your password has been changed. Log in with the new one.
        </p>
      ) : null}
      <ErrorSummary errors={kit.refused} labels={LABELS} />
      <Form method="post" className="auth-form" {...kit.form}>
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        {loaderData.flow ? <input type="hidden" name="flow" value={loaderData.flow} /> : null}
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
        <Field
          name="password"
          label={LABELS.password}
          type="password"
          autoComplete="current-password"
          required
          errors={errors}
        />
        <p className="auth-aside">
          <Link to={`/forgot-password${returnQuery}`}>Forgot your password?</Link>
        </p>
        <CaptchaField mode={actionData?.captcha ?? loaderData.captchaMode} errors={errors} />
        <SubmitButton pending={pending} pendingLabel="Logging in…">
          Log in
        </SubmitButton>
      </Form>
      <p className="auth-switch">
        New here? <Link to={`/signup${returnQuery}`}>Create an account</Link>
      </p>
    </AuthCard>
  );
}
