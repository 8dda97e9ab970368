import { Link } from 'react-router';
import type { Route } from './+types/subscriptions';
import { asMember, requireMember } from './member.server';
import { longDate, scheduleWords, statusWord } from './order-format';

export function meta() {
  return [{ title: 'My subscriptions' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireMember(request, context);
  return {
    subscriptions: await asMember(request, session, () => session.client.subscriptions.list()),
  };
}

export default function Subscriptions({ loaderData }: Route.ComponentProps) {
  const { subscriptions } = loaderData;
  return (
    <section aria-labelledby="subscriptions-title" className="account-section">
      <h2 id="subscriptions-title">Subscriptions</h2>
      {subscriptions.length === 0 ? (
        <div className="empty">
          <p>You have no subscriptions. Products you can subscribe to say so on their page.</p>
          <Link to="/" className="button">
            Browse the shop
          </Link>
        </div>
      ) : (
        <ul className="subscription-list">
          {subscriptions.map((subscription) => (
            <li key={subscription.id} className="subscription-card">
              <h3>{subscription.title}</h3>
              <p className="muted">
                {subscription.price.formattedAmount},{' '}
                {scheduleWords(subscription.frequency, subscription.interval, subscription.billingCycles)}
              </p>
              <dl className="facts">
                <div>
                  <dt>Status</dt>
                  <dd>
                    <span className="badge">{statusWord(subscription.status)}</span>
                  </dd>
                </div>
                <div>
                  <dt>Started</dt>
                  <dd>{longDate(subscription.startDate)}</dd>
                </div>
                <div>
                  <dt>Next payment</dt>
                  <dd>
                    {subscription.nextBillingDate ? longDate(subscription.nextBillingDate) : 'None left'}
                  </dd>
                </div>
              </dl>
              <Link to={`/account/orders/${subscription.orderId}`}>View the order</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
