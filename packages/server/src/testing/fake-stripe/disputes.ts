import { type FakeDispute, type FakeStore, idOf } from './state.js';

/**
 * Disputes (chargebacks) happen between the buyer's bank and Stripe, never through the store's calls:
 * the fake opens, updates and closes them on a test's word and emits `charge.dispute.*` as Stripe does.
 */
export function fakeDisputes(store: FakeStore) {
  function emitFor(dispute: FakeDispute, type: string) {
    store.emit(type, dispute);
    return { ...dispute };
  }
  return {
    openDispute(intentId: string, options: { reason?: string; amount?: number } = {}): FakeDispute {
      const intent = store.intents.get(intentId);
      const charge = store.charges.get(intent?.latest_charge ?? '');
      if (!intent || !charge) throw new Error(`no charge for ${intentId}`);
      const dispute: FakeDispute = {
        id: idOf('dp'),
        object: 'dispute',
        amount: options.amount ?? charge.amount_captured,
        currency: intent.currency,
        charge: charge.id,
        payment_intent: intent.id,
        reason: options.reason ?? 'fraudulent',
        status: 'needs_response',
        created: Math.floor(Date.now() / 1000),
      };
      store.disputes.set(dispute.id, dispute);
      return emitFor(dispute, 'charge.dispute.created');
    },
    updateDispute(id: string, status: FakeDispute['status'] = 'under_review'): FakeDispute {
      const dispute = store.disputes.get(id);
      if (!dispute) throw new Error(`no dispute ${id}`);
      dispute.status = status;
      return emitFor(dispute, 'charge.dispute.updated');
    },
    closeDispute(id: string, outcome: 'won' | 'lost'): FakeDispute {
      const dispute = store.disputes.get(id);
      if (!dispute) throw new Error(`no dispute ${id}`);
      dispute.status = outcome;
      return emitFor(dispute, 'charge.dispute.closed');
    },
  };
}
