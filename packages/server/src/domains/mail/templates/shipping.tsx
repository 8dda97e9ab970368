import { Link } from '@react-email/link';
import type { MailStore, ShippingMail } from '../mail-templates.contract.js';
import { ActionLink, inlineLink, MailLayout, Paragraph } from './layout.js';
import { AddressBlock, LinesTable } from './parts.js';

export const shippingSubject = (props: ShippingMail, store: MailStore) =>
  `${store.name}: order #${props.orderNumber} ${props.update ? 'tracking updated' : 'has shipped'}`;

/** Sent when the merchant records a shipment, and again when its tracking number or link changes. */
export function Shipping(props: ShippingMail & { store: MailStore }) {
  const tracked = props.carrier || props.trackingNumber || props.trackingUrl;
  return (
    <MailLayout
      store={props.store}
      title={
        props.update
          ? `Tracking updated for order #${props.orderNumber}`
          : `Order #${props.orderNumber} is on its way`
      }
      preview={
        props.trackingNumber
          ? `Tracking number ${props.trackingNumber}${props.carrier ? ` (${props.carrier})` : ''}`
          : `Items from order #${props.orderNumber} have shipped.`
      }
    >
      <Paragraph>Good news: items from your order #{props.orderNumber} are on their way.</Paragraph>
      <LinesTable caption="In this shipment" lines={props.lines} amounts={false} />
      {tracked ? (
        <>
          {props.carrier ? <Paragraph>Carrier: {props.carrier}</Paragraph> : null}
          {props.trackingNumber ? <Paragraph>Tracking number: {props.trackingNumber}</Paragraph> : null}
          {props.trackingUrl ? (
            <Paragraph>
              Track your parcel:{' '}
              <Link href={props.trackingUrl} style={inlineLink}>
                {props.trackingUrl}
              </Link>
            </Paragraph>
          ) : null}
        </>
      ) : (
        <Paragraph>The store has not added tracking details for this shipment.</Paragraph>
      )}
      <AddressBlock title="Shipping to" lines={props.shipTo} />
      <ActionLink link={props.link} />
    </MailLayout>
  );
}
