import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantKey, type TestApp, visitorToken } from '../../testing/index.js';

let t: TestApp;
let owner: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await merchantKey(t.database, 'owner');
  staff = await merchantKey(t.database, 'staff');
});
afterAll(() => t.close());

const send = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/admin-api/v1${url}`,
    headers: { authorization: token },
    ...(payload ? { payload } : {}),
  });

describe('store set-up (admin API)', () => {
  it('store settings: defaults, owner-only changes, currency from configuration', async () => {
    const settings = (await send(staff, 'GET', '/store-settings')).json().settings;
    expect(settings).toMatchObject({
      currency: 'USD',
      weightUnit: 'KG',
      taxCalculation: 'MANUAL',
      checkoutHoldMinutes: 30,
      extraCharges: [],
    });
    expect(
      (await send(staff, 'PATCH', '/store-settings', { settings: { weightUnit: 'LB' } })).statusCode,
    ).toBe(403);
    const changed = await send(owner, 'PATCH', '/store-settings', {
      settings: {
        weightUnit: 'LB',
        extraCharges: [
          { type: 'HANDLING_FEE', title: 'Handling', amount: '1.50' },
          { type: 'INSURANCE', title: 'Insurance', percentage: '1.5' },
        ],
      },
    });
    expect(changed.json().settings).toMatchObject({
      weightUnit: 'LB',
      extraCharges: [
        { type: 'HANDLING_FEE', amount: '1.50' },
        { type: 'INSURANCE', percentage: 1.5 },
      ],
    });
    const bad = await send(owner, 'PATCH', '/store-settings', {
      settings: { extraCharges: [{ type: 'HANDLING_FEE', title: 'x', amount: '1.005' }] },
    });
    expect(bad.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'settings.extraCharges[0].amount',
      violatedRule: 'FORMAT',
    });
    expect(
      (await send(owner, 'PATCH', '/store-settings', { settings: { weightUnit: 'KG', extraCharges: [] } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          url: '/admin-api/v1/store-settings',
          headers: { authorization: visitorToken('v') },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('coupons: create, codes unique case-insensitively, rules named, update, list, delete', async () => {
    const created = await send(staff, 'POST', '/coupons', {
      coupon: {
        code: 'Summer',
        name: 'Summer 15 %',
        kind: 'PERCENT',
        percentage: 15,
        minimumSubtotal: '30.00',
        usageLimit: 100,
        perCustomerLimit: 1,
        expiresAt: '2030-01-01T00:00:00Z',
      },
    });
    expect(created.statusCode).toBe(200);
    const coupon = created.json().coupon;
    expect(coupon).toMatchObject({
      code: 'Summer',
      percentage: 15,
      minimumSubtotal: '30.00',
      uses: 0,
      active: true,
      scope: 'GLOBAL',
    });
    const duplicate = await send(staff, 'POST', '/coupons', {
      coupon: { code: 'SUMMER', name: 'x', kind: 'AMOUNT', amount: 5 },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().details.applicationError.code).toBe('COUPON_ALREADY_EXISTS');
    const noAmount = await send(staff, 'POST', '/coupons', {
      coupon: { code: 'X1', name: 'x', kind: 'AMOUNT' },
    });
    expect(noAmount.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'coupon.amount',
    });
    const noItems = await send(staff, 'POST', '/coupons', {
      coupon: { code: 'X2', name: 'x', kind: 'AMOUNT', amount: '2', scope: 'SPECIFIC_ITEMS' },
    });
    expect(noItems.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'coupon.productIds',
      violatedRule: 'REQUIRED_FIELD',
    });
    const updated = await send(staff, 'PATCH', `/coupons/${coupon.id}`, {
      coupon: { active: false, expiresAt: null },
    });
    expect(updated.json().coupon).toMatchObject({ active: false });
    expect(updated.json().coupon.expiresAt).toBeUndefined();
    const listed = (await send(staff, 'GET', '/coupons?code=summ')).json();
    expect(listed.coupons.map((c: { id: string }) => c.id)).toEqual([coupon.id]);
    expect(listed.metadata).toMatchObject({ total: 1, offset: 0 });
    expect((await send(staff, 'DELETE', `/coupons/${coupon.id}`)).json()).toEqual({});
    expect((await send(staff, 'GET', `/coupons/${coupon.id}`)).statusCode).toBe(404);
  });

  it('gift cards: the code is shown once; balance, ledger and disabling', async () => {
    const issued = await send(staff, 'POST', '/gift-cards', {
      giftCard: { initialBalance: '25.00', recipientEmail: 'friend@example.com' },
    });
    const { giftCard, code } = issued.json();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(giftCard).toMatchObject({
      obfuscatedCode: `••••${code.slice(-4)}`,
      balance: '25.00',
      currency: 'USD',
      disabled: false,
    });
    const read = (await send(staff, 'GET', `/gift-cards/${giftCard.id}`)).json();
    expect(JSON.stringify(read)).not.toContain(code);
    expect(read.transactions).toEqual([
      expect.objectContaining({ kind: 'ISSUE', amount: '25.00', balanceAfter: '25.00' }),
    ]);
    expect(
      (await send(staff, 'POST', `/gift-cards/${giftCard.id}/disable`, {})).json().giftCard.disabled,
    ).toBe(true);
    const zero = await send(staff, 'POST', '/gift-cards', { giftCard: { initialBalance: 0 } });
    expect(zero.json().details.validationError.fieldViolations[0].field).toBe('giftCard.initialBalance');
    expect((await send(staff, 'GET', '/gift-cards')).json().metadata.total).toBe(1);
  });

  it('shipping regions, pickup locations and tax regions', async () => {
    const region = await send(staff, 'POST', '/shipping-regions', {
      shippingRegion: {
        name: 'Europe',
        destinations: ['de', 'FR', 'ES-CT'],
        rates: [
          {
            code: 'eu-std',
            title: 'Standard',
            kind: 'WEIGHT',
            amount: '6.00',
            perWeightUnit: '1.50',
            minDeliveryDays: 2,
            maxDeliveryDays: 4,
          },
          {
            code: 'eu-slot',
            title: 'Evening slot',
            kind: 'FLAT',
            amount: 9,
            deliveryTimeSlots: [{ from: '2030-01-01T18:00:00Z', to: '2030-01-01T20:00:00Z' }],
          },
        ],
      },
    });
    expect(region.json().shippingRegion).toMatchObject({
      destinations: ['DE', 'FR', 'ES-CT'],
      rates: [{ amount: '6.00', perWeightUnit: '1.50' }, { amount: '9.00' }],
    });
    const badWeight = await send(staff, 'POST', '/shipping-regions', {
      shippingRegion: {
        name: 'x',
        destinations: ['US'],
        rates: [{ code: 'w', title: 'w', kind: 'WEIGHT', amount: 1 }],
      },
    });
    expect(badWeight.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'shippingRegion.rates[0].perWeightUnit',
      violatedRule: 'REQUIRED_FIELD',
    });
    const badDestination = await send(staff, 'POST', '/shipping-regions', {
      shippingRegion: { name: 'x', destinations: ['Narnia'] },
    });
    expect(badDestination.json().details.validationError.fieldViolations[0].field).toBe(
      'shippingRegion.destinations[0]',
    );

    const pickup = await send(staff, 'POST', '/pickup-locations', {
      pickupLocation: {
        code: 'locker-1',
        title: 'Parcel locker',
        method: 'PICKUP_POINT',
        address: { country: 'DE', city: 'Berlin' },
        fee: '0.99',
      },
    });
    expect(pickup.json().pickupLocation).toMatchObject({ code: 'locker-1', fee: '0.99' });
    const dup = await send(staff, 'POST', '/pickup-locations', {
      pickupLocation: {
        code: 'locker-1',
        title: 'Again',
        method: 'PICKUP_POINT',
        address: { country: 'DE' },
      },
    });
    expect(dup.json().details.applicationError.code).toBe('PICKUP_LOCATION_ALREADY_EXISTS');

    const tax = await send(staff, 'POST', '/tax-regions', {
      taxRegion: {
        country: 'de',
        rates: [{ jurisdiction: 'Germany', jurisdictionType: 'COUNTRY', rate: '19' }],
        taxShipping: true,
      },
    });
    expect(tax.json().taxRegion).toMatchObject({
      country: 'DE',
      rates: [{ rate: 19 }],
      taxShipping: true,
      manual: false,
    });
    const badRate = await send(staff, 'POST', '/tax-regions', {
      taxRegion: {
        country: 'FR',
        rates: [{ jurisdiction: 'France', jurisdictionType: 'COUNTRY', rate: '20.00001' }],
      },
    });
    expect(badRate.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'taxRegion.rates[0].rate',
      violatedRule: 'DECIMAL_MAX_SCALE',
    });
    const id = tax.json().taxRegion.id;
    expect(
      (await send(staff, 'PATCH', `/tax-regions/${id}`, { taxRegion: { manual: true } })).json().taxRegion
        .manual,
    ).toBe(true);
    expect((await send(staff, 'GET', '/tax-regions')).json().taxRegions).toHaveLength(1);
    expect((await send(staff, 'DELETE', `/tax-regions/${id}`)).json()).toEqual({});
    expect((await send(staff, 'DELETE', `/tax-regions/${id}`)).statusCode).toBe(404);
  });

  it("membership plans and members' memberships", async () => {
    const plan = (
      await send(staff, 'POST', '/membership-plans', {
        membershipPlan: { name: 'Coffee club', productIds: ['p-1'], credits: 5, durationDays: 30 },
      })
    ).json().membershipPlan;
    expect(plan).toMatchObject({ name: 'Coffee club', credits: 5, durationDays: 30, active: true });
    const membership = (
      await send(staff, 'POST', '/memberships', { membership: { memberId: 'm-1', planId: plan.id } })
    ).json().membership;
    expect(membership).toMatchObject({ memberId: 'm-1', planName: 'Coffee club', remainingCredits: 5 });
    expect(membership.expiresAt).toBeTruthy();
    const unknownPlan = await send(staff, 'POST', '/memberships', {
      membership: { memberId: 'm-1', planId: 'nope' },
    });
    expect(unknownPlan.json().details.applicationError.code).toBe('MEMBERSHIP_PLAN_NOT_FOUND');
    expect((await send(staff, 'GET', '/memberships?memberId=m-1')).json().memberships).toHaveLength(1);
    expect(
      (
        await send(staff, 'PATCH', `/memberships/${membership.id}`, { membership: { remainingCredits: 2 } })
      ).json().membership.remainingCredits,
    ).toBe(2);
  });
});
