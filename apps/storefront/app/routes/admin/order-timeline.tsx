import type { Order } from '@openshelf/sdk';
import { Form } from 'react-router';
import { Field } from '../../components/Field';
import { errorsFor, FormError, type Result } from './order-form-state';
import { formatDate, Submit } from './ui';

/** What happened to the order, newest first, and the merchant's notes on it. */
export function Timeline({ order, result }: { order: Order; result: Result }) {
  const activities = [...(order.activities ?? [])].reverse();
  return (
    <section className="admin-card" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      <FormError result={result} form="note" />
      <Form method="post" className="admin-form" noValidate>
        <Field label="Add a note" name="note" maxLength={2000} errors={errorsFor(result, 'note')} />
        <Submit intent="note" variant="secondary">
          Add note
        </Submit>
      </Form>
      <ol className="admin-timeline" aria-label="What happened, newest first">
        {activities.map((activity) => (
          <li key={activity.id}>
            <span>
              {activity.type === 'MERCHANT_COMMENT' ? `Note: ${activity.message}` : activity.message}
            </span>
            <small className="admin-muted admin-block">{formatDate(activity.createdDate, true)}</small>
          </li>
        ))}
      </ol>
    </section>
  );
}
