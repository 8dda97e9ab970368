import type {
  Discount,
  InventoryStatus,
  PricePerUnitSettings,
  ProductOption,
  ProductRecord,
  VariantRecord,
} from '../catalog.types.js';

/*
 * The catalog's derived values, computed in one place from what is stored (ADR 012). Everything here
 * is pure and works in minor units; the same rounding is used by the `discounted_price_minor`
 * generated column (products.schema.ts), so filters and responses agree.
 */

/** The id the protocol gives the single variant of a product without managed variants. */
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';

/** Price after the product's discount, never below zero. PERCENT rounds half up to the minor unit. */
export function discountedMinor(priceMinor: number, discount: Discount): number {
  switch (discount.type) {
    case 'AMOUNT':
      return Math.max(priceMinor - discount.value, 0);
    case 'PERCENT':
      return Math.max(priceMinor - Math.floor((priceMinor * discount.value + 5000) / 10000), 0);
    default:
      return priceMinor;
  }
}

export interface CostAndProfit {
  itemCostMinor: number;
  profitMinor: number;
  /** profit ÷ discounted price, rounded to 4 decimals (0 when the price is 0). */
  profitMargin: number;
}

export function costAndProfit(discountedPriceMinor: number, costMinor: number): CostAndProfit {
  const profitMinor = discountedPriceMinor - costMinor;
  const profitMargin =
    discountedPriceMinor === 0 ? 0 : Math.round((profitMinor / discountedPriceMinor) * 10_000) / 10_000;
  return { itemCostMinor: costMinor, profitMinor, profitMargin };
}

/** Price of one base quantity (e.g. per 100 g), in minor units, or undefined without settings. */
export function pricePerUnitMinor(
  discountedPriceMinor: number,
  settings: PricePerUnitSettings | null,
): number | undefined {
  if (!settings || settings.totalQuantity <= 0) return undefined;
  return Math.round((discountedPriceMinor / settings.totalQuantity) * settings.baseQuantity);
}

export function variantInStock(variant: Pick<VariantRecord, 'trackQuantity' | 'quantity' | 'inStock'>) {
  return variant.trackQuantity ? (variant.quantity ?? 0) > 0 : variant.inStock;
}

/** Inventory status over the visible variants; a product nobody can see a variant of is out of stock. */
export function inventoryStatus(
  variants: readonly Pick<VariantRecord, 'visible' | 'trackQuantity' | 'quantity' | 'inStock'>[],
): InventoryStatus {
  const visible = variants.filter((variant) => variant.visible);
  const inStock = visible.filter(variantInStock).length;
  if (inStock === 0) return 'OUT_OF_STOCK';
  return inStock === visible.length ? 'IN_STOCK' : 'PARTIALLY_OUT_OF_STOCK';
}

export interface VariantView {
  record: VariantRecord;
  priceMinor: number;
  discountedPriceMinor: number;
  costMinor: number | null;
  weight: number | null;
  sku: string | null;
  inStock: boolean;
}

export interface Range {
  min: number;
  max: number;
}

/** A product with everything derived: what read services return and the wire mapper renders. */
export interface ProductView {
  record: ProductRecord;
  discountedPriceMinor: number;
  pricePerUnitMinor?: number;
  costAndProfit?: CostAndProfit;
  priceRange: Range;
  costRange?: Range;
  weightRange: Range;
  stock: {
    trackInventory: boolean;
    /** Sum over tracked variants when every variant is tracked; undefined otherwise. */
    quantity?: number;
    inStock: boolean;
    inventoryStatus: InventoryStatus;
  };
  variants: VariantView[];
  /** Per option name → choice description: whether some visible variant with it is in stock / visible. */
  choiceAvailability: Map<string, Map<string, { inStock: boolean; visible: boolean }>>;
}

export function viewVariant(product: ProductRecord, variant: VariantRecord): VariantView {
  const priceMinor = variant.priceMinor ?? product.priceMinor;
  return {
    record: variant,
    priceMinor,
    discountedPriceMinor: discountedMinor(priceMinor, product.discount),
    costMinor: variant.costMinor ?? product.costMinor,
    weight: variant.weight ?? product.weight,
    // A managed variant has its own SKU or none: copying the product's would give one SKU to several
    // items. The one variant of a product without options is the product, with its SKU.
    sku: product.manageVariants ? variant.sku : (variant.sku ?? product.sku),
    inStock: variantInStock(variant),
  };
}

function rangeOf(values: number[], fallback: number): Range {
  if (values.length === 0) return { min: fallback, max: fallback };
  return { min: Math.min(...values), max: Math.max(...values) };
}

export function viewProduct(product: ProductRecord): ProductView {
  const variants = product.variants.map((variant) => viewVariant(product, variant));
  const visible = variants.filter((variant) => variant.record.visible);
  const discounted = discountedMinor(product.priceMinor, product.discount);
  const costs = visible.flatMap((v) => (v.costMinor === null ? [] : [v.costMinor]));
  const weights = visible.flatMap((v) => (v.weight === null ? [] : [v.weight]));
  const allTracked = variants.length > 0 && variants.every((v) => v.record.trackQuantity);
  const status = inventoryStatus(product.variants);
  return {
    record: product,
    discountedPriceMinor: discounted,
    pricePerUnitMinor: pricePerUnitMinor(discounted, product.pricePerUnit),
    costAndProfit: product.costMinor === null ? undefined : costAndProfit(discounted, product.costMinor),
    priceRange: rangeOf(
      visible.map((v) => v.priceMinor),
      product.priceMinor,
    ),
    costRange:
      product.costMinor === null && costs.length === 0 ? undefined : rangeOf(costs, product.costMinor ?? 0),
    weightRange: rangeOf(weights, product.weight ?? 0),
    stock: {
      trackInventory: allTracked,
      quantity: allTracked ? variants.reduce((sum, v) => sum + (v.record.quantity ?? 0), 0) : undefined,
      inStock: status !== 'OUT_OF_STOCK',
      inventoryStatus: status,
    },
    variants,
    choiceAvailability: choiceAvailability(product.productOptions, variants, {}),
  };
}

/**
 * For every choice: is there a variant that has it, matches the other selected choices, and is
 * visible / in stock (visible and in stock)? Without managed variants every choice follows the product.
 */
export function choiceAvailability(
  options: readonly ProductOption[],
  variants: readonly VariantView[],
  selected: Record<string, string>,
): Map<string, Map<string, { inStock: boolean; visible: boolean }>> {
  const result = new Map<string, Map<string, { inStock: boolean; visible: boolean }>>();
  const managed = variants.length > 0 && Object.keys(variants[0]?.record.choices ?? {}).length > 0;
  for (const option of options) {
    const byChoice = new Map<string, { inStock: boolean; visible: boolean }>();
    for (const choice of option.choices) {
      const wanted = { ...selected, [option.name]: choice.description };
      const matching = managed
        ? variants.filter((v) => matchesChoices(v.record.choices, wanted))
        : variants.slice(0, 1);
      byChoice.set(choice.description, {
        visible: matching.some((v) => v.record.visible),
        inStock: matching.some((v) => v.record.visible && v.inStock),
      });
    }
    result.set(option.name, byChoice);
  }
  return result;
}

/** Whether a variant's choices include every wanted option → choice (a partial selection matches many). */
export function matchesChoices(choices: Record<string, string>, wanted: Record<string, string>): boolean {
  return Object.entries(wanted).every(([option, choice]) => choices[option] === choice);
}

/**
 * Canonical form of a selection, for comparing variants: option names in the product's option order,
 * choices given by description or (colour options) by value.
 */
export function normalizeSelection(
  options: readonly ProductOption[],
  selection: Record<string, string>,
): { choices: Record<string, string>; unknown: string[] } {
  const choices: Record<string, string> = {};
  const unknown: string[] = [];
  for (const [name, wanted] of Object.entries(selection)) {
    const option = findOption(options, name);
    const choice = option && findChoice(option, wanted);
    if (!option || !choice) unknown.push(name);
    else choices[option.name] = choice.description;
  }
  return { choices, unknown };
}

/** The option a shopper named: exactly, else ignoring case (accents still count). */
export function findOption(options: readonly ProductOption[], name: string): ProductOption | undefined {
  return options.find((o) => o.name === name) ?? options.find((o) => sameText(o.name, name));
}

/** The choice a shopper named, by description or (colour options) by value; exactly, else ignoring case. */
export function findChoice(
  option: ProductOption,
  wanted: string,
): ProductOption['choices'][number] | undefined {
  return (
    option.choices.find((c) => c.description === wanted || c.value === wanted) ??
    option.choices.find((c) => sameText(c.description, wanted) || sameText(c.value, wanted))
  );
}

/** The custom text field a shopper named (by its title), exactly, else ignoring case. */
export function findCustomTextField<T extends { title: string }>(
  fields: readonly T[],
  title: string,
): T | undefined {
  return fields.find((f) => f.title === title) ?? fields.find((f) => sameText(f.title, title));
}

function sameText(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

/** Every combination of the options' choices, in option order (the cartesian product). */
export function choiceCombinations(options: readonly ProductOption[]): Record<string, string>[] {
  let combinations: Record<string, string>[] = [{}];
  for (const option of options) {
    const next: Record<string, string>[] = [];
    for (const partial of combinations) {
      for (const choice of option.choices) next.push({ ...partial, [option.name]: choice.description });
    }
    combinations = next;
  }
  return combinations;
}

export function countCombinations(options: readonly ProductOption[]): number {
  return options.reduce((count, option) => count * Math.max(option.choices.length, 1), 1);
}

/** A stable key for a choice map, independent of key order. */
export function choicesKey(choices: Record<string, string>): string {
  return JSON.stringify(
    Object.keys(choices)
      .sort()
      .map((key) => [key, choices[key]]),
  );
}

/** URL-safe slug from a name: lower case ASCII, words joined by `-`, at most 100 characters. */
export function slugify(name: string, maxLength = 100): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || 'item';
}

/** The first free slug among `base`, `base-2`, `base-3`… given the slugs already taken. */
export function dedupeSlug(base: string, taken: ReadonlySet<string>, maxLength = 100): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, maxLength - suffix.length).replace(/-+$/g, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
