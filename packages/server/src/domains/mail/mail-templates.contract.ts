// What each e-mail is given to write itself: a small typed contract per e-mail. Senders (orders,
// identity, previews) fill these with text already formatted for people (money, addresses, dates), so a
// template only lays facts out and the HTML and the plain-text part cannot disagree. No React here: a
// sender imports these types without loading the renderer.

/** Who the mail is from, as the store's identity settings say (name, logo, contact address). */
export interface MailStore {
  name: string;
  /** The shop's public address, for the footer link. */
  url: string;
  /** Absolute URL of the store's logo, when the owner set one. */
  logoUrl?: string;
  contactEmail?: string;
}

/** A link shown as a button, with its address printed under it for clients that strip buttons. */
export interface MailLink {
  label: string;
  url: string;
}

/** One order line as the buyer chose it. */
export interface MailOrderLine {
  name: string;
  /** The chosen options and other description lines: "Color: Blue", "Size: M". */
  options: string[];
  quantity: number;
  unitPrice: string;
  lineTotal: string;
}

/** One row of an order's totals: "Subtotal $40.00", "Discount −$5.00". */
export interface MailTotalRow {
  label: string;
  amount: string;
  /** The row that is the sum (printed strong). */
  total?: boolean;
}

export interface MailOrder {
  number: string;
  /** "June 1, 2026". */
  date: string;
  lines: MailOrderLine[];
  totals: MailTotalRow[];
  /** The shipping address as its country prints it, the name first. */
  shipTo: string[];
  /** The delivery method chosen ("Standard shipping · 3-5 business days"), or the pickup point. */
  delivery?: string;
  /** Where the buyer sees the order: the account's order page, or the shop for a guest. */
  link: MailLink;
}

export interface OrderConfirmationMail {
  order: MailOrder;
  /** "Paid", "Payment pending" — what the buyer has to do is the payment-instructions mail. */
  paymentStatus: string;
  /** Download links of digital products (valid for a day). */
  downloads: MailLink[];
}

export interface PaymentInstructionsMail {
  orderNumber: string;
  amountDue: string;
  link: MailLink;
}

export interface ShippingMail {
  orderNumber: string;
  /** First shipment, or tracking added or changed later. */
  update: boolean;
  lines: { name: string; options: string[]; quantity: number }[];
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  shipTo: string[];
  link: MailLink;
}

export interface RefundMail {
  orderNumber: string;
  amount: string;
  lines: { name: string; quantity: number; amount: string }[];
  shipping?: string;
  /** What goes back to the original payment method, and to the gift card. */
  toPaymentMethod?: string;
  toGiftCard?: string;
  reason?: string;
  link: MailLink;
}

export interface CancellationMail {
  orderNumber: string;
  lines: { name: string; options: string[]; quantity: number }[];
  /** What became of the payment: refunded, an authorization released, or nothing was charged. */
  payment: 'refunded' | 'released' | 'none';
  link: MailLink;
}

export interface PlanPurchaseMail {
  orderNumber: string;
  planName: string;
  /** "10 credits · 30 days". */
  terms: string;
  total: string;
  paymentStatus: string;
  link: MailLink;
}

export interface GiftCardCodesMail {
  orderNumber: string;
  cards: { code: string; amount: string }[];
}

export interface VerificationCodeMail {
  code: string;
  minutes: number;
}

/** What an e-mailed second-factor code is for: a login step, or setting the e-mail factor up or removing it. */
export type FactorCodePurpose = 'login' | 'enable' | 'remove';

export interface SecondFactorCodeMail {
  code: string;
  minutes: number;
  purpose: FactorCodePurpose;
}

export interface PasswordRecoveryMail {
  url: string;
  minutes: number;
}

export interface PasswordChangedMail {
  resetUrl: string;
}

export interface RecoveryCodeUsedMail {
  /** Unused recovery codes the member has left. */
  left: number;
  /** The account's sign-in security page, where new codes are made. */
  securityUrl: string;
  /** The page that e-mails a reset link. */
  resetUrl: string;
}

export interface SecondFactorsTurnedOffMail {
  /** The account's sign-in security page, where a new authenticator app is set up. */
  securityUrl: string;
  /** The page that e-mails a reset link. */
  resetUrl: string;
}

export interface AccountActivationMail {
  url: string;
  days: number;
}

/** Every e-mail the store sends, by name, with what it needs. */
export interface MailTemplates {
  'order-confirmation': OrderConfirmationMail;
  'payment-instructions': PaymentInstructionsMail;
  shipping: ShippingMail;
  refund: RefundMail;
  cancellation: CancellationMail;
  'plan-purchase': PlanPurchaseMail;
  'gift-card-codes': GiftCardCodesMail;
  'verification-code': VerificationCodeMail;
  'second-factor-code': SecondFactorCodeMail;
  'password-recovery': PasswordRecoveryMail;
  'password-changed': PasswordChangedMail;
  'recovery-code-used': RecoveryCodeUsedMail;
  'second-factors-turned-off': SecondFactorsTurnedOffMail;
  'account-activation': AccountActivationMail;
}

export type MailTemplateName = keyof MailTemplates;

/** An e-mail to write: its name and its props. */
export type MailTemplate = {
  [K in MailTemplateName]: { name: K; props: MailTemplates[K] };
}[MailTemplateName];

/** Listed in the order the admin's previews show them. */
export const MAIL_TEMPLATE_NAMES = [
  'order-confirmation',
  'payment-instructions',
  'shipping',
  'refund',
  'cancellation',
  'plan-purchase',
  'gift-card-codes',
  'verification-code',
  'second-factor-code',
  'password-recovery',
  'password-changed',
  'recovery-code-used',
  'second-factors-turned-off',
  'account-activation',
] as const satisfies readonly MailTemplateName[];

/** A written e-mail: the subject and both parts, from one template. */
export interface RenderedMailContent {
  subject: string;
  html: string;
  text: string;
}
