import type { Caller } from '../../access/index.js';
import type { EventActor } from '../../events/index.js';
import type { PaymentMethodInput, PaymentProviders } from '../../payments/index.js';
import type { PricingEnv } from '../../pricing/index.js';

/** Payment fields left out fall back to the checkout's payment selection, then to OFFLINE / false. */
export interface CreateOrderInput {
  checkoutId: string;
  method?: PaymentMethodInput;
  delayCapture?: boolean;
  savePaymentMethod?: boolean;
}

export interface CreateOrderContext {
  env: PricingEnv;
  caller: Caller;
  actor: EventActor;
  now: Date;
  providers: PaymentProviders;
}

export interface CreatedOrder {
  orderId: string;
  subscriptionId?: string;
  paymentGatewayOrderId?: string;
}
