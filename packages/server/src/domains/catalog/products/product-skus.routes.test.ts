import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, httpHelpers, merchantKey, type TestApp } from '../../../testing/index.js';

// SKUs over HTTP: unique within the store or empty; variants never copy their product's.
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await merchantKey(t.database, 'owner');
});
afterAll(() => t.close());

const { call } = httpHelpers(() => t.app);
type Violation = { field: string; violatedRule: string; description: string };
const violations = (body: { details?: { validationError?: { fieldViolations: Violation[] } } }) =>
  (body.details?.validationError?.fieldViolations ?? []).map((v) => `${v.field}: ${v.description}`);

async function create(product: object) {
  const reply = await call('POST', '/stores/v1/products', { product }, owner);
  return reply;
}

describe('SKUs', () => {
  let scarf: { id: string; variants: { id: string; choices: Record<string, string> }[] };
  beforeAll(async () => {
    const reply = await create({
      name: 'Wool Scarf',
      sku: 'SCARF',
      priceData: { price: 40 },
      manageVariants: true,
      productOptions: [{ name: 'Colour', choices: [{ value: 'Grey' }, { value: 'Navy' }] }],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    scarf = reply.body.product;
  });
  const variantId = (colour: string) =>
    scarf.variants.find((variant) => variant.choices.Colour === colour)?.id as string;

  it("gives new variants no SKU rather than the product's", async () => {
    const product = (await call('GET', `/stores-reader/v1/products/${scarf.id}`)).body.product;
    expect(product.sku).toBe('SCARF');
    expect(product.variants.map((variant: { variant: { sku?: string } }) => variant.variant.sku)).toEqual([
      undefined,
      undefined,
    ]);
    // A product without options is its one variant, with the product's SKU.
    const mug = (await create({ name: 'Plain Mug', sku: 'MUG-1', priceData: { price: 12 } })).body.product;
    expect(mug.variants[0].variant.sku).toBe('MUG-1');
  });

  it('refuses a SKU another product or variant has (ignoring case), naming it, and one repeated within the product', async () => {
    const taken = await create({ name: 'Second Scarf', sku: 'scarf', priceData: { price: 30 } });
    expect(taken.status).toBe(400);
    expect(violations(taken.body)).toEqual([
      'product.sku: "scarf" is the SKU of "Wool Scarf" already; a SKU names one item, so choose another or leave it empty',
    ]);
    // Variants: each its own SKU; the same on two variants, or the product's, is refused at each.
    const own = await call(
      'PATCH',
      `/stores/v1/products/${scarf.id}/variants`,
      {
        variants: [
          { variantIds: [variantId('Grey')], sku: 'SCARF-G' },
          { variantIds: [variantId('Navy')], sku: 'SCARF-N' },
        ],
      },
      owner,
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const same = await call(
      'PATCH',
      `/stores/v1/products/${scarf.id}/variants`,
      {
        variants: [
          { variantIds: [variantId('Grey')], sku: 'SCARF-X' },
          { variantIds: [variantId('Navy')], sku: 'SCARF-X' },
        ],
      },
      owner,
    );
    expect(violations(same.body)).toEqual([
      'variants[0].sku: "SCARF-X" is the SKU of the variant Navy too; give each variant its own SKU, or leave it empty',
      'variants[1].sku: "SCARF-X" is the SKU of the variant Grey too; give each variant its own SKU, or leave it empty',
    ]);
    const copied = await call(
      'PATCH',
      `/stores/v1/products/${scarf.id}/variants`,
      { variants: [{ variantIds: [variantId('Grey')], sku: 'SCARF' }] },
      owner,
    );
    expect(violations(copied.body)).toEqual([
      'variants[0].sku: "SCARF" is the SKU of this product too; give each variant its own SKU, or leave it empty',
    ]);
    // Another product cannot take a variant's SKU, nor its variants.
    const fromVariant = await create({ name: 'Grey Hat', sku: 'SCARF-G', priceData: { price: 20 } });
    expect(violations(fromVariant.body)).toEqual([
      'product.sku: "SCARF-G" is the SKU of "Wool Scarf (Grey)" already; a SKU names one item, so choose another or leave it empty',
    ]);
    const hat = (
      await create({
        name: 'Hat',
        priceData: { price: 20 },
        manageVariants: true,
        productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
      })
    ).body.product;
    const hatVariant = await call(
      'PATCH',
      `/stores/v1/products/${hat.id}/variants`,
      { variants: [{ variantIds: [hat.variants[0].id], sku: 'scarf-n' }] },
      owner,
    );
    expect(violations(hatVariant.body)).toEqual([
      'variants[0].sku: "scarf-n" is the SKU of "Wool Scarf (Navy)" already; a SKU names one item, so choose another or leave it empty',
    ]);
    // Nothing refused was stored.
    const after = (await call('GET', `/stores-reader/v1/products/${scarf.id}`)).body.product;
    expect(after.variants.map((variant: { variant: { sku?: string } }) => variant.variant.sku)).toEqual([
      'SCARF-G',
      'SCARF-N',
    ]);
  });

  it('keeps empty SKUs empty for any number of items, and an unrelated edit never trips over older data', async () => {
    const a = await create({ name: 'No SKU A', priceData: { price: 5 } });
    const b = await create({ name: 'No SKU B', priceData: { price: 5 }, sku: '  ' });
    expect([a.status, b.status]).toEqual([200, 200]);
    // A product keeps its own SKU on other edits.
    const renamed = await call(
      'PATCH',
      `/stores/v1/products/${scarf.id}`,
      { product: { name: 'Wool Scarf, long' } },
      owner,
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.product.sku).toBe('SCARF');
  });

  it('six products created at once with one SKU: exactly one keeps it, the others are refused at the field', async () => {
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        create({ name: `Racing Mug ${i}`, sku: i % 2 ? 'race-1' : 'RACE-1', priceData: { price: 9 } }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    for (const refused of replies.filter((reply) => reply.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(violations(refused.body)[0]).toMatch(
        /^product\.sku: "race-1" is the SKU of "Racing Mug \d" already/i,
      );
    }
  });
});
