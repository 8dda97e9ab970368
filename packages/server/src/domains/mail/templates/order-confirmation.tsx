import type { MailStore, OrderConfirmationMail } from '../mail-templates.contract.js';
import { ActionLink, MailLayout, Note, Paragraph } from './layout.js';
import { AddressBlock, LinesTable, TotalsTable } from './parts.js';

export const orderConfirmationSubject = (props: OrderConfirmationMail, store: MailStore) =>
  `${store.name}: order #${props.order.number} received`;

/** Sent when an order is placed (`ecom.order.created`), paid or not. */
export function OrderConfirmation(props: OrderConfirmationMail & { store: MailStore }) {
  const { order } = props;
  return (
    <MailLayout
      store={props.store}
      title={`Thank you for your order #${order.number}`}
      preview={`Order #${order.number} at ${props.store.name}: ${order.totals.find((row) => row.total)?.amount ?? ''}`}
    >
      <Paragraph>
        We have received your order of {order.date}. Payment: {props.paymentStatus}.
      </Paragraph>
      <LinesTable caption={`Order #${order.number}`} lines={order.lines} />
      <TotalsTable rows={order.totals} />
      <AddressBlock title="Shipping to" lines={order.shipTo} />
      {order.delivery ? <Paragraph>Delivery: {order.delivery}</Paragraph> : null}
      {props.downloads.length > 0 ? (
        <>
          <Paragraph>Your downloads (links valid for 24 hours):</Paragraph>
          {props.downloads.map((link) => (
            <ActionLink key={link.url} link={link} />
          ))}
        </>
      ) : null}
      <ActionLink link={order.link} />
      <Note>Keep this e-mail: its order number is what the store asks for.</Note>
    </MailLayout>
  );
}
