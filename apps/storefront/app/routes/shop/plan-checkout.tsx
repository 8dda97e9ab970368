import { isApplicationError, type Plan } from '@openshelf/sdk';
import { data, Form, Link, redirect, redirectDocument, useNavigation } from 'react-router';
import { CardFields, Field, FormAlert } from '../../components/Field';
import { readPayment } from '../../lib/checkout-input.server';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { type FormErrors, formErrors } from '../../lib/forms/form-errors';
import { flowQueryOf, hostedFlowOf, thankYouUrl } from '../../lib/hosted-flow.server';
import { seo } from '../../lib/seo';
import { getSession, type ShopSession } from '../../lib/session.server';
import type { Route } from './+types/plan-checkout';
import { NotFoundContent } from './not-found';
import { planTerms } from './plans';

// The hosted plan checkout: what `paidPlansCheckout` redirect sessions open (also reached from /plans). It
// sells one plan to a member as an order; a visitor signs up or logs in first and comes back here.

export function meta({ data }: Route.MetaArgs) {
  return seo({ title: data?.plan ? `Buy ${data.plan.name}` : 'Plan not found', noindex: true });
}

async function planOrNull(session: ShopSession, planId: string): Promise<Plan | undefined> {
  try {
    return await session.catalog.plans.get(planId);
  } catch (error) {
    if (isApplicationError(error) && error.status === 404) return undefined;
    throw error;
  }
}

/** The app's flow for this very plan (its callbacks), if the page was opened from one. */
async function planFlow(request: Request, session: ShopSession, planId: string) {
  const flow = await hostedFlowOf(request, session, 'paidPlansCheckout');
  return flow?.planId === planId ? flow : undefined;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  const plan = await planOrNull(session, params.planId);
  if (!plan) return data({ plan: undefined }, { status: 404 });
  const flow = await planFlow(request, session, plan.id);
  // Built from the route, not request.url (a client-side navigation's data request ends in `.data`).
  const here = encodeURIComponent(`/plan-checkout/${encodeURIComponent(plan.id)}${flowQueryOf(request)}`);
  const view = {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    perks: plan.perks,
    price: plan.price.formattedAmount,
    free: Number(plan.price.amount) === 0,
    terms: planTerms(plan),
  };
  const back = flow?.callbacks.planListUrl ?? flow?.callbacks.postFlowUrl ?? '/plans';
  if (session.role() !== 'member') {
    return {
      plan: view,
      back,
      member: undefined,
      signIn: { login: `/login?returnTo=${here}`, signup: `/signup?returnTo=${here}` },
    };
  }
  const me = await session.client.members.getCurrentMember();
  return {
    plan: view,
    back,
    member: { email: me.email.address, purchaseKey: crypto.randomUUID() },
    signIn: undefined,
  };
}

type ActionData = { errors: FormErrors };

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await getSession(request, context);
  if (session.role() !== 'member') {
    const here = `/plan-checkout/${encodeURIComponent(params.planId)}${flowQueryOf(request)}`;
    throw redirect(`/login?returnTo=${encodeURIComponent(here)}`);
  }
  const form = await request.formData();
  const fields: Record<string, string> = {};
  const email = String(form.get('email') ?? '').trim();
  if (!email) fields.email = 'Enter your e-mail address; we send the receipt there.';
  const free = form.get('free') === '1';
  const payment = free ? { value: { type: 'OFFLINE' as const } } : readPayment(form);
  Object.assign(fields, payment.errors?.fields);
  if (Object.keys(fields).length > 0 || !payment.value)
    return data<ActionData>({ errors: formErrors(fields) }, { status: 400 });
  const paymentMethod = payment.value;
  const key = String(form.get('purchaseKey') ?? '');
  try {
    const { orderId } = await session.client.plans.purchase(params.planId, {
      buyerEmail: email,
      paymentMethod,
      ...(/^[A-Za-z0-9_-]{8,100}$/.test(key) ? { idempotencyKey: key } : {}),
    });
    const flow = await planFlow(request, session, params.planId);
    const external = thankYouUrl(flow, orderId, { planOrder: true });
    return external ? redirectDocument(external) : redirect(`/thank-you/${orderId}`);
  } catch (error) {
    const errors = apiFormErrors(error, {
      fields: (field) => (field.endsWith('buyerEmail') ? 'email' : undefined),
      codes: { PAYMENT_DECLINED: 'cardNumber' },
    });
    return data<ActionData>({ errors }, { status: 400 });
  }
}

export default function PlanCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData.plan) return <NotFoundContent what="plan" />;
  const { plan, member, signIn, back } = loaderData;
  const errors = actionData?.errors;
  const busy = navigation.state === 'submitting';
  return (
    <div className="container page narrow">
      <p className="eyebrow">Plan checkout</p>
      <h1>{plan.name}</h1>
      <section className="card" aria-labelledby="plan-summary">
        <h2 id="plan-summary">What you get</h2>
        <p className="plan-price">{plan.free ? 'Free' : plan.price}</p>
        <p className="muted">{plan.terms}</p>
        {plan.description ? <p>{plan.description}</p> : null}
        {plan.perks.length > 0 ? (
          <ul className="plan-perks">
            {plan.perks.map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
        ) : null}
      </section>
      {signIn ? (
        <section className="card" aria-labelledby="plan-sign-in">
          <h2 id="plan-sign-in">Sign in to continue</h2>
          <p>A plan belongs to a member account. Create one or log in, and you will come back here.</p>
          <p className="button-row">
            <Link to={signIn.signup} className="button">
              Create an account
            </Link>
            <Link to={signIn.login} className="button button-secondary">
              Log in
            </Link>
          </p>
        </section>
      ) : member ? (
        <section className="card" aria-labelledby="plan-pay">
          <h2 id="plan-pay">{plan.free ? 'Confirm' : 'Payment'}</h2>
          <FormAlert message={errors?.form} />
          <Form method="post" className="form-grid" noValidate>
            <input type="hidden" name="purchaseKey" value={member.purchaseKey} />
            {plan.free ? <input type="hidden" name="free" value="1" /> : null}
            <Field
              name="email"
              label="E-mail for the receipt"
              type="email"
              autoComplete="email"
              defaultValue={member.email}
              errors={errors}
              className="span-2"
            />
            {plan.free ? null : (
              <>
                <fieldset className="span-2">
                  <legend className="visually-hidden">Payment method</legend>
                  <label className="option-row">
                    <input type="radio" name="paymentMethod" value="SANDBOX_CARD" defaultChecked />
                    <span className="option-text">
                      <strong>Card</strong>
                      <span className="option-detail">
                        Sandbox: use 4242 4242 4242 4242, any future date and any CVC.
                      </span>
                    </span>
                  </label>
                  <label className="option-row">
                    <input type="radio" name="paymentMethod" value="OFFLINE" />
                    <span className="option-text">
                      <strong>Pay later</strong>
                      <span className="option-detail">
                        The membership starts once the store has your payment.
                      </span>
                    </span>
                  </label>
                </fieldset>
                <CardFields errors={errors} />
              </>
            )}
            <button type="submit" className="button button-large span-2" disabled={busy}>
              {busy ? 'Buying…' : plan.free ? `Get ${plan.name}` : `Buy ${plan.name} · ${plan.price}`}
            </button>
          </Form>
        </section>
      ) : null}
      <p>
        <a href={back}>Choose another plan</a>
      </p>
    </div>
  );
}
