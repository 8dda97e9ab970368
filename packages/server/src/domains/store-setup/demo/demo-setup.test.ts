import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/index.js';
import { listCoupons } from '../promotions/coupons.service.js';
import { listShippingRegions } from '../shipping/shipping.service.js';
import { listTaxRegions } from '../tax/tax.service.js';
import { ensureDemoStoreSetup } from './demo-setup.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo store set-up', () => {
  it('sets up an empty store once, and returns the demo gift card code', async () => {
    // A started store has already read its name (pages, e-mails); reading it must not count as set-up.
    await t.app.ready();
    await t.app.inject('/docs/json');
    const first = await ensureDemoStoreSetup(t.database.db, 'USD');
    expect(first?.giftCardCode).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect((await listShippingRegions(t.database.db)).map((r) => r.name)).toEqual([
      'United States',
      'Europe',
    ]);
    expect((await listTaxRegions(t.database.db)).length).toBeGreaterThanOrEqual(8);
    const { coupons } = await listCoupons(t.database.db, { paging: { limit: 10, offset: 0 } });
    expect(coupons.map((c) => c.code).sort()).toEqual(['FREESHIP', 'SAVE10']);
    expect(await ensureDemoStoreSetup(t.database.db, 'USD')).toBeUndefined();
  });
});
