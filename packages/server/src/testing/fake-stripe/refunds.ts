import { type FormObject, record, text } from './form.js';
import { type FakeRefund, type FakeStore, idOf, invalid, type Reply, type Route } from './state.js';

/**
 * Giving money back: `POST /v1/refunds` as the store calls it, and a refund made in Stripe's dashboard
 * (`refundInDashboard`), each emitting what Stripe emits — `refund.created` and `charge.refunded` (whose
 * charge carries its refunds, as Stripe's expanded charge does). `failNextRefunds(n)` makes the next
 * refund calls fail as an outage does (a 500 from Stripe), for tests of what a failed refund leaves.
 */
export function fakeRefunds(store: FakeStore) {
  let failing = 0;

  function refund(
    intentId: string,
    amountAsked: number | undefined,
    metadata: Record<string, string>,
  ): Reply {
    const intent = store.intents.get(intentId);
    const charge = store.charges.get(intent?.latest_charge ?? '');
    if (!intent || !charge || intent.status !== 'succeeded')
      return invalid('This PaymentIntent has no successful charge to refund.', 'charge_not_refundable');
    const left = intent.amount_received - charge.amount_refunded;
    const amount = amountAsked ?? left;
    if (amount > left)
      return invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount_too_large',
      );
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= intent.amount_received;
    const created: FakeRefund = {
      id: idOf('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: charge.id,
      status: 'succeeded',
      reason: null,
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    store.refunds.set(created.id, created);
    store.emit('refund.created', created);
    const all = [...store.refunds.values()].filter((entry) => entry.charge === charge.id);
    store.emit('charge.refunded', { ...charge, refunds: { object: 'list', data: all, has_more: false } });
    return { status: 200, body: created };
  }

  const routes: Route[] = [
    [
      'POST',
      /^\/v1\/refunds$/,
      () => (form: FormObject) => {
        if (failing > 0) {
          failing -= 1;
          return {
            status: 500,
            body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
          };
        }
        const amount = text(form.amount);
        return refund(
          text(form.payment_intent) ?? '',
          amount ? Number(amount) : undefined,
          record(form.metadata),
        );
      },
    ],
  ];

  return {
    routes,
    /** A refund the merchant makes in Stripe's dashboard: Stripe's events only, the store is not asked. */
    refundInDashboard(intentId: string, amount?: number): FakeRefund {
      const reply = refund(intentId, amount, {});
      if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
      return reply.body as FakeRefund;
    },
    failNextRefunds(count = 1) {
      failing = count;
    },
  };
}
