import type { Order } from '@openshelf/sdk';
import { Badge, formatDate, humanize } from './ui';

const DISPUTE_WORDS: Record<string, string> = {
  warning_needs_response: 'Inquiry: respond in Stripe',
  needs_response: 'Needs your response in Stripe',
  under_review: 'Under review by the bank',
  won: 'Won',
  lost: 'Lost',
};

/** Chargebacks the gateway reported: what is disputed, why, and where it stands (won or lost). */
export function Disputes({ order }: { order: Order }) {
  const disputes = order.disputes ?? [];
  if (disputes.length === 0) return null;
  return (
    <section className="admin-card" aria-labelledby="disputes-heading">
      <h2 id="disputes-heading">Disputes</h2>
      <ul className="admin-list">
        {disputes.map((dispute) => (
          <li key={dispute.id}>
            <span>
              {dispute.amount.formattedAmount} · {humanize(dispute.reason)}
              <small className="admin-muted admin-block">
                Opened {formatDate(dispute.openedDate, true)} ·{' '}
                {DISPUTE_WORDS[dispute.status] ?? humanize(dispute.status)}
              </small>
            </span>
            <Badge
              status={dispute.status === 'won' ? 'PAID' : dispute.status === 'lost' ? 'CANCELED' : 'PENDING'}
            >
              {dispute.status === 'won' ? 'Won' : dispute.status === 'lost' ? 'Lost' : 'Open'}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
