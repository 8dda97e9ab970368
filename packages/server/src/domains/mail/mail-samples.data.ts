import type { MailStore, MailTemplate, MailTemplateName, MailTemplates } from './mail-templates.contract.js';

/** What the admin's previews say of each e-mail: its title and when the store sends it. */
export const MAIL_DESCRIPTIONS: Record<MailTemplateName, { title: string; sentWhen: string }> = {
  'order-confirmation': {
    title: 'Order confirmation',
    sentWhen: 'When a shopper places an order, paid or to pay later.',
  },
  'payment-instructions': {
    title: 'Payment instructions',
    sentWhen: 'With the confirmation of an order placed to pay later (offline payment).',
  },
  shipping: {
    title: 'Shipping confirmation',
    sentWhen: 'When you record a shipment, and when its tracking number or link changes.',
  },
  refund: {
    title: 'Refund',
    sentWhen: 'When you refund an order, unless you turn the e-mail off for that refund.',
  },
  cancellation: { title: 'Order canceled', sentWhen: 'When you cancel an order.' },
  'plan-purchase': {
    title: 'Plan purchase',
    sentWhen: 'Instead of the order confirmation, when a member buys a plan.',
  },
  'gift-card-codes': {
    title: 'Gift card codes',
    sentWhen: 'Once an order with gift cards is paid.',
  },
  'verification-code': {
    title: 'E-mail verification code',
    sentWhen: 'At sign-up, and at login while the address is not yet confirmed.',
  },
  'second-factor-code': {
    title: 'Sign-in code',
    sentWhen: 'At login for members who chose codes by e-mail, and when they turn them on or off.',
  },
  'password-recovery': {
    title: 'Password reset link',
    sentWhen: 'When someone asks to reset an account\u2019s password.',
  },
  'password-changed': {
    title: 'Password changed',
    sentWhen: 'After a member changes their password.',
  },
  'recovery-code-used': {
    title: 'Recovery code used',
    sentWhen: 'After a member logs in with a recovery code instead of their authenticator app.',
  },
  'second-factors-turned-off': {
    title: 'Second factors turned off',
    sentWhen: 'After you turn off a member\u2019s second factors from their customer page (they lost them).',
  },
  'account-activation': {
    title: 'Account activation',
    sentWhen: 'When you create a member without a password and send them an invitation.',
  },
};

const order = (shop: string) => ({
  number: '10042',
  date: 'June 1, 2026',
  lines: [
    {
      name: 'Linen shirt',
      options: ['Color: Sand', 'Size: M'],
      quantity: 2,
      unitPrice: '$45.00',
      lineTotal: '$90.00',
    },
    { name: 'Canvas tote', options: [], quantity: 1, unitPrice: '$18.00', lineTotal: '$18.00' },
  ],
  totals: [
    // As orders' figures print them (orders/order-figures.mapper.ts): the total, then how it was paid.
    { label: 'Subtotal', amount: '$108.00' },
    { label: 'Coupon SUMMER10', amount: '−$10.80' },
    { label: 'Shipping', amount: '$6.00' },
    { label: 'Tax', amount: '$7.78' },
    { label: 'Total', amount: '$110.98', total: true },
    { label: 'Paid by gift card ••••7KQ2', amount: '$20.00' },
    { label: 'Paid by Visa ••••4242', amount: '$90.98' },
  ],
  shipTo: ['Ada Lovelace', '12 Harbor Street', 'Boston, MA 02110', 'United States of America'],
  delivery: 'Standard shipping · 3–5 business days',
  link: { label: 'See your order', url: `${shop}/account/orders/sample` },
});

/** Sample props for each e-mail: what the previews render with the store's real name, logo and contact. */
export function sampleMail(name: MailTemplateName, store: MailStore): MailTemplate {
  const shop = store.url.replace(/\/$/, '');
  const link = { label: 'See your order', url: `${shop}/account/orders/sample` };
  const samples: { [K in MailTemplateName]: MailTemplates[K] } = {
    'order-confirmation': { order: order(shop), paymentStatus: 'paid', downloads: [] },
    'payment-instructions': { orderNumber: '10042', amountDue: '$90.98', link },
    shipping: {
      orderNumber: '10042',
      update: false,
      lines: [{ name: 'Linen shirt', options: ['Color: Sand', 'Size: M'], quantity: 2 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      shipTo: order(shop).shipTo,
      link,
    },
    refund: {
      orderNumber: '10042',
      amount: '$51.00',
      lines: [{ name: 'Linen shirt', quantity: 1, amount: '$45.00' }],
      shipping: '$6.00',
      toPaymentMethod: '$51.00',
      reason: 'Returned: wrong size',
      link,
    },
    cancellation: {
      orderNumber: '10042',
      lines: [{ name: 'Linen shirt', options: ['Color: Sand', 'Size: M'], quantity: 2 }],
      payment: 'refunded',
      link,
    },
    'plan-purchase': {
      orderNumber: '10043',
      planName: 'Gold membership',
      terms: '10 credits · 365 days',
      total: '$99.00',
      paymentStatus: 'paid',
      link: { label: 'See your plans', url: `${shop}/account/subscriptions` },
    },
    'gift-card-codes': {
      orderNumber: '10044',
      cards: [{ code: 'ABCD-EFGH-JKLM-NPQR', amount: '$25.00' }],
    },
    'verification-code': { code: '482913', minutes: 10 },
    'second-factor-code': { code: '730264', minutes: 10, purpose: 'login' },
    'password-recovery': { url: `${shop}/account/reset-password?token=sample`, minutes: 30 },
    'password-changed': { resetUrl: `${shop}/account/forgot-password` },
    'recovery-code-used': {
      left: 9,
      securityUrl: `${shop}/account/security`,
      resetUrl: `${shop}/forgot-password`,
    },
    'second-factors-turned-off': {
      securityUrl: `${shop}/account/security`,
      resetUrl: `${shop}/forgot-password`,
    },
    'account-activation': { url: `${shop}/account/reset-password?token=sample`, days: 7 },
  };
  return { name, props: samples[name] } as MailTemplate;
}
