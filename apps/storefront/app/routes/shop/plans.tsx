import { Link } from 'react-router';
import { seo } from '../../lib/seo';
import { getSession } from '../../lib/session.server';
import type { Route } from './+types/plans';

export function meta() {
  return seo({ title: 'Membership plans', description: 'Plans that pay for your favourite items.' });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  const plans = await session.catalog.plans.list();
  return {
    plans: plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      description: plan.description,
      perks: plan.perks,
      price: Number(plan.price.amount) === 0 ? 'Free' : plan.price.formattedAmount,
      terms: planTerms(plan),
      once: plan.maxPurchasesPerBuyer === 1,
    })),
  };
}

/** "10 items · 30 days": what a membership of the plan pays for, and for how long. */
export function planTerms(plan: { credits?: number; durationDays?: number }): string {
  const items =
    plan.credits === undefined
      ? 'Unlimited items'
      : `${plan.credits} ${plan.credits === 1 ? 'item' : 'items'}`;
  const time = plan.durationDays === undefined ? 'no end date' : `${plan.durationDays} days`;
  return `${items} · ${time}`;
}

export default function Plans({ loaderData }: Route.ComponentProps) {
  const { plans } = loaderData;
  return (
    <div className="container page">
      <h1>Membership plans</h1>
      {plans.length === 0 ? (
        <p className="lead">There are no plans on sale right now.</p>
      ) : (
        <ul className="plan-list">
          {plans.map((plan) => (
            <li key={plan.id} className="card plan-card">
              <h2>{plan.name}</h2>
              <p className="plan-price">{plan.price}</p>
              <p className="muted">{plan.terms}</p>
              {plan.description ? <p>{plan.description}</p> : null}
              {plan.perks.length > 0 ? (
                <ul className="plan-perks" aria-label={`${plan.name} includes`}>
                  {plan.perks.map((perk) => (
                    <li key={perk}>{perk}</li>
                  ))}
                </ul>
              ) : null}
              {plan.once ? <p className="muted">One per member.</p> : null}
              <Link to={`/plan-checkout/${plan.id}`} className="button" aria-label={`Choose ${plan.name}`}>
                Choose
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
