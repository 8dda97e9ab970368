import type { ReactElement } from 'react';
import type { MailStore, MailTemplateName, MailTemplates } from '../mail-templates.contract.js';
import { Cancellation, cancellationSubject } from './cancellation.js';
import { GiftCardCodes, giftCardCodesSubject } from './gift-card-codes.js';
import {
  AccountActivation,
  accountActivationSubject,
  PasswordChanged,
  PasswordRecovery,
  passwordChangedSubject,
  passwordRecoverySubject,
  RecoveryCodeUsed,
  recoveryCodeUsedSubject,
  SecondFactorCode,
  SecondFactorsTurnedOff,
  secondFactorCodeSubject,
  secondFactorsTurnedOffSubject,
  VerificationCode,
  verificationCodeSubject,
} from './identity.js';
import { OrderConfirmation, orderConfirmationSubject } from './order-confirmation.js';
import { PaymentInstructions, paymentInstructionsSubject } from './payment-instructions.js';
import { PlanPurchase, planPurchaseSubject } from './plan-purchase.js';
import { Refund, refundSubject } from './refund.js';
import { Shipping, shippingSubject } from './shipping.js';

type Template<P> = {
  subject: (props: P, store: MailStore) => string;
  element: (props: P, store: MailStore) => ReactElement;
};

/** Every template by name: its subject line and its React element. Loaded only when a mail is written. */
export const TEMPLATES: { [K in MailTemplateName]: Template<MailTemplates[K]> } = {
  'order-confirmation': {
    subject: orderConfirmationSubject,
    element: (props, store) => <OrderConfirmation {...props} store={store} />,
  },
  'payment-instructions': {
    subject: paymentInstructionsSubject,
    element: (props, store) => <PaymentInstructions {...props} store={store} />,
  },
  shipping: { subject: shippingSubject, element: (props, store) => <Shipping {...props} store={store} /> },
  refund: { subject: refundSubject, element: (props, store) => <Refund {...props} store={store} /> },
  cancellation: {
    subject: cancellationSubject,
    element: (props, store) => <Cancellation {...props} store={store} />,
  },
  'plan-purchase': {
    subject: planPurchaseSubject,
    element: (props, store) => <PlanPurchase {...props} store={store} />,
  },
  'gift-card-codes': {
    subject: giftCardCodesSubject,
    element: (props, store) => <GiftCardCodes {...props} store={store} />,
  },
  'verification-code': {
    subject: verificationCodeSubject,
    element: (props, store) => <VerificationCode {...props} store={store} />,
  },
  'second-factor-code': {
    subject: secondFactorCodeSubject,
    element: (props, store) => <SecondFactorCode {...props} store={store} />,
  },
  'password-recovery': {
    subject: passwordRecoverySubject,
    element: (props, store) => <PasswordRecovery {...props} store={store} />,
  },
  'password-changed': {
    subject: passwordChangedSubject,
    element: (props, store) => <PasswordChanged {...props} store={store} />,
  },
  'recovery-code-used': {
    subject: recoveryCodeUsedSubject,
    element: (props, store) => <RecoveryCodeUsed {...props} store={store} />,
  },
  'second-factors-turned-off': {
    subject: secondFactorsTurnedOffSubject,
    element: (props, store) => <SecondFactorsTurnedOff {...props} store={store} />,
  },
  'account-activation': {
    subject: accountActivationSubject,
    element: (props, store) => <AccountActivation {...props} store={store} />,
  },
};
