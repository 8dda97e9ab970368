import { currentCart } from '@wix/ecom';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct, lineItem, type TestProduct } from '../../testing/ecom.js';
import { type TestApp, visitorToken } from '../../testing/index.js';
import { listeningTestApp, routeWixSdkTo } from '../../testing/wix-sdk.js';
import { LIMITS } from '../catalog/catalog.types.js';
import { STORES_APP_ID } from '../pricing/lines/line.types.js';

// Issue #20, finding 3: `catalogReference.options` kept any keys — one visitor stored 880 KB in one cart
// line, carried by every read of that cart. The options now take only what the platform's e-commerce
// integration defines for a Stores item (variantId, options, customTextFields, subscriptionOptionId), each
// bounded by the catalog's limits, and then only names the product has: its options and their choices,
// its custom text fields within their lengths. A refusal comes before any write.

let t: TestApp;
let base: string;
let restoreFetch: () => void = () => {};
let tee: TestProduct;
let ring: TestProduct;
let poster: TestProduct;

beforeAll(async () => {
  ({ t, base } = await listeningTestApp());
  const db = t.database.db;
  tee = await createTestProduct(db, {
    name: 'Tee',
    priceMinor: 2000,
    manageVariants: true,
    productOptions: [
      { name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] },
      { name: 'Color', optionType: 'color', choices: [{ value: '#0000ff', description: 'Blue' }] },
    ],
  });
  ring = await createTestProduct(db, {
    name: 'Ring',
    priceMinor: 5000,
    customTextFields: [
      { title: 'Engraving', maxLength: 12, mandatory: false },
      { title: 'Gift note', maxLength: LIMITS.customTextLength, mandatory: false },
    ],
  });
  poster = await createTestProduct(db, { name: 'Poster', priceMinor: 800 });
  restoreFetch = routeWixSdkTo(base);
});
afterAll(async () => {
  restoreFetch();
  await t?.close();
});

const send = (token: string, method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const addToCart = (token: string, lineItems: object[]) =>
  send(token, 'POST', '/ecom/v1/carts/current/add-to-cart', { lineItems });

function violationsOf(reply: { statusCode: number; body: string; json(): unknown }) {
  expect(reply.statusCode, reply.body).toBe(400);
  return (reply.json() as { details: { validationError: { fieldViolations: Record<string, unknown>[] } } })
    .details.validationError.fieldViolations;
}

/** The cart as stored, read back: a refused request must leave it exactly so. */
async function cartOf(token: string) {
  const reply = await send(token, 'GET', '/ecom/v1/carts/current');
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().cart as { lineItems: { catalogReference: { options?: unknown }; quantity: number }[] };
}

describe('catalogReference.options keys', () => {
  it('the 880 KB probe is a 400 naming the key, and the cart keeps what it had', async () => {
    const me = visitorToken('v-880k');
    expect((await addToCart(me, [lineItem(poster.id)])).statusCode).toBe(200);
    const before = await cartOf(me);
    const probe = lineItem(tee.id, 1, { variantId: tee.variantIds[0], note: 'x'.repeat(880_000) });
    expect(violationsOf(await addToCart(me, [probe]))).toEqual([
      expect.objectContaining({
        field: 'lineItems[0].catalogReference.options.note',
        violatedRule: 'FIELD_NOT_ALLOWED',
      }),
    ]);
    expect(await cartOf(me)).toEqual(before);
  });

  it('an unknown key is refused by name on every call that adds lines (cart, checkout)', async () => {
    const me = visitorToken('v-unknown-key');
    const junk = lineItem(poster.id, 1, { foo: 'bar' });
    const field = 'lineItems[0].catalogReference.options.foo';
    expect(violationsOf(await addToCart(me, [junk]))[0]).toMatchObject({
      field,
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    expect(
      violationsOf(await send(me, 'PATCH', '/ecom/v1/carts/current', { lineItems: [junk] }))[0],
    ).toMatchObject({
      field,
    });
    expect(
      violationsOf(await send(me, 'POST', '/ecom/v1/checkouts', { lineItems: [junk] }))[0],
    ).toMatchObject({
      field,
    });
    expect((await addToCart(me, [lineItem(poster.id)])).statusCode).toBe(200);
    const { checkoutId } = (await send(me, 'POST', '/ecom/v1/carts/current/create-checkout', {})).json();
    for (const [method, url] of [
      ['POST', `/ecom/v1/checkouts/${checkoutId}/add-to-checkout`],
      ['PATCH', `/ecom/v1/checkouts/${checkoutId}`],
    ] as const)
      expect(violationsOf(await send(me, method, url, { lineItems: [junk] }))[0]).toMatchObject({ field });
    const checkout = (await send(me, 'GET', `/ecom/v1/checkouts/${checkoutId}`)).json().checkout;
    expect(checkout.lineItems.map((line: { quantity: number }) => line.quantity)).toEqual([1]);
  });

  it('option names must be the product’s options, and choices one of its choices', async () => {
    const me = visitorToken('v-choices');
    const unknownOption = lineItem(tee.id, 1, { options: { Size: 'M', Flavour: 'Mint' } });
    expect(violationsOf(await addToCart(me, [unknownOption]))).toEqual([
      expect.objectContaining({
        field: 'lineItems[0].catalogReference.options.options.Flavour',
        violatedRule: 'FIELD_NOT_ALLOWED',
        description: 'is not an option of product "Tee"; use one of: Size, Color',
      }),
    ]);
    const unknownChoice = lineItem(tee.id, 1, { options: { Size: 'XXL', Color: 'Blue' } });
    expect(violationsOf(await addToCart(me, [unknownChoice]))).toEqual([
      expect.objectContaining({
        field: 'lineItems[0].catalogReference.options.options.Size',
        violatedRule: 'INVALID_ENUM_VALUE',
        data: { allowedValues: ['S', 'M'] },
      }),
    ]);
    // With a variant id the choices are not needed, but any that are sent are still the product's.
    const withVariant = lineItem(tee.id, 1, { variantId: tee.variantIds[0], options: { Sleeve: 'Long' } });
    expect(violationsOf(await addToCart(me, [withVariant]))[0]).toMatchObject({
      field: 'lineItems[0].catalogReference.options.options.Sleeve',
    });
    const onPlainProduct = lineItem(poster.id, 1, { options: { Size: 'M' } });
    expect(violationsOf(await addToCart(me, [onPlainProduct]))[0]).toMatchObject({
      field: 'lineItems[0].catalogReference.options.options.Size',
      description: 'is not an option: product "Poster" has no options; remove options.options',
    });
    expect((await send(me, 'GET', '/ecom/v1/carts/current')).statusCode).toBe(404);
  });

  it('custom text fields must be the product’s, within each field’s own length', async () => {
    const me = visitorToken('v-engraving');
    const text = (texts: Record<string, string>) => lineItem(ring.id, 1, { customTextFields: texts });
    expect(violationsOf(await addToCart(me, [text({ Monogram: 'AB' })]))[0]).toMatchObject({
      field: 'lineItems[0].catalogReference.options.customTextFields.Monogram',
      violatedRule: 'FIELD_NOT_ALLOWED',
      description: 'is not a custom text field of product "Ring"; use one of: Engraving, Gift note',
    });
    expect(violationsOf(await addToCart(me, [text({ Engraving: 'x'.repeat(13) })]))[0]).toMatchObject({
      field: 'lineItems[0].catalogReference.options.customTextFields.Engraving',
      violatedRule: 'MAX_LENGTH',
      data: { threshold: 12 },
    });
    expect(
      violationsOf(await addToCart(me, [lineItem(poster.id, 1, { customTextFields: { A: 'b' } })]))[0],
    ).toMatchObject({ description: expect.stringContaining('takes no custom text') });
    // At the field's length it is kept; other text for the same item is another line.
    expect((await addToCart(me, [text({ Engraving: 'x'.repeat(12) })])).statusCode).toBe(200);
    expect((await addToCart(me, [text({ Engraving: 'For Ana' })])).statusCode).toBe(200);
    expect((await addToCart(me, [text({ Engraving: 'For Ana' })])).statusCode).toBe(200);
    // A title is matched as option names are: ignoring case.
    expect((await addToCart(me, [text({ 'gift NOTE': 'Happy birthday' })])).statusCode).toBe(200);
    const lines = (await cartOf(me)).lineItems;
    expect(lines.map((line) => [line.catalogReference.options, line.quantity])).toEqual([
      [{ customTextFields: { Engraving: 'x'.repeat(12) } }, 1],
      [{ customTextFields: { Engraving: 'For Ana' } }, 2],
      [{ customTextFields: { 'gift NOTE': 'Happy birthday' } }, 1],
    ]);
  });
});

describe('the schema bounds of catalogReference.options, at the limit and one past it', () => {
  const me = visitorToken('v-option-bounds');
  const field = 'lineItems[0].catalogReference.options';

  it.each([
    [
      'a choice of 50 characters, then 51',
      (n: number) => ({ options: { Size: 'x'.repeat(n) } }),
      LIMITS.choiceLength,
      `${field}.options.Size`,
      'MAX_LENGTH',
    ],
    [
      'an option name of 50 characters, then 51',
      (n: number) => ({ options: { ['o'.repeat(n)]: 'S' } }),
      LIMITS.optionNameLength,
      `${field}.options.${'o'.repeat(LIMITS.optionNameLength + 1)}`,
      'MAX_LENGTH',
    ],
    [
      '6 choices, then 7',
      (n: number) => ({ options: Object.fromEntries(Array.from({ length: n }, (_, i) => [`O${i}`, 'S'])) }),
      LIMITS.options,
      `${field}.options`,
      'MAX_SIZE',
    ],
    [
      '5 custom texts, then 6',
      (n: number) => ({
        customTextFields: Object.fromEntries(Array.from({ length: n }, (_, i) => [`T${i}`, 'x'])),
      }),
      LIMITS.customTextFields,
      `${field}.customTextFields`,
      'MAX_SIZE',
    ],
    [
      'a custom text of 500 characters, then 501',
      (n: number) => ({ customTextFields: { 'Gift note': 'x'.repeat(n) } }),
      LIMITS.customTextLength,
      `${field}.customTextFields.Gift note`,
      'MAX_LENGTH',
    ],
  ])('%s', async (_name, options, limit, tooBig, rule) => {
    // At the limit the schema lets it through to the product check (which names what the product
    // lacks, or accepts it); one past it, the schema refuses it by its own rule.
    const product = 'customTextFields' in options(1) ? ring.id : tee.id;
    const atLimit = await addToCart(me, [lineItem(product, 1, options(limit))]);
    expect(JSON.stringify(atLimit.json()), atLimit.body).not.toContain(`"violatedRule":"${rule}"`);
    expect(violationsOf(await addToCart(me, [lineItem(product, 1, options(limit + 1))]))).toContainEqual(
      expect.objectContaining({ field: tooBig, violatedRule: rule }),
    );
  });
});

describe('the public @wix/ecom client', () => {
  const wix = createClient({
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: visitorToken('v-sdk-options') } }) },
    modules: { currentCart },
  });
  const reference = (options: Record<string, unknown>, catalogItemId = tee.id) => ({
    catalogReference: { appId: STORES_APP_ID, catalogItemId, options },
    quantity: 1,
  });

  it('adds items with the product’s real options: choices, a variant id, custom text', async () => {
    const { cart } = await wix.currentCart.addToCurrentCart({
      lineItems: [
        reference({ options: { Size: 'M', Color: 'Blue' } }),
        reference({ variantId: tee.variantIds[0] }),
        reference({ customTextFields: { Engraving: 'For Ana' } }, ring.id),
      ],
    });
    expect(cart?.lineItems?.map((line) => line.catalogReference?.options)).toEqual([
      { options: { Size: 'M', Color: 'Blue' } },
      { variantId: tee.variantIds[0] },
      { customTextFields: { Engraving: 'For Ana' } },
    ]);
  });

  it('gets the 400 naming an unknown key', async () => {
    await expect(
      wix.currentCart.addToCurrentCart({ lineItems: [reference({ variantId: tee.variantIds[1], foo: 1 })] }),
    ).rejects.toMatchObject({
      details: {
        validationError: {
          fieldViolations: [
            expect.objectContaining({ field: expect.stringMatching(/catalogReference\.options\.foo$/) }),
          ],
        },
      },
    });
    expect((await wix.currentCart.getCurrentCart()).lineItems).toHaveLength(3);
  });
});
