import type { Violations } from '../../../lib/http/violations.js';
import { uuidv7 } from '../../../lib/ids.js';
import { LIMITS, type ProductOption, type VariantRecord } from '../catalog.types.js';
import {
  choiceCombinations,
  choicesKey,
  countCombinations,
  DEFAULT_VARIANT_ID,
  matchesChoices,
  normalizeSelection,
} from '../products/product.rules.js';
import type { StockInput, VariantInput } from '../products/product-input.rules.js';

export interface VariantStock {
  trackQuantity: boolean;
  quantity: number | null;
  inStock: boolean;
}

export function stockFromInput(stock: StockInput | undefined, fallback?: VariantStock): VariantStock {
  const trackQuantity = stock?.trackInventory ?? fallback?.trackQuantity ?? false;
  return {
    trackQuantity,
    quantity: trackQuantity ? (stock?.quantity ?? fallback?.quantity ?? 0) : null,
    inStock: stock?.inStock ?? fallback?.inStock ?? true,
  };
}

/**
 * The variants a product has: one per combination of its options' choices when it manages variants,
 * otherwise the single default variant. Variants that existed before (same choices) keep their id,
 * overrides and stock, so editing options never loses data of combinations that still exist.
 */
export function buildVariants(
  options: readonly ProductOption[],
  manageVariants: boolean,
  stock: VariantStock,
  existing: readonly VariantRecord[] = [],
): VariantRecord[] {
  // Too many combinations is the product rule's violation (checkProductRules), thrown before anything is
  // stored; building them first would take memory no request may get (6 options of 100 choices: 10^12).
  if (manageVariants && countCombinations(options) > LIMITS.variants) return [];
  const previous = new Map(existing.map((variant) => [choicesKey(variant.choices), variant]));
  const combinations = manageVariants && options.length > 0 ? choiceCombinations(options) : [{}];
  return combinations.map((choices, position) => {
    const kept = previous.get(choicesKey(choices));
    if (kept) return { ...kept, position };
    return {
      id: Object.keys(choices).length === 0 ? DEFAULT_VARIANT_ID : uuidv7(),
      choices,
      position,
      priceMinor: null,
      costMinor: null,
      weight: null,
      sku: null,
      visible: true,
      ...stock,
    };
  });
}

/** Which variants an override addresses: by id, or by (partial) choices; all when neither is given. */
export function selectVariants(
  variants: readonly VariantRecord[],
  options: readonly ProductOption[],
  target: Pick<VariantInput, 'choices' | 'variantIds'>,
  violations: Violations,
  at: string,
): VariantRecord[] {
  if (target.variantIds && target.variantIds.length > 0) {
    const byId = new Map(variants.map((variant) => [variant.id, variant]));
    const found: VariantRecord[] = [];
    target.variantIds.forEach((id, index) => {
      const variant = byId.get(id);
      if (variant) found.push(variant);
      else violations.add(`${at}.variantIds[${index}]`, 'VALIDATION', `is not a variant of this product`);
    });
    return found;
  }
  const { choices, unknown } = normalizeSelection(options, target.choices ?? {});
  for (const name of unknown) {
    violations.add(`${at}.choices.${name}`, 'VALIDATION', 'is not an option (or choice) of this product');
  }
  if (unknown.length > 0) return [];
  return variants.filter((variant) => matchesChoices(variant.choices, choices));
}

/**
 * Applies overrides in order, in place; later overrides win. Answers the SKUs set, by variant id, with
 * the field that set each (checked against the store's other SKUs by the caller).
 */
export function applyVariantInputs(
  variants: VariantRecord[],
  options: readonly ProductOption[],
  inputs: readonly VariantInput[],
  violations: Violations,
  at: string,
): Map<string, { sku: string; field: string }> {
  const skus = new Map<string, { sku: string; field: string }>();
  inputs.forEach((input, index) => {
    const targets = selectVariants(variants, options, input, violations, `${at}[${index}]`);
    for (const variant of targets) {
      if (input.sku !== undefined) {
        const sku = input.sku?.trim();
        if (sku) skus.set(variant.id, { sku, field: `${at}[${index}].sku` });
        else skus.delete(variant.id);
      }
      if (input.priceMinor !== undefined) variant.priceMinor = input.priceMinor;
      if (input.costMinor !== undefined) variant.costMinor = input.costMinor;
      if (input.weight !== undefined) variant.weight = input.weight;
      if (input.sku !== undefined) variant.sku = input.sku?.trim() || null;
      if (input.visible !== undefined) variant.visible = input.visible;
      if (input.stock) {
        const next = stockFromInput(
          {
            trackInventory: input.stock.trackQuantity,
            quantity: input.stock.quantity,
            inStock: input.stock.inStock,
          },
          variant,
        );
        Object.assign(variant, next);
      }
    }
  });
  return skus;
}
