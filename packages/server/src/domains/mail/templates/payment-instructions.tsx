import type { MailStore, PaymentInstructionsMail } from '../mail-templates.contract.js';
import { ActionLink, MailLayout, Paragraph } from './layout.js';

export const paymentInstructionsSubject = (props: PaymentInstructionsMail, store: MailStore) =>
  `${store.name}: how to pay for order #${props.orderNumber}`;

/** Sent with the confirmation of an order placed to pay later (offline, manual payment). */
export function PaymentInstructions(props: PaymentInstructionsMail & { store: MailStore }) {
  const { store } = props;
  return (
    <MailLayout
      store={store}
      title={`${props.amountDue} to pay for order #${props.orderNumber}`}
      preview={`Your order is reserved until ${store.name} receives ${props.amountDue}.`}
    >
      <Paragraph>
        Your order is placed and waits for your payment of <strong>{props.amountDue}</strong>. Pay as agreed
        with {store.name} (bank transfer, cash on delivery or at pickup) and quote the order number{' '}
        <strong>#{props.orderNumber}</strong> as the payment reference.
      </Paragraph>
      <Paragraph>
        {store.contactEmail
          ? `For payment details, reply to this e-mail or write to ${store.contactEmail}.`
          : 'For payment details, reply to this e-mail.'}{' '}
        We ship once the payment has arrived, and let you know.
      </Paragraph>
      <ActionLink link={props.link} />
    </MailLayout>
  );
}
