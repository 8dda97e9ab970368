import { describe, expect, test } from 'vitest';
import * as productEditRoute from '../../app/routes/admin/product-edit';
import * as productRoute from '../../app/routes/shop/product';
import { routeStoreForFile, Visitor } from './route-harness';

const store = routeStoreForFile();

interface Variant {
  id: string;
  choices: Record<string, string>;
}

describe('product page loader', () => {
  test('the variant named in the URL, by id or by its options, is the one shown chosen', async () => {
    const shopper = new Visitor(store);
    const params = { slug: 'linen-tee' };
    const plain = await shopper.call(productRoute.loader, '/products/linen-tee', { params });
    expect(plain.status).toBe(200);
    expect(plain.data.selection).toEqual({});
    const navyM = (plain.data.product.variants as Variant[]).find(
      (v) => v.choices.Size === 'M' && v.choices.Color === 'Navy',
    );
    expect(navyM).toBeDefined();

    const byId = await shopper.call(productRoute.loader, `/products/linen-tee?variant=${navyM?.id}`, {
      params,
    });
    expect(byId.data.selection).toEqual({ Size: 'M', Color: 'Navy' });
    const byOptions = await shopper.call(productRoute.loader, '/products/linen-tee?Size=XL&Color=Clay', {
      params,
    });
    expect(byOptions.data.selection).toEqual({ Size: 'XL', Color: 'Clay' });
    // A choice the product does not have is not shown chosen; the canonical URL never has one.
    const unknown = await shopper.call(productRoute.loader, '/products/linen-tee?Size=XXXL&Color=Navy', {
      params,
    });
    expect(unknown.data.selection).toEqual({ Color: 'Navy' });
    expect(unknown.data.canonical).toBe('http://shop.test/products/linen-tee');
  });

  test('an unknown slug is a 404', async () => {
    const reply = await new Visitor(store).call(productRoute.loader, '/products/no-such-thing', {
      params: { slug: 'no-such-thing' },
    });
    expect(reply.status).toBe(404);
    expect(reply.data.product).toBeUndefined();
  });
});

describe('admin product form action', () => {
  const productCount = async () =>
    (await store.merchant('POST', '/stores/v1/products/query', {})).totalResults;

  test('a new product with several mistakes gets every one at once, in words, and nothing is created', async () => {
    const owner = await new Visitor(store).asOwner();
    const before = await productCount();
    const reply = await owner.call(productEditRoute.action, '/admin/products/new', {
      form: {
        intent: 'save',
        name: '',
        'priceData.price': 'twelve',
        weight: 'heavy',
        'stock.quantity': '-1',
        'discount.type': 'PERCENT',
        'discount.value': '',
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.data.errors).toEqual({
      form: 'Please correct the highlighted fields.',
      fields: {
        name: 'Enter a name.',
        'priceData.price': 'Enter the price as a number, like 12.50.',
        weight: 'Enter the weight as a number, like 0.5.',
        'stock.quantity': 'Enter the quantity as a whole number of 0 or more, like 3.',
        'discount.value': 'Enter the percent off, like 20, or choose "Not on sale".',
      },
    });
    expect(await productCount()).toBe(before);
  });

  test('a valid new product is created and the editor opens on it', async () => {
    const owner = await new Visitor(store).asOwner();
    const reply = await owner.call(productEditRoute.action, '/admin/products/new', {
      form: { intent: 'save', name: 'Route Test Bowl', 'priceData.price': '18.50' },
    });
    expect(reply.status).toBe(302);
    const id = reply.location?.match(/^\/admin\/products\/([^/?]+)\?created=1$/)?.[1];
    expect(id).toBeTruthy();
    const { product } = await store.merchant('GET', `/stores/v1/products/${id}`);
    expect(product).toMatchObject({ name: 'Route Test Bowl', priceData: { price: 18.5 } });
  });

  test('a variant’s bad price and quantity are named by the variant, with the product’s own errors', async () => {
    const owner = await new Visitor(store).asOwner();
    const tee = (
      await store.merchant('POST', '/stores/v1/products/query', { query: { filter: '{"name":"Linen Tee"}' } })
    ).products[0];
    const variant = (tee.variants as Variant[]).find(
      (v) => v.choices.Size === 'S' && v.choices.Color === 'White',
    );
    const reply = await owner.call(productEditRoute.action, `/admin/products/${tee.id}`, {
      params: { id: tee.id },
      form: {
        intent: 'save',
        name: ' ',
        [`variant.${variant?.id}.price`]: 'free',
        [`variant.${variant?.id}.quantity`]: '2.5',
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.data.errors.fields).toEqual({
      name: 'Enter a name.',
      [`variant.${variant?.id}.price`]: 'Enter the price of S / White as a number, like 12.50.',
      [`variant.${variant?.id}.quantity`]:
        'Enter the quantity of S / White as a whole number of 0 or more, like 3.',
    });
    const { product } = await store.merchant('GET', `/stores/v1/products/${tee.id}`);
    expect(product.name).toBe('Linen Tee');
  });

  test('without a staff session the form sends the browser to the login', async () => {
    const reply = await new Visitor(store).call(productEditRoute.action, '/admin/products/new', {
      form: { intent: 'save', name: 'Nobody’s product', 'priceData.price': '1' },
    });
    expect(reply).toMatchObject({ status: 302, thrown: true });
    expect(reply.location).toBe('/admin/login?returnTo=%2Fadmin%2Fproducts%2Fnew');
  });
});
