import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantKey, type TestApp } from '../../testing/index.js';

// Replies ≥ 500 the contract fuzzer (bench `fuzz`, issue #9) found, kept so they stay 4xx or 200.
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await merchantKey(t.database, 'staff');
});
afterAll(() => t.close());

const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url: `/admin-api/v1${url}`, headers: { authorization: staff }, payload });

describe('hostile values found by fuzzing', () => {
  it('an empty PATCH of a shipping region or pickup location changes nothing and answers it', async () => {
    const region = (
      await admin('POST', '/shipping-regions', { shippingRegion: { name: 'Home', destinations: ['US'] } })
    ).json().shippingRegion;
    const samePatched = await admin('PATCH', `/shipping-regions/${region.id}`, { shippingRegion: {} });
    expect(samePatched.statusCode, samePatched.body).toBe(200);
    expect(samePatched.json().shippingRegion).toMatchObject({ name: 'Home', destinations: ['US'] });
    const pickup = (
      await admin('POST', '/pickup-locations', {
        pickupLocation: { code: 'desk', title: 'Desk', method: 'STORE_PICKUP', address: { country: 'US' } },
      })
    ).json().pickupLocation;
    const unchanged = await admin('PATCH', `/pickup-locations/${pickup.id}`, { pickupLocation: {} });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().pickupLocation).toMatchObject({ code: 'desk', title: 'Desk' });
    expect((await admin('PATCH', '/pickup-locations/missing', { pickupLocation: {} })).statusCode).toBe(404);
  });

  it('numbers beyond their column: "1e309" (coerced to Infinity) and 2^31 are 400s naming the field', async () => {
    const plan = (await admin('POST', '/membership-plans', { membershipPlan: { name: 'Club' } })).json()
      .membershipPlan;
    for (const [patch, field, rule] of [
      [{ durationDays: '1e309' }, 'membershipPlan.durationDays', 'MAX'],
      [{ durationDays: 'Infinity' }, 'membershipPlan.durationDays', 'MAX'],
      // (credits is "integer or null": a number is reported by the integer branch's own bound)
      [{ credits: 2_147_483_648 }, 'membershipPlan.credits', 'MAX'],
    ] as const) {
      const reply = await admin('PATCH', `/membership-plans/${plan.id}`, { membershipPlan: patch });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().details.validationError.fieldViolations[0]).toMatchObject({
        field,
        violatedRule: rule,
      });
    }
  });

  it('a captcha site key named like an Object.prototype member is unknown, not a crash', async () => {
    for (const siteKey of ['constructor', '__proto__', 'toString']) {
      const reply = await t.app.inject(`/_api/iam/captcha/v1/challenge?siteKey=${siteKey}`);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().details.validationError.fieldViolations[0].field).toBe('siteKey');
    }
  });
});
