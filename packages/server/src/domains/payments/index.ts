// The payments domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { paymentMethodIn } from './payment-method-in.js';
export { assertOwnMethod, ownerKeyOf, storableMethod } from './payment-methods.service.js';
export {
  lockRefundablePayments,
  type PaymentRefundPart,
  refundCapturedPayments,
} from './payment-refunds.service.js';
export {
  PaymentMethodIn,
  SelectPaymentMethodRequest,
  SelectPaymentMethodResponse,
} from './payments.contract.js';
export { paymentRoutes } from './payments.routes.js';
export { PAYMENT_STATUSES, type PaymentStatus } from './payments.schema.js';
export {
  capturedByOrder,
  capturePayments,
  defaultPaymentProviders,
  listPayments,
  type PaymentProviders,
  type PaymentRecord,
  recordManualPayment,
  reversePayments,
  type TakenPayment,
  takePayment,
} from './payments.service.js';
export type { CardSummary, PaymentMethodInput, PaymentSelection } from './provider.js';
