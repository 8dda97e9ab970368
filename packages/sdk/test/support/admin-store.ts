import sharp from 'sharp';
import { expect } from 'vitest';
import { createStaffUser } from '../../../server/src/domains/identity/members/staff.service.js';
import { lineItem, setUpTestStore } from '../../../server/src/testing/ecom.js';
import {
  createTestApp,
  type TestApp,
  type TestAppOptions,
  visitorToken,
} from '../../../server/src/testing/index.js';

/*
 * Shared set-up for the admin client tests and the admin e2e suites: a real app listening on a loopback
 * port, staff accounts made through the identity service (as `npm run cli -- staff create` does), and
 * orders placed through the public cart and checkout API.
 */

export interface AdminTestServer {
  t: TestApp;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startAdminTestServer(options: TestAppOptions = {}): Promise<AdminTestServer> {
  const t = await createTestApp(options);
  // Shipping to New York ("std"), tax and the SAVE10/FIVEOFF/SHIPFREE coupons, so that orders can be placed.
  await setUpTestStore(t.database.db);
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, baseUrl, close: () => t.close() };
}

/** A staff login; returns the e-mail and password to sign in with. */
export async function createStaff(
  t: TestApp,
  email: string,
  role: 'owner' | 'staff' = 'owner',
  password = 'correct horse battery staple',
) {
  await createStaffUser(t.database.db, { email, role, password });
  return { email, password };
}

/** Places an offline-payment order for units of a product (one unless told), as a visitor through the public API. */
export async function placeOrder(
  t: TestApp,
  productId: string,
  email: string,
  options: Record<string, unknown> | undefined = undefined,
  quantity = 1,
): Promise<{ orderId: string }> {
  const token = visitorToken(`v-${email}`);
  const send = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const reply = await t.app.inject({ method, url, headers: { authorization: token }, payload });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json();
  };
  await send('POST', '/ecom/v1/carts/current/add-to-cart', {
    lineItems: [lineItem(productId, quantity, options)],
  });
  const { checkoutId } = await send('POST', '/ecom/v1/carts/current/create-checkout', {});
  const address = {
    country: 'US',
    subdivision: 'US-NY',
    city: 'New York',
    postalCode: '10001',
    addressLine1: '1 Main St',
  };
  await send('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
    checkout: {
      buyerInfo: { email },
      shippingInfo: { shippingDestination: { address }, selectedCarrierServiceOption: { code: 'std' } },
    },
  });
  const { orderId } = await send('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
    paymentMethod: { type: 'OFFLINE' },
  });
  return { orderId };
}

/** A small real PNG to upload. */
export function pngImage(width = 32, height = 24): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
}
