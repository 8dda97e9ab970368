// The sandbox card's three inputs, checked in the browser and again in the checkout's action, so that each
// problem is named at its field before the payment provider sees the card. The action checks the number
// with card-validator, which knows the brands (their lengths, the security code's length:
// card-number.server.ts); the browser, to keep the page's script small, checks its digits (Luhn) only.

/** What the shopper reads when a card field is refused (also when the API refuses it; its words are for apps). */
export const CARD_WORDS = {
  cardNumber: 'This card number is not valid. Check the digits and try again.',
  cardExpiry: 'This card has expired. Use another card.',
  cardCvc: 'Enter the 3 or 4 digit security code from the back of the card.',
} as const;

/** A card number's check: whether it can be a card's, and its brand's security code length if known. */
export type CardNumberCheck = (digits: string) => { isValid: boolean; cvcLength?: number | undefined };

/**
 * Digits only, 12 to 19 of them, whose Luhn checksum holds (every card number's). The security code is
 * 4 digits on American Express cards (34, 37), 3 on the other brands' (2–6); unknown otherwise.
 */
export const luhnCheck: CardNumberCheck = (digits) => {
  const cvcLength = /^3[47]/.test(digits) ? 4 : /^[2-6]/.test(digits) ? 3 : undefined;
  if (!/^\d{12,19}$/.test(digits)) return { isValid: false, cvcLength };
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return { isValid: sum % 10 === 0, cvcLength };
};

export interface CardCheck {
  problems: Partial<Record<'cardNumber' | 'cardExpiry' | 'cardCvc', string>>;
  card: { number: string; expMonth: number; expYear: number; cvc: string };
}

/** Each problem of the card at its field (all of them at once), and the card as the API takes it. */
export function checkCard(
  typed: { cardNumber: string; cardExpiry: string; cardCvc: string },
  now = new Date(),
  checkNumber: CardNumberCheck = luhnCheck,
): CardCheck {
  const number = typed.cardNumber.replace(/[\s-]/g, '');
  const expiry = typed.cardExpiry.trim();
  const cvc = typed.cardCvc.trim();
  const problems: CardCheck['problems'] = {};
  const card = checkNumber(number);
  if (!number) problems.cardNumber = 'Enter the card number.';
  else if (!card.isValid) problems.cardNumber = CARD_WORDS.cardNumber;
  // "1230", "12/30", "12 / 30" and "12/2030" all say December 2030; a past date is read too, to say
  // "expired" rather than "wrong".
  const digits = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(expiry);
  const month = Number(digits?.[1] ?? 0);
  const year = Number(digits?.[2] ?? 0);
  const fullYear = year < 100 ? 2000 + year : year;
  if (!expiry) problems.cardExpiry = 'Enter the expiry date as MM / YY.';
  else if (month < 1 || month > 12 || !year)
    problems.cardExpiry = 'Enter the expiry date as MM / YY, such as 08 / 29.';
  // A card is good through the last day of its expiry month (as the payment provider counts it).
  else if (new Date(Date.UTC(fullYear, month, 1)) <= now) problems.cardExpiry = CARD_WORDS.cardExpiry;
  const cvcLength = card.cvcLength;
  if (!/^\d{3,4}$/.test(cvc) || (cvcLength !== undefined && cvc.length !== cvcLength)) {
    problems.cardCvc = cvcLength
      ? `Enter the ${cvcLength} digit security code from the card.`
      : CARD_WORDS.cardCvc;
  }
  return { problems, card: { number, expMonth: month, expYear: fullYear, cvc } };
}
