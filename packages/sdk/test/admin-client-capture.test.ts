import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeTestOrder } from '../../server/src/testing/orders.js';
import type { AdminClient } from '../src/index.js';
import { startSignedInAdmin } from './support/admin-client.js';
import type { AdminTestServer } from './support/admin-store.js';

// The admin client's capture mode and void (issue #22): the owner makes the store authorize only, a
// card order then waits authorized, and a voided one still awaits payment on the dashboard until cancelled.
let server: AdminTestServer;
let admin: AdminClient;

beforeAll(async () => {
  ({ server, admin } = await startSignedInAdmin());
});
afterAll(() => server?.close());

describe('admin client: card capture mode and void', () => {
  it('MANUAL authorizes card orders; void leaves the order awaiting payment until it is cancelled', async () => {
    expect((await admin.settings.get()).cardCapture).toBe('AUTOMATIC');
    expect((await admin.settings.update({ cardCapture: 'MANUAL' })).cardCapture).toBe('MANUAL');
    const product = await admin.products.create({
      name: 'Enamel Jug',
      priceData: { price: 30 },
      visible: true,
      stock: { trackInventory: true, quantity: 5 },
    });
    const orderId = await placeTestOrder(server.t.app, 'v-sdk-void', [
      { productId: product.id, quantity: 1 },
    ]);
    expect((await admin.orders.get(orderId)).paymentStatus).toBe('AUTHORIZED');
    expect((await admin.dashboard.sales({ days: 7 })).awaitingPayment).toBe(1);

    const voided = await admin.orders.void(orderId);
    expect(voided).toMatchObject({ status: 'APPROVED', paymentStatus: 'VOIDED' });
    expect((await admin.dashboard.sales({ days: 7 })).awaitingPayment).toBe(1);
    expect((await admin.products.get(product.id)).stock.quantity).toBe(4);

    await admin.orders.cancel(orderId);
    expect((await admin.dashboard.sales({ days: 7 })).awaitingPayment).toBe(0);
    expect((await admin.products.get(product.id)).stock.quantity).toBe(5);
  });
});
