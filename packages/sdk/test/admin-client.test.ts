import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../../server/src/testing/identity.js';
import { type AdminClient, ApplicationError, createAdminClient, ValidationError } from '../src/index.js';
import { startSignedInAdmin } from './support/admin-client.js';
import { type AdminTestServer, createStaff, pngImage } from './support/admin-store.js';

// The admin client against a real server: staff sign-in and the catalog. Orders, the dashboard and
// store set-up: admin-client-orders.test.ts.
let server: AdminTestServer;
let admin: AdminClient;

beforeAll(async () => {
  ({ server, admin } = await startSignedInAdmin());
});
afterAll(() => server?.close());

describe('admin client: staff sign-in', () => {
  it('refuses a wrong password with the protocol error, and ends the session on logout', async () => {
    const anonymous = createAdminClient({ baseUrl: server.baseUrl });
    const wrong = await anonymous.auth
      .login('owner@shop.example', 'not the password')
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ApplicationError);
    expect((wrong as ApplicationError).status).toBe(401);

    const { email, password } = await createStaff(server.t, 'clerk@shop.example', 'staff');
    const { accessToken } = await anonymous.auth.login(email, password);
    const clerk = createAdminClient({ baseUrl: server.baseUrl, getAuthHeader: async () => accessToken });
    expect((await clerk.auth.me()).staff?.email).toBe('clerk@shop.example');
    // Staff may not manage API keys; the owner may.
    await expect(clerk.apiKeys.list()).rejects.toMatchObject({ status: 403 });
    await clerk.auth.logout();
    await expect(clerk.auth.me()).rejects.toMatchObject({ status: 401 });
  });

  it('asks for a captcha after repeated failures, and signs in with one', async () => {
    const anonymous = createAdminClient({ baseUrl: server.baseUrl });
    const { email, password } = await createStaff(server.t, 'tried@shop.example', 'staff');
    for (let i = 0; i < 5; i++)
      await expect(anonymous.auth.login(email, `guess-${i}`)).rejects.toMatchObject({ status: 401 });
    await expect(anonymous.auth.login(email, password)).rejects.toMatchObject({ code: '-19971' });
    const captchaTokens = { invisibleRecaptchaToken: await solvedCaptcha(server.t) };
    expect((await anonymous.auth.login(email, password, { captchaTokens })).staff.email).toBe(email);
  });
});

describe('admin client: catalog', () => {
  let productId: string;

  it('creates a product with options, variants and stock, and changes one variant', async () => {
    const product = await admin.products.create({
      name: 'Field Jacket',
      priceData: { price: 120 },
      visible: true,
      manageVariants: true,
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
      variants: [
        { choices: { Size: 'S' }, stock: { trackQuantity: true, quantity: 3 } },
        { choices: { Size: 'M' }, stock: { trackQuantity: true, quantity: 0 } },
      ],
    });
    productId = product.id;
    expect(product.slug).toBe('field-jacket');
    expect(product.variants?.map((v) => [v.choices.Size, v.stock.quantity])).toEqual([
      ['S', 3],
      ['M', 0],
    ]);
    expect(product.stock.inventoryStatus).toBe('PARTIALLY_OUT_OF_STOCK');

    const variants = await admin.products.updateVariants(productId, [
      { choices: { Size: 'M' }, price: 125.5, stock: { quantity: 7 } },
    ]);
    const medium = variants.find((v) => v.choices.Size === 'M');
    expect(medium?.variant.priceData.price).toBe(125.5);
    expect((await admin.products.get(productId)).stock.inventoryStatus).toBe('IN_STOCK');
  });

  it('reports field violations for bad input', async () => {
    const error = await admin.products
      .create({ name: '', priceData: { price: -1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).violations.map((v) => v.field).sort()).toEqual([
      'product.name',
      'product.priceData.price',
    ]);
  });

  it('uploads an image to the media library and attaches it to the product', async () => {
    const file = await admin.media.upload(
      new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }),
      'jacket.png',
    );
    expect(file).toMatchObject({ mediaType: 'image', width: 32, height: 24, visibility: 'public' });
    expect(file.createdDate).toBeInstanceOf(Date);
    await admin.products.addMedia(productId, [{ mediaId: file.id, altText: 'The jacket' }]);
    const product = await admin.products.get(productId);
    expect(product.media.items).toHaveLength(1);
    expect(product.media.mainMedia?.image?.altText).toBe('The jacket');
    // Media URLs are absolute on PUBLIC_URL; fetch the same path from this test server.
    const { pathname } = new URL(product.media.mainMedia?.image?.url ?? '/missing');
    const served = await fetch(new URL(pathname, server.baseUrl));
    expect(served.status).toBe(200);
  });

  it('lists and searches products, and sets and adjusts prices in bulk', async () => {
    const cap = await admin.products.create({ name: 'Wool Cap', priceData: { price: 20 }, visible: false });
    const page = await admin.products.list({ limit: 10 });
    expect(page.products.map((p) => p.name)).toEqual(['Wool Cap', 'Field Jacket']);
    expect(page.metadata.total).toBe(2);
    const found = await admin.products.list({ search: 'jacket' });
    expect(found.products.map((p) => p.name)).toEqual(['Field Jacket']);

    const set = await admin.products.bulkSet([cap.id], 'cost', 8);
    expect(set.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 0 });
    await admin.products.bulkAdjust([cap.id], 'price', { percentage: { rate: -10 } });
    const after = await admin.products.get(cap.id);
    expect(after.priceData.price).toBe(18);
    expect(after.costAndProfitData?.itemCost).toBe(8);
  });

  it('creates a collection and adds and removes products', async () => {
    const outerwear = await admin.collections.create({ name: 'Outerwear' });
    await admin.collections.addProducts(outerwear.id, [productId]);
    expect((await admin.collections.get(outerwear.id)).numberOfProducts).toBe(1);
    expect((await admin.products.get(productId)).collectionIds).toContain(outerwear.id);
    await admin.collections.removeProducts(outerwear.id, [productId]);
    expect((await admin.collections.get(outerwear.id)).numberOfProducts).toBe(0);
    const { collections } = await admin.collections.list();
    expect(collections.map((c) => c.name)).toContain('Outerwear');
  });
});
