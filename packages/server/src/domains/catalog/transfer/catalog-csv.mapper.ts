import type { Static } from 'typebox';
import type { ProductOut } from '../products/products.contract.js';

/*
 * The CSV form of a catalog: one product per row, the fields people edit in a spreadsheet. Lists use
 * `|` (collections, images) and options are written `Size=S|M|L; Color=Red:#d32f2f|Blue:#1976d2`.
 * Per-variant overrides do not fit a row: use JSON or YAML for those.
 */

export const CSV_COLUMNS = [
  'id',
  'name',
  'slug',
  'description',
  'productType',
  'visible',
  'sku',
  'price',
  'cost',
  'discountType',
  'discountValue',
  'weight',
  'brand',
  'ribbon',
  'trackInventory',
  'quantity',
  'inStock',
  'manageVariants',
  'options',
  'collections',
  'images',
] as const;

type Row = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;
type WireProduct = Static<typeof ProductOut>;

const list = (text: string | undefined) =>
  (text ?? '')
    .split('|')
    .map((item) => item.trim())
    .filter(Boolean);

/** Options text → the protocol's productOptions (colour choices are `Name:#hex`). */
export function parseOptions(
  text: string,
): { name: string; optionType: string; choices: { value: string; description: string }[] }[] {
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = '', values = ''] = part.split('=');
      const choices = list(values).map((choice) => {
        const [description = '', color] = choice.split(':');
        return color
          ? { value: color.trim(), description: description.trim() }
          : { value: description.trim(), description: description.trim() };
      });
      const optionType = choices.some((choice) => choice.value.startsWith('#')) ? 'color' : 'drop_down';
      return { name: name.trim(), optionType, choices };
    });
}

/**
 * A CSV row as a product request body (wire shape), for the same contract check as the API. Empty
 * cells are left out, so they keep the current value on an update.
 */
export function productFromRow(row: Row): Record<string, unknown> {
  const product: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined && value !== '') product[key] = value;
  };
  put('id', row.id);
  put('name', row.name);
  put('slug', row.slug);
  put('description', row.description);
  put('productType', row.productType);
  put('visible', row.visible);
  put('sku', row.sku);
  if (row.price) product.priceData = { price: row.price };
  if (row.cost) product.costAndProfitData = { itemCost: row.cost };
  if (row.discountType) product.discount = { type: row.discountType, value: row.discountValue || '0' };
  put('weight', row.weight);
  put('brand', row.brand);
  put('ribbon', row.ribbon);
  if (row.trackInventory || row.quantity || row.inStock) {
    const stock: Record<string, string> = {};
    if (row.trackInventory) stock.trackInventory = row.trackInventory;
    if (row.quantity) stock.quantity = row.quantity;
    if (row.inStock) stock.inStock = row.inStock;
    product.stock = stock;
  }
  put('manageVariants', row.manageVariants);
  if (row.options) product.productOptions = parseOptions(row.options);
  if (row.collections) product.collectionIds = list(row.collections);
  if (row.images) product.media = list(row.images).map((url) => ({ url }));
  return product;
}

/** A wire product as a CSV row (the inverse of productFromRow for the fields a row holds). */
export function rowFromProduct(product: WireProduct): Record<(typeof CSV_COLUMNS)[number], string> {
  const options = product.productOptions
    .map(
      (option) =>
        `${option.name}=${option.choices
          .map((choice) =>
            option.optionType === 'color' ? `${choice.description}:${choice.value}` : choice.description,
          )
          .join('|')}`,
    )
    .join('; ');
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    productType: product.productType,
    visible: String(product.visible),
    sku: product.sku ?? '',
    price: String(product.priceData.price),
    cost: product.costAndProfitData ? String(product.costAndProfitData.itemCost) : '',
    discountType: product.discount.type === 'NONE' ? '' : product.discount.type,
    discountValue: product.discount.type === 'NONE' ? '' : String(product.discount.value),
    weight: product.weight === undefined ? '' : String(product.weight),
    brand: product.brand ?? '',
    ribbon: product.ribbon ?? '',
    trackInventory: String(product.stock.trackInventory),
    quantity: product.stock.quantity === undefined ? '' : String(product.stock.quantity),
    inStock: String(product.stock.inStock),
    manageVariants: String(product.manageVariants),
    options,
    collections: product.collectionIds.join('|'),
    images: product.media.items.flatMap((item) => (item.image ? [item.image.url] : [])).join('|'),
  };
}
