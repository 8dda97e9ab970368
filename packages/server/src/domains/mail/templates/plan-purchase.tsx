import type { MailStore, PlanPurchaseMail } from '../mail-templates.contract.js';
import { ActionLink, MailLayout, Paragraph } from './layout.js';
import { TotalsTable } from './parts.js';

export const planPurchaseSubject = (props: PlanPurchaseMail, store: MailStore) =>
  `${store.name}: your ${props.planName} plan`;

/** Sent instead of the order confirmation when a member buys a paid plan. */
export function PlanPurchase(props: PlanPurchaseMail & { store: MailStore }) {
  return (
    <MailLayout
      store={props.store}
      title={`Welcome to ${props.planName}`}
      preview={`Order #${props.orderNumber}: ${props.planName}, ${props.terms}`}
    >
      <Paragraph>
        Thank you for buying the {props.planName} plan (order #{props.orderNumber}). Payment:{' '}
        {props.paymentStatus}.
      </Paragraph>
      <TotalsTable
        caption="Your plan"
        rows={[
          { label: props.planName, amount: props.terms },
          { label: 'Total', amount: props.total, total: true },
        ]}
      />
      <Paragraph>
        The plan's benefits apply at checkout as soon as it is paid, when you are logged in with this e-mail
        address.
      </Paragraph>
      <ActionLink link={props.link} />
    </MailLayout>
  );
}
