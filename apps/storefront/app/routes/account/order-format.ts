// Order and subscription words and dates for people, not enum names.

const STATUS_WORDS: Record<string, string> = {
  APPROVED: 'Placed',
  INITIALIZED: 'Awaiting payment',
  CANCELED: 'Canceled',
  NOT_PAID: 'Not paid',
  PENDING: 'Payment pending',
  PAID: 'Paid',
  PARTIALLY_PAID: 'Partly paid',
  FULLY_REFUNDED: 'Refunded',
  PARTIALLY_REFUNDED: 'Partly refunded',
  NOT_FULFILLED: 'Not shipped yet',
  FULFILLED: 'Fulfilled',
  PARTIALLY_FULFILLED: 'Partly fulfilled',
  ACTIVE: 'Active',
  ENDED: 'Ended',
};

export function statusWord(status: string): string {
  return STATUS_WORDS[status] ?? status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ');
}

// One payment's state in a buyer's words: "captured" and "voided" are the gateway's terms.
const PAYMENT_WORDS: Record<string, string> = {
  PENDING: 'Pending',
  AUTHORIZED: 'Held on the card, not charged yet',
  CAPTURED: 'Paid',
  VOIDED: 'Released, not charged',
  REFUNDED: 'Refunded',
};

/** A payment's status (PENDING, AUTHORIZED, CAPTURED, VOIDED, REFUNDED) for its buyer. */
export function paymentWord(status: string): string {
  return PAYMENT_WORDS[status] ?? statusWord(status);
}

export function longDate(when: string | Date): string {
  return new Date(when).toLocaleDateString('en', { dateStyle: 'medium', timeZone: 'UTC' });
}

const PERIOD: Record<string, string> = { DAY: 'day', WEEK: 'week', MONTH: 'month', YEAR: 'year' };

/** "every month", "every 2 weeks"; with the number of payments when it ends. */
export function scheduleWords(frequency: string, interval: number, billingCycles: number): string {
  const unit = PERIOD[frequency] ?? frequency.toLowerCase();
  const every = interval > 1 ? `every ${interval} ${unit}s` : `every ${unit}`;
  return billingCycles > 0 ? `${every}, ${billingCycles} payments` : `${every} until canceled`;
}
