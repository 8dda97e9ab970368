import type { AddressInfo } from 'node:net';
import { createTestProduct, setUpTestStore, type TestProduct } from '../ecom.js';
import { createTestApp, merchantKey, type TestApp } from '../index.js';
import { type FakeStripe, startFakeStripe } from './index.js';

export interface StripeTestStore {
  stripe: FakeStripe;
  t: TestApp;
  /** The owner's API key. */
  owner: string;
  /** A tracked product (100 in stock) to buy. */
  mug: TestProduct;
  couponIds: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A store whose cards go to the local fake of Stripe, set up to sell: the demo store set-up and a mug.
 * With `webhookTo`, the app listens and the fake's events are signed and sent to its webhook (`autoDeliver`
 * as the fake takes it).
 */
export async function startStripeTestStore(
  options: { webhookTo?: { autoDeliver: boolean } } = {},
): Promise<StripeTestStore> {
  const stripe = await startFakeStripe();
  const t = await createTestApp({ env: stripe.env });
  if (options.webhookTo) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    stripe.setWebhookUrl(
      `http://127.0.0.1:${port}/payments/v1/stripe/webhook`,
      options.webhookTo.autoDeliver,
    );
  }
  const { couponIds } = await setUpTestStore(t.database.db);
  const owner = await merchantKey(t.database);
  const mug = await createTestProduct(t.database.db, {
    name: 'Mug',
    priceMinor: 1250,
    stock: { trackInventory: true, quantity: 100 },
  });
  return {
    stripe,
    t,
    owner,
    mug,
    couponIds,
    close: async () => {
      await t.close();
      await stripe.close();
    },
  };
}
