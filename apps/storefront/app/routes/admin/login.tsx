import { isApplicationError } from '@openshelf/sdk';
import { data, Form, redirect } from 'react-router';
import { Field, FieldLook } from '../../components/Field';
import { invalidFields } from '../../lib/admin/forms.server';
import {
  apiClient,
  assertSameOrigin,
  LOGIN_PATH,
  saveSession,
  staffTokenOf,
} from '../../lib/admin/session.server';
import { storefrontContext } from '../../lib/context';
import { formErrors, formProblem } from '../../lib/forms/form-errors';
import { formReader } from '../../lib/forms/form-reader';
import { safeRedirect } from '../../lib/safe-redirect';
import adminStylesHref from '../../styles/admin.css?url';
import adminDataStylesHref from '../../styles/admin-data.css?url';
import adminFormStylesHref from '../../styles/admin-forms.css?url';
import { CaptchaField, captchaKindSent, captchaTokensFrom } from '../account/captcha';
import type { Route } from './+types/login';
import { DASHBOARD_PATH } from './index-redirect';
import { FormMessage, Submit } from './ui';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: adminStylesHref },
  { rel: 'stylesheet', href: adminDataStylesHref },
  { rel: 'stylesheet', href: adminFormStylesHref },
];

export const meta: Route.MetaFunction = () => [
  { title: 'Sign in · Admin' },
  { name: 'robots', content: 'noindex' },
];

/**
 * Where the sign-in goes on to: an admin page on this store as the browser would resolve `returnTo`
 * (lib/safe-redirect.ts), never another site, the shop, or this login page again.
 */
function returnToOf(url: URL, publicUrl: string): string {
  return safeRedirect(url.searchParams.get('returnTo'), publicUrl, {
    fallback: DASHBOARD_PATH,
    allow: (path) => path.startsWith('/admin/') && !path.startsWith(LOGIN_PATH),
  });
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { storeName, publicUrl } = context.get(storefrontContext);
  if (await staffTokenOf(request)) throw redirect(returnToOf(url, publicUrl));
  return { storeName };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const { publicUrl } = context.get(storefrontContext);
  assertSameOrigin(request, publicUrl);
  const formData = await request.formData();
  const form = formReader(formData);
  const email = form.text('email');
  const password = form.exact('password');
  const missing: Record<string, string> = {};
  if (!email) missing.email = 'Enter the e-mail address of your admin login.';
  if (!password) missing.password = 'Enter your password.';
  if (Object.keys(missing).length > 0) return invalidFields(missing);
  try {
    const session = await apiClient(context).auth.login(email, password, {
      captchaTokens: captchaTokensFrom(formData),
    });
    const cookie = await saveSession(session.accessToken, session.expiresIn, publicUrl);
    return redirect(returnToOf(url, publicUrl), {
      headers: { 'Set-Cookie': cookie },
    });
  } catch (error) {
    // Past several failed sign-ins the server asks for a captcha (never a lock the owner cannot lift).
    if (isApplicationError(error) && (error.code === '-19971' || error.code === '-19970')) {
      return data(
        {
          ok: false,
          errors: formProblem(
            error.code === '-19970'
              ? 'The security check did not pass. Please try it again.'
              : 'There were several failed sign-ins. Complete the security check, then sign in again.',
          ),
          captcha: error.data?.mode === 'visible' ? ('visible' as const) : ('invisible' as const),
        },
        { status: 400 },
      );
    }
    if (isApplicationError(error) && error.status === 429) {
      return data(
        {
          ok: false,
          errors: formProblem('Too many sign-in attempts. Wait a minute, then try again.'),
        },
        { status: 429 },
      );
    }
    if (isApplicationError(error) && (error.status === 401 || error.status === 403 || error.status === 400)) {
      const captcha = captchaKindSent(formData);
      return data(
        {
          ok: false,
          errors: formErrors(
            { password: 'Wrong e-mail or password. Check both and try again.' },
            'We could not sign you in.',
          ),
          // A captcha once asked for is asked again: the form keeps running it.
          ...(captcha ? { captcha } : {}),
        },
        { status: 401 },
      );
    }
    throw error;
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  // Shown once the server asked for a captcha (repeated failed sign-ins).
  const captcha = (actionData as { captcha?: 'visible' | 'invisible' } | undefined)?.captcha;
  return (
    <main className="admin admin-login">
      <div className="admin-login-card">
        <p className="admin-brand">
          <span aria-hidden="true">◆</span> {loaderData.storeName}
        </p>
        <h1>Sign in to the admin</h1>
        <FormMessage result={actionData} />
        <Form method="post" className="admin-form" noValidate>
          <FieldLook.Provider value="admin">
            <Field
              label="E-mail"
              name="email"
              type="email"
              autoComplete="username"
              required
              errors={actionData?.errors}
            />
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              errors={actionData?.errors}
            />
          </FieldLook.Provider>
          {captcha ? <CaptchaField mode={captcha} /> : null}
          <Submit>Sign in</Submit>
        </Form>
        <p className="admin-hint">
          No login yet? The store owner's is in <code>data/owner-login.txt</code>; add people with{' '}
          <code>npm run cli -- staff create</code>.
        </p>
      </div>
    </main>
  );
}
