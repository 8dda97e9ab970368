import { data, Form, redirectDocument, useNavigation } from 'react-router';
import { FormAlert } from '../../components/Field';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { flowQueryOf, hostedFlowOf } from '../../lib/hosted-flow.server';
import { seo } from '../../lib/seo';
import { getSession } from '../../lib/session.server';
import type { Route } from './+types/preferences';

// Communication preferences: marketing e-mails and cookie consent, for the visitor or member. What
// `preferences` redirect sessions open; opened from an app it saves them for the app's shopper and goes
// back to the app's postFlowUrl.

export function meta() {
  return seo({ title: 'Communication preferences', noindex: true });
}

const OFF = { marketingEmails: false, analyticsCookies: false, marketingCookies: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  // Nobody to read for yet (no cookie): everything is off until saved, and saving makes the visitor.
  const saved = session.hasIdentity() ? await session.client.preferences.get() : undefined;
  const flow = await hostedFlowOf(request, session, 'preferences');
  return {
    choices: saved
      ? {
          marketingEmails: saved.marketingEmails.optIn,
          analyticsCookies: saved.cookieConsent.analytics,
          marketingCookies: saved.cookieConsent.marketing,
        }
      : OFF,
    savedAt: saved?.updatedDate?.toISOString(),
    back: flow?.callbacks.postFlowUrl,
    saved: new URL(request.url).searchParams.get('saved') === '1',
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await getSession(request, context);
  const form = await request.formData();
  const on = (name: string) => form.get(name) === 'on';
  try {
    await session.client.preferences.update({
      marketingEmails: { optIn: on('marketingEmails') },
      cookieConsent: { analytics: on('analyticsCookies'), marketing: on('marketingCookies') },
    });
  } catch (error) {
    return data({ errors: apiFormErrors(error) }, { status: 400 });
  }
  // Opened from an app: its way back. Otherwise stay here and say so.
  const flow = await hostedFlowOf(request, session, 'preferences');
  const back = flow?.callbacks.postFlowUrl;
  if (back) return redirectDocument(back);
  const query = flowQueryOf(request);
  return redirectDocument(`/preferences${query ? `${query}&saved=1` : '?saved=1'}`);
}

export default function PreferencesPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { choices } = loaderData;
  return (
    <div className="container page narrow">
      <h1>Communication preferences</h1>
      <p className="lead">
        Choose what we may send you and which cookies we may use. You can change this any time.
      </p>
      {loaderData.saved ? <FormAlert tone="success" message="Your preferences are saved." /> : null}
      <FormAlert message={actionData?.errors.form} />
      <Form method="post" reloadDocument className="card preferences-form">
        <fieldset>
          <legend>E-mail</legend>
          <label className="option-row">
            <input type="checkbox" name="marketingEmails" defaultChecked={choices.marketingEmails} />
            <span className="option-text">
              <strong>News and offers by e-mail</strong>
              <span className="option-detail">
                New products, sales and member offers. Order e-mails always come.
              </span>
            </span>
          </label>
        </fieldset>
        <fieldset>
          <legend>Cookies</legend>
          <p className="muted">Cookies needed for the cart and sign-in are always on.</p>
          <label className="option-row">
            <input type="checkbox" name="analyticsCookies" defaultChecked={choices.analyticsCookies} />
            <span className="option-text">
              <strong>Analytics cookies</strong>
              <span className="option-detail">
                Help us see which pages work, without knowing who you are.
              </span>
            </span>
          </label>
          <label className="option-row">
            <input type="checkbox" name="marketingCookies" defaultChecked={choices.marketingCookies} />
            <span className="option-text">
              <strong>Marketing cookies</strong>
              <span className="option-detail">Let partners show you our ads elsewhere.</span>
            </span>
          </label>
        </fieldset>
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          Save preferences
        </button>
      </Form>
      {loaderData.back ? (
        <p>
          <a href={loaderData.back}>Back to the shop you came from</a>
        </p>
      ) : null}
    </div>
  );
}
