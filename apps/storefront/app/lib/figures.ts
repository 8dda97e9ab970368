import type { Figure, Money } from './types';

const NOTHING: Money = { amount: '0', formattedAmount: '' };

/**
 * What placing the order charges now, as the API computed it: the amount-due row when a gift card or a
 * part paid later splits the total, else the total. The "Place order" button and the card payment use it.
 */
export function amountDue(figures: readonly Figure[]): Money {
  const row = figures.find((figure) => figure.kind === 'DUE_NOW') ?? figures.find((f) => f.kind === 'TOTAL');
  return row?.amount ?? NOTHING;
}
