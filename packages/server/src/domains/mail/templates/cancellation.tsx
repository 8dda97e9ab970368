import type { CancellationMail, MailStore } from '../mail-templates.contract.js';
import { ActionLink, MailLayout, Paragraph } from './layout.js';
import { LinesTable } from './parts.js';

export const cancellationSubject = (props: CancellationMail, store: MailStore) =>
  `${store.name}: order #${props.orderNumber} canceled`;

const CANCELED_PAYMENT: Record<CancellationMail['payment'], string> = {
  refunded: 'What you paid goes back to how you paid: card refunds usually appear within 5–10 business days.',
  released: 'The amount held on your card is released; nothing was charged.',
  none: 'Nothing was charged for this order.',
};

/** Sent when the merchant cancels an order that had not shipped. */
export function Cancellation(props: CancellationMail & { store: MailStore }) {
  return (
    <MailLayout
      store={props.store}
      title={`Order #${props.orderNumber} is canceled`}
      preview={`${props.store.name} canceled order #${props.orderNumber}.`}
    >
      <Paragraph>
        {props.store.name} has canceled your order #{props.orderNumber}. Nothing from it will be shipped.
      </Paragraph>
      <LinesTable caption="Canceled items" lines={props.lines} amounts={false} />
      <Paragraph>{CANCELED_PAYMENT[props.payment]}</Paragraph>
      <ActionLink link={props.link} />
    </MailLayout>
  );
}
