import type { Violations } from '../../../lib/http/violations.js';
import { uuidv7 } from '../../../lib/ids.js';
import {
  type CustomTextField,
  type DigitalFile,
  type Discount,
  type InfoSection,
  LIMITS,
  type OptionType,
  type PricePerUnitSettings,
  type ProductOption,
  type ProductType,
  type SubscriptionOptions,
} from '../catalog.types.js';
import { countCombinations, SLUG_PATTERN } from './product.rules.js';

/** A media item to attach: a media-library file, or an external URL. */
export interface MediaRef {
  mediaId?: string;
  url?: string;
  altText?: string;
  title?: string;
  /** Attach to this option choice as well (product media only). */
  choice?: { option: string; choice: string };
}

export interface StockInput {
  trackInventory?: boolean;
  quantity?: number | null;
  inStock?: boolean;
}

export interface VariantInput {
  /** Which variants: those whose choices include these (all when empty), or by id. */
  choices?: Record<string, string>;
  variantIds?: string[];
  priceMinor?: number | null;
  costMinor?: number | null;
  weight?: number | null;
  sku?: string | null;
  visible?: boolean;
  stock?: { trackQuantity?: boolean; quantity?: number | null; inStock?: boolean };
}

export interface OptionInput {
  name: string;
  optionType?: OptionType;
  choices: { value: string; description?: string }[];
}

/** What a create or update may set; absent fields are left as they are (or defaulted on create). */
export interface ProductInput {
  name?: string;
  slug?: string;
  description?: string;
  productType?: ProductType;
  visible?: boolean;
  sku?: string | null;
  weight?: number | null;
  brand?: string | null;
  ribbon?: string | null;
  priceMinor?: number;
  costMinor?: number | null;
  discount?: Discount;
  pricePerUnit?: PricePerUnitSettings | null;
  manageVariants?: boolean;
  productOptions?: OptionInput[];
  stock?: StockInput;
  media?: MediaRef[];
  collectionIds?: string[];
  additionalInfoSections?: InfoSection[];
  customTextFields?: CustomTextField[];
  seoData?: Record<string, unknown> | null;
  subscriptionOptions?: SubscriptionOptions | null;
  digitalFiles?: DigitalFile[];
  giftCard?: boolean;
  variants?: VariantInput[];
}

/** Trims text fields and turns empty optional text into null, so "" and absent mean the same. */
export function cleanText(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Options as stored: choice descriptions default to the value; colour choices need a name. */
export function normalizeOptions(
  options: OptionInput[],
  v: Violations,
  at = 'product.productOptions',
): ProductOption[] {
  if (options.length > LIMITS.options) v.add(at, 'MAX_SIZE', `must have at most ${LIMITS.options} options`);
  const seen = new Set<string>();
  return options.map((option, i) => {
    const name = option.name.trim();
    if (!name) v.add(`${at}[${i}].name`, 'REQUIRED_FIELD', 'is required');
    if (seen.has(name.toLowerCase()))
      v.add(`${at}[${i}].name`, 'VALIDATION', `repeats option "${name}"; option names must differ`);
    seen.add(name.toLowerCase());
    if (option.choices.length === 0) v.add(`${at}[${i}].choices`, 'MIN_SIZE', 'must have at least 1 choice');
    if (option.choices.length > LIMITS.choicesPerOption)
      v.add(`${at}[${i}].choices`, 'MAX_SIZE', `must have at most ${LIMITS.choicesPerOption} choices`);
    const optionType = option.optionType ?? 'drop_down';
    const choiceNames = new Set<string>();
    const choices = option.choices.map((choice, j) => {
      const value = choice.value.trim();
      const description = (choice.description ?? '').trim() || value;
      if (!value) v.add(`${at}[${i}].choices[${j}].value`, 'REQUIRED_FIELD', 'is required');
      if (choiceNames.has(description.toLowerCase()))
        v.add(
          `${at}[${i}].choices[${j}]`,
          'VALIDATION',
          `repeats choice "${description}" of option "${name}"`,
        );
      choiceNames.add(description.toLowerCase());
      return { value, description, mediaIds: [] as string[] };
    });
    return { name, optionType, choices };
  });
}

/** Checks the rules that span fields once the product's final values are known. */
export function checkProductRules(
  product: {
    name: string;
    slug?: string;
    priceMinor: number;
    discount: Discount;
    productType: ProductType;
    giftCard: boolean;
    digitalFiles: DigitalFile[];
    manageVariants: boolean;
    productOptions: ProductOption[];
    subscriptionOptions: SubscriptionOptions | null;
  },
  v: Violations,
): void {
  if (!product.name.trim()) v.add('product.name', 'REQUIRED_FIELD', 'is required');
  if (product.name.length > LIMITS.nameLength)
    v.add('product.name', 'MAX_LENGTH', `must be at most ${LIMITS.nameLength} characters long`);
  if (
    product.slug !== undefined &&
    (!SLUG_PATTERN.test(product.slug) || product.slug.length > LIMITS.slugLength)
  )
    v.add('product.slug', 'FORMAT', 'must be lower-case letters, digits and single hyphens, e.g. "blue-mug"');
  if (product.priceMinor < 0) v.add('product.priceData.price', 'MIN', 'must be at least 0');
  if (product.discount.type === 'AMOUNT' && product.discount.value > product.priceMinor)
    v.add('product.discount.value', 'DECIMAL_LTE', 'must not be more than the price');
  if (product.discount.type === 'PERCENT' && (product.discount.value < 0 || product.discount.value > 10_000))
    v.add('product.discount.value', 'DECIMAL_LTE', 'must be a percentage between 0 and 100');
  if (product.discount.value < 0) v.add('product.discount.value', 'DECIMAL_GTE', 'must be at least 0');
  if (product.giftCard && product.productType !== 'digital')
    v.add('product.productType', 'VALIDATION', 'must be "digital" for a gift card product');
  if (product.digitalFiles.length > 0 && product.productType !== 'digital')
    v.add(
      'product.digitalFiles',
      'FIELD_NOT_ALLOWED',
      'are only for digital products; set productType to "digital"',
    );
  if (product.manageVariants && countCombinations(product.productOptions) > LIMITS.variants)
    v.add(
      'product.productOptions',
      'MAX_SIZE',
      `would make ${countCombinations(product.productOptions)} variants; at most ${LIMITS.variants} are allowed`,
    );
  const plans = product.subscriptionOptions?.subscriptions ?? [];
  plans.forEach((plan, i) => {
    const at = `product.subscriptionOptions.subscriptions[${i}]`;
    if (plan.discount.type === 'PERCENT' && plan.discount.value > 10_000)
      v.add(`${at}.discount.value`, 'DECIMAL_LTE', 'must be a percentage between 0 and 100');
    if (plan.discount.type === 'AMOUNT' && plan.discount.value > product.priceMinor)
      v.add(`${at}.discount.value`, 'DECIMAL_LTE', 'must not be more than the price');
  });
  if (product.subscriptionOptions && plans.length === 0 && !product.subscriptionOptions.oneTimePurchase)
    v.add(
      'product.subscriptionOptions',
      'VALIDATION',
      'must offer a subscription or allow one-time purchase',
    );
}

/** Subscription plans get ids when they have none, so carts can refer to them. */
export function withPlanIds(
  options: SubscriptionOptions | null | undefined,
): SubscriptionOptions | null | undefined {
  if (!options) return options;
  return {
    ...options,
    subscriptions: options.subscriptions.map((plan) => ({ ...plan, id: plan.id || uuidv7() })),
  };
}
