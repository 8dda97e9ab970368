// The sandbox card's three inputs, checked the same in the browser and in the checkout's action, so that
// each problem is named at its field before the payment provider sees the card. card-validator knows the
// card brands (their lengths, Luhn, the security code's length).
import cardValidator from 'card-validator';

/** What the shopper reads when a card field is refused (also when the API refuses it; its words are for apps). */
export const CARD_WORDS = {
  cardNumber: 'This card number is not valid. Check the digits and try again.',
  cardExpiry: 'This card has expired. Use another card.',
  cardCvc: 'Enter the 3 or 4 digit security code from the back of the card.',
} as const;

export interface CardCheck {
  problems: Partial<Record<'cardNumber' | 'cardExpiry' | 'cardCvc', string>>;
  card: { number: string; expMonth: number; expYear: number; cvc: string };
}

/** Each problem of the card at its field (all of them at once), and the card as the API takes it. */
export function checkCard(
  typed: { cardNumber: string; cardExpiry: string; cardCvc: string },
  now = new Date(),
): CardCheck {
  const number = typed.cardNumber.replace(/[\s-]/g, '');
  const expiry = typed.cardExpiry.trim();
  const cvc = typed.cardCvc.trim();
  const problems: CardCheck['problems'] = {};
  const card = cardValidator.number(number);
  if (!number) problems.cardNumber = 'Enter the card number.';
  else if (!card.isValid) problems.cardNumber = CARD_WORDS.cardNumber;
  // "1230", "12/30", "12 / 30" and "12/2030" all say December 2030. card-validator reads dates ahead;
  // a past one it leaves unread, so the digits are read here to say "expired" rather than "wrong".
  const parsed = cardValidator.expirationDate(expiry);
  const digits = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(expiry);
  const month = Number(parsed.month ?? digits?.[1] ?? 0);
  const year = Number(parsed.year ?? digits?.[2] ?? 0);
  const fullYear = year < 100 ? 2000 + year : year;
  if (!expiry) problems.cardExpiry = 'Enter the expiry date as MM / YY.';
  else if (month < 1 || month > 12 || !year)
    problems.cardExpiry = 'Enter the expiry date as MM / YY, such as 08 / 29.';
  // A card is good through the last day of its expiry month (as the payment provider counts it).
  else if (new Date(Date.UTC(fullYear, month, 1)) <= now) problems.cardExpiry = CARD_WORDS.cardExpiry;
  const cvcLength = card.card?.code.size;
  if (!/^\d{3,4}$/.test(cvc) || (cvcLength !== undefined && cvc.length !== cvcLength)) {
    problems.cardCvc = cvcLength
      ? `Enter the ${cvcLength} digit security code from the card.`
      : CARD_WORDS.cardCvc;
  }
  return { problems, card: { number, expMonth: month, expYear: fullYear, cvc } };
}
