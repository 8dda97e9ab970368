// Option availability from a product's variants: which choices can still be bought given the others
// already chosen. The product read carries every variant with its stock, so the page answers at once,
// on the server and in the browser, without a round trip per click.

import type { Product, Variant } from './types';

export type Selection = Record<string, string | undefined>;

const buyable = (v: Variant) => v.variant.visible && v.stock.inStock;

/** True when some buyable variant has this choice and agrees with every other chosen option. */
export function choiceAvailable(
  product: Product,
  selection: Selection,
  option: string,
  value: string,
): boolean {
  const variants = product.variants ?? [];
  if (!product.manageVariants || variants.length === 0) {
    const choice = product.productOptions
      .find((o) => o.name === option)
      ?.choices.find((c) => c.description === value);
    return choice ? choice.inStock && choice.visible : false;
  }
  return variants.some(
    (v) =>
      buyable(v) &&
      v.choices[option] === value &&
      Object.entries(selection).every(
        ([name, chosen]) => name === option || !chosen || v.choices[name] === chosen,
      ),
  );
}

/** The variant the selection names, once every option has a choice. */
export function selectedVariant(product: Product, selection: Selection): Variant | undefined {
  if (product.productOptions.some((o) => !selection[o.name])) return undefined;
  return product.variants?.find((v) =>
    product.productOptions.every((o) => v.choices[o.name] === selection[o.name]),
  );
}

/**
 * The options a product page's URL chooses: `?variant=<id>` (all of that variant's choices), else one
 * parameter per option named as the option (`?Size=XL&Color=White`). A choice the product does not have,
 * or hides, is ignored: a stale or edited link still opens the product.
 */
export function selectionFromUrl(product: Product, params: URLSearchParams): Selection {
  const byId = params.get('variant');
  const named = byId ? product.variants?.find((v) => v.id === byId)?.choices : undefined;
  const selection: Selection = {};
  for (const option of product.productOptions) {
    const wanted = named?.[option.name] ?? params.get(option.name);
    if (wanted && option.choices.some((c) => c.visible && c.description === wanted))
      selection[option.name] = wanted;
  }
  return selection;
}

/** The page's query with `selection` in it (other parameters kept), as {@link selectionFromUrl} reads it. */
export function selectionSearch(product: Product, selection: Selection, current: URLSearchParams): string {
  const params = new URLSearchParams(current);
  params.delete('variant');
  for (const option of product.productOptions) {
    const chosen = selection[option.name];
    if (chosen) params.set(option.name, chosen);
    else params.delete(option.name);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
