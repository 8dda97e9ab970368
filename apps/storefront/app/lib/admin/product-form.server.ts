import type { Product, ProductInput, VariantUpdate } from '@openshelf/sdk';
import { formReader } from '../forms/form-reader';

/** How many option rows the product form offers (the protocol allows up to 6; three cover most shops). */
export const OPTION_ROWS = 3;

export interface ParsedProduct {
  input: ProductInput;
  variants: VariantUpdate[];
  /** Variant ids in the order of `variants`, to place the API's `variants[i]` errors at their row. */
  variantIds: string[];
}

/**
 * Reads the product form. Inputs are named after the API's body paths (`priceData.price`,
 * `productOptions[0].choices`, `variant.<id>.price`), so that the API's validation errors land on them.
 * Options are sent only when they changed: re-sending them would rebuild the variants and lose their
 * prices and stock.
 */
export function parseProductForm(data: FormData, existing: Product | undefined): ParsedProduct {
  const form = formReader(data);
  const options = Array.from({ length: OPTION_ROWS }, (_, index) => ({
    name: form.text(`productOptions[${index}].name`),
    choices: form.list(`productOptions[${index}].choices`),
  })).filter((option) => option.name || option.choices.length > 0);
  // Colour options keep their type and the names of their swatches (the form edits only the values).
  const productOptions = options.map((option) => {
    const before = existing?.productOptions.find((candidate) => candidate.name === option.name);
    return {
      name: option.name,
      ...(before ? { optionType: before.optionType } : {}),
      choices: option.choices.map((value) => {
        const description = before?.choices.find((choice) => choice.value === value)?.description;
        return description ? { value, description } : { value };
      }),
    };
  });
  const optionsChanged =
    JSON.stringify(optionSignature(productOptions)) !==
    JSON.stringify(optionSignature(existing?.productOptions ?? []));
  const price = form.number('priceData.price');
  const cost = form.number('costAndProfitData.itemCost');
  const quantity = form.number('stock.quantity');
  const trackInventory = form.checked('stock.trackInventory');
  const saleType = form.text('discount.type');
  const saleValue = form.number('discount.value');
  // "Not on sale" (or no discount entered) clears the sale; the price above stays the price.
  const discount: NonNullable<ProductInput['discount']> =
    (saleType === 'AMOUNT' || saleType === 'PERCENT') && saleValue !== undefined
      ? { type: saleType, value: saleValue }
      : { type: 'NONE', value: 0 };
  const input: ProductInput = {
    name: form.text('name'),
    description: form.text('description'),
    visible: form.checked('visible'),
    productType: form.text('productType') === 'digital' ? 'digital' : 'physical',
    sku: form.optionalText('sku') ?? null,
    weight: form.number('weight') ?? null,
    brand: form.optionalText('brand') ?? null,
    ribbon: form.optionalText('ribbon') ?? null,
    collectionIds: form.all('collectionIds'),
    ...(price !== undefined ? { priceData: { price } } : {}),
    costAndProfitData: { itemCost: cost ?? null },
    ...(form.text('discount.type') ? { discount } : {}),
    ...(form.optionalText('slug') ? { slug: form.text('slug') } : {}),
    ...(optionsChanged ? { productOptions, manageVariants: productOptions.length > 0 } : {}),
  };
  if (!existing?.manageVariants || optionsChanged) {
    input.stock = trackInventory
      ? { trackInventory: true, quantity: quantity ?? 0 }
      : { trackInventory: false, inStock: true };
  }
  const variants: VariantUpdate[] = [];
  const variantIds: string[] = [];
  if (existing?.manageVariants && !optionsChanged) {
    for (const variant of existing.variants ?? []) {
      const key = (field: string) => `variant.${variant.id}.${field}`;
      const variantQuantity = form.number(key('quantity'));
      variants.push({
        variantIds: [variant.id],
        price: form.number(key('price')) ?? null,
        sku: form.optionalText(key('sku')) ?? null,
        visible: form.checked(key('visible')),
        stock: trackInventory
          ? { trackQuantity: true, quantity: variantQuantity ?? 0 }
          : { trackQuantity: false, inStock: true },
      });
      variantIds.push(variant.id);
    }
  }
  return { input, variants, variantIds };
}

function optionSignature(options: { name: string; choices: { value: string }[] }[]) {
  return options.map((option) => [option.name, option.choices.map((choice) => choice.value)]);
}

const DECIMAL = /^-?\d+([.,]\d+)?$/;
const WHOLE = /^\d+$/;

/**
 * What the product form can tell before asking the store: missing and unreadable entries, every one at
 * once and in words, by input name. (The store's own rules — limits, SKUs taken, a discount above the
 * price — come back from the API, also all at once.) Empty when the form reads well.
 */
export function checkProductForm(data: FormData, existing: Product | undefined): Record<string, string> {
  const form = formReader(data);
  const errors: Record<string, string> = {};
  const decimal = (name: string, what: string, example: string) => {
    const value = form.text(name);
    if (value && !DECIMAL.test(value)) errors[name] = `Enter ${what} as a number, like ${example}.`;
  };
  const whole = (name: string, what: string) => {
    const value = form.text(name);
    if (value && !WHOLE.test(value)) errors[name] = `Enter ${what} as a whole number of 0 or more, like 3.`;
  };
  if (!form.text('name')) errors.name = 'Enter a name.';
  if (!existing && !form.text('priceData.price')) errors['priceData.price'] = 'Enter a price.';
  decimal('priceData.price', 'the price', '12.50');
  decimal('costAndProfitData.itemCost', 'the cost', '4.20');
  decimal('weight', 'the weight', '0.5');
  whole('stock.quantity', 'the quantity');
  const sale = form.text('discount.type');
  if ((sale === 'AMOUNT' || sale === 'PERCENT') && !form.text('discount.value'))
    errors['discount.value'] =
      sale === 'PERCENT'
        ? 'Enter the percent off, like 20, or choose "Not on sale".'
        : 'Enter the amount off, like 5, or choose "Not on sale".';
  decimal(
    'discount.value',
    sale === 'PERCENT' ? 'the percent off' : 'the amount off',
    sale === 'PERCENT' ? '20' : '5',
  );
  if (existing?.manageVariants)
    for (const variant of existing.variants ?? []) {
      const label = Object.values(variant.choices).join(' / ');
      decimal(`variant.${variant.id}.price`, `the price of ${label}`, '12.50');
      whole(`variant.${variant.id}.quantity`, `the quantity of ${label}`);
    }
  return errors;
}

/** Where an API error path belongs in the product form. */
export function productFieldName(variantIds: string[]) {
  return (path: string): string => {
    const choice = /^productOptions\[(\d+)\]\.choices/.exec(path);
    if (choice) return `productOptions[${choice[1]}].choices`;
    const variant = /^variants\[(\d+)\]\.(price|sku|stock\.quantity)/.exec(path);
    const id = variant ? variantIds[Number(variant[1])] : undefined;
    if (variant && id) return `variant.${id}.${variant[2] === 'stock.quantity' ? 'quantity' : variant[2]}`;
    return path;
  };
}
