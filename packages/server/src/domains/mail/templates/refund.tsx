import type { MailStore, RefundMail } from '../mail-templates.contract.js';
import { ActionLink, MailLayout, Note, Paragraph } from './layout.js';
import { TotalsTable } from './parts.js';

export const refundSubject = (props: RefundMail, store: MailStore) =>
  `${store.name}: refund for order #${props.orderNumber}`;

/** Sent when the merchant refunds an order, in part or in full (unless they chose not to notify). */
export function Refund(props: RefundMail & { store: MailStore }) {
  const rows = [
    ...props.lines.map((line) => ({ label: `${line.quantity} × ${line.name}`, amount: line.amount })),
    ...(props.shipping ? [{ label: 'Shipping', amount: props.shipping }] : []),
    { label: 'Refunded', amount: props.amount, total: true },
  ];
  return (
    <MailLayout
      store={props.store}
      title={`${props.amount} refunded for order #${props.orderNumber}`}
      preview={`${props.store.name} has refunded ${props.amount}.`}
    >
      <Paragraph>
        {props.store.name} has refunded {props.amount} for order #{props.orderNumber}.
      </Paragraph>
      <TotalsTable caption="Refund" rows={rows} />
      {props.toPaymentMethod ? (
        <Paragraph>{props.toPaymentMethod} goes back to your original payment method.</Paragraph>
      ) : null}
      {props.toGiftCard ? (
        <Paragraph>{props.toGiftCard} goes back to the gift card you paid with.</Paragraph>
      ) : null}
      {props.reason ? <Paragraph>Reason: {props.reason}</Paragraph> : null}
      <Note>Card refunds usually appear on your statement within 5–10 business days.</Note>
      <ActionLink link={props.link} />
    </MailLayout>
  );
}
