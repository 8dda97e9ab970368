import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct } from '../../server/src/testing/ecom.js';
import { type AdminClient, ApplicationError, ValidationError } from '../src/index.js';
import { startSignedInAdmin } from './support/admin-client.js';
import { type AdminTestServer, placeOrder } from './support/admin-store.js';

// The admin client's store currency and card provider calls against a real server (ADR 050).
let server: AdminTestServer;
let admin: AdminClient;

beforeAll(async () => {
  ({ server, admin } = await startSignedInAdmin());
});
afterAll(() => server?.close());

describe('admin client: store currency and card provider', () => {
  it('changes the currency before the first sale, and reports the lock after it', async () => {
    const before = await admin.storeCurrency.get();
    expect(before).toMatchObject({ currency: 'USD', isDefault: true, changeable: true });
    expect(before.choices).toContainEqual({ code: 'EUR', name: 'Euro' });
    const wrong = await admin.storeCurrency.set('JPY').catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ApplicationError);
    expect(wrong).toMatchObject({ status: 409, code: 'CURRENCY_MINOR_UNITS_DIFFER' });
    expect(await admin.storeCurrency.set('EUR')).toMatchObject({ currency: 'EUR', isDefault: false });

    const mug = await createTestProduct(server.t.database.db, { name: 'Mug', priceMinor: 900 }, 'EUR');
    await placeOrder(server.t, mug.id, 'first@example.com');
    const locked = await admin.storeCurrency.set('GBP').catch((e: unknown) => e);
    expect(locked).toMatchObject({ status: 409, code: 'CURRENCY_LOCKED' });
    expect(await admin.storeCurrency.get()).toMatchObject({ currency: 'EUR', changeable: false });
  });

  it('chooses the sandbox, and refuses Stripe without its keys as a field violation', async () => {
    expect(await admin.paymentProviders.get()).toMatchObject({
      cardProvider: 'SANDBOX',
      stripeConfigured: false,
    });
    const refused = await admin.paymentProviders.set('STRIPE').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).violations.map((v) => v.field)).toEqual(['cardProvider']);
    expect(await admin.paymentProviders.set('SANDBOX')).toMatchObject({
      cardProvider: 'SANDBOX',
      isDefault: false,
    });
  });
});
