import cardValidator from 'card-validator';
import type { CardNumberCheck } from './card-check';

/** The action's check of a card number: card-validator knows each brand's lengths and security code. */
export const cardNumberCheck: CardNumberCheck = (digits) => {
  const card = cardValidator.number(digits);
  return { isValid: card.isValid, cvcLength: card.card?.code.size };
};
