import type { GiftCardCodesMail, MailStore } from '../mail-templates.contract.js';
import { MailLayout, Paragraph } from './layout.js';
import { TotalsTable } from './parts.js';

export const giftCardCodesSubject = (props: GiftCardCodesMail, store: MailStore) =>
  `${store.name}: your gift card${props.cards.length > 1 ? 's' : ''}`;

/** Sent once an order with gift cards is paid: their codes. */
export function GiftCardCodes(props: GiftCardCodesMail & { store: MailStore }) {
  return (
    <MailLayout
      store={props.store}
      title={`Your gift card${props.cards.length > 1 ? 's' : ''}`}
      preview={`Thank you for order #${props.orderNumber}.`}
    >
      <Paragraph>Thank you for order #{props.orderNumber}. Your gift card codes:</Paragraph>
      <TotalsTable
        caption="Codes"
        rows={props.cards.map((card) => ({ label: card.code, amount: card.amount }))}
      />
      <Paragraph>
        Enter a code at checkout to pay with it. Keep the codes safe: anyone who has a code can spend it.
      </Paragraph>
    </MailLayout>
  );
}
