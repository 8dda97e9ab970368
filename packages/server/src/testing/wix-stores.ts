import { createClient } from '@wix/sdk';
import { collections, products, productsV3 } from '@wix/stores';
import { createTestApp, merchantKey, type TestApp } from './index.js';
import { routeWixSdkTo } from './wix-sdk.js';

export interface WixStoresApp {
  t: TestApp;
  /** "METHOD /path" of every call the clients made. */
  requests: string[];
  /** The public @wix/stores client with the owner's key. */
  merchant(): MerchantStoresClient;
  /** The public @wix/stores client, anonymous. */
  shopper(): ReturnType<typeof shopperClient>;
  close(): Promise<void>;
}

const merchantClient = (ownerKey: string) =>
  createClient({
    modules: { products, collections, productsV3 },
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: ownerKey } }) },
  });
const shopperClient = () => createClient({ modules: { products, collections } });
export type MerchantStoresClient = ReturnType<typeof merchantClient>;

/**
 * A listening app with the unchanged public @wix/stores client routed to it (wire-protocol.md §1.3), one
 * per test file: start it in beforeAll, close it in afterAll.
 */
export async function startWixStoresApp(): Promise<WixStoresApp> {
  const t = await createTestApp();
  const ownerKey = await merchantKey(t.database, 'owner');
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const requests: string[] = [];
  const restoreFetch = routeWixSdkTo(baseUrl, (call) => requests.push(call));
  return {
    t,
    requests,
    merchant: () => merchantClient(ownerKey),
    shopper: shopperClient,
    close: async () => {
      restoreFetch();
      await t.close();
    },
  };
}

/**
 * The catalog the @wix/stores suites share, made through the merchant client: a Kitchen collection
 * holding a tracked Mug (cost 4) and a Tee with Size S/M × Color Black variants, and five Clay cups.
 */
export async function createKitchenCatalog(admin: MerchantStoresClient) {
  const kitchen = await admin.products.createCollection({ name: 'Kitchen' });
  const mug = await admin.products.createProduct({
    name: 'Mug',
    productType: products.ProductType.physical,
    priceData: { price: 12.5 },
    costAndProfitData: { itemCost: 4 },
    description: 'Stoneware',
    visible: true,
    weight: 0.3,
    stock: { trackInventory: true, quantity: 5 },
  });
  const tee = await admin.products.createProduct({
    name: 'Tee',
    priceData: { price: 20 },
    manageVariants: true,
    productOptions: [
      {
        name: 'Size',
        choices: [
          { value: 'S', description: 'S' },
          { value: 'M', description: 'M' },
        ],
      },
      {
        name: 'Color',
        optionType: products.OptionType.color,
        choices: [{ value: '#000000', description: 'Black' }],
      },
    ],
    stock: { trackInventory: true, quantity: 2 },
  });
  for (let i = 1; i <= 5; i++) {
    await admin.products.createProduct({ name: `Cup ${i}`, priceData: { price: 10 - i }, brand: 'Clay' });
  }
  const ids = {
    kitchen: kitchen.collection?._id as string,
    mug: mug.product?._id as string,
    tee: tee.product?._id as string,
  };
  await admin.products.addProductsToCollection(ids.kitchen, [ids.mug, ids.tee]);
  return { kitchen, mug, tee, ids };
}
