// The payments domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export {
  claimGatewayEvent,
  type GatewayPayment,
  paymentByReference,
  settleGatewayPayment,
} from './gateway-events.service.js';
export {
  chargeRequestOf,
  claimOpenAttempts,
  endAttempt,
  gatewaySubjectOf,
  giveBackPayment,
  openAttemptCount,
  type PaymentAttempt,
  recheckAttemptAt,
  recordBrowserPayment,
  settleAttemptFor,
} from './payment-attempts.service.js';
export { paymentMethodIn } from './payment-method-in.mapper.js';
export { assertOwnMethod, ownerKeyOf, storableMethod } from './payment-methods.service.js';
export {
  lockRefundablePayments,
  type PaymentRefundPart,
  recordGatewayRefund,
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
  capturedMinorSql,
  capturePayments,
  executePayment,
  listPayments,
  type PaymentRecord,
  type PreparedPayment,
  paymentsByOrder,
  preparePayment,
  recordManualPayment,
  recordPayment,
  reversePayments,
  type TakenPayment,
  type TakePaymentInput,
  voidAuthorizations,
} from './payments.service.js';
export type {
  CardSummary,
  ChargeResult,
  GatewayPaymentState,
  MoneyCallOptions,
  PaymentMethodInput,
  PaymentProvider,
  PaymentSelection,
} from './providers/payment-provider.types.js';
export {
  cardProviderOf,
  defaultPaymentProviders,
  gatewayCustomerFor,
  type PaymentProviders,
  requireCardProvider,
} from './providers/payment-providers.service.js';
export { type StripeProviderOptions, stripeClient } from './providers/stripe.provider.js';
