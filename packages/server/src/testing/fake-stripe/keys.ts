export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_openshelffake',
  publishableKey: 'pk_test_openshelffake',
  webhookSecret: 'whsec_openshelffake',
} as const;
