import type { Static } from 'typebox';
import { compileContract } from '../../../lib/http/contract.js';
import { ValidationFailed, type ViolatedRule } from '../../../lib/http/errors.js';
import { nonFiniteRefusal, nonFiniteSpelling } from '../../../lib/http/wire.js';
import { toDecimalString, toMinorUnits } from '../../../lib/money.js';
import { LIMITS } from '../catalog.types.js';
import { ProductV3, V3_PRODUCT_KEYS } from './products-v3.contract.js';
import type { ProductWrite } from './products-write.contract.js';
import { CreateProductRequest, UpdateProductRequest } from './products-write.contract.js';

/*
 * Catalog v3 products on the write proxy (`/v2/products-platformized`) and on `/stores/v3/products`,
 * where the public `productsV3` module (@wix/auto_sdk_stores_products-v-3) sends them: prices live on
 * variants as decimal strings (`variantsInfo.variants[].price.actualPrice.amount`), options carry their
 * choices under `choicesSettings`, brand and ribbon are objects. They are mapped onto the v1 write shape
 * our services take (this file), and answered in the v3 shape the module reads (product-v3-reply.mapper.ts). What our model cannot hold is
 * refused by name (FIELD_NOT_ALLOWED), never dropped.
 */

type V3Write = Static<typeof ProductV3>;
type V1Write = Partial<ProductWrite> & Record<string, unknown>;
type Violation = { field: string; description: string; violatedRule: ViolatedRule };

/** Fields only catalog v3 products have: a body with any of them is read as a v3 product. */
const V3_MARKERS = [
  'variantsInfo',
  'options',
  'physicalProperties',
  'plainDescription',
  'revision',
  'directCategoriesInfo',
  'infoSections',
  'modifiers',
  'actualPriceRange',
  'compareAtPriceRange',
  'variantSummary',
  'subscriptionDetails',
  'taxGroupId',
] as const;

/** Whether a product body is catalog v3 (else it is read as catalog v1, as on `/stores/v1/products`). */
export function isV3Product(product: unknown): boolean {
  if (product === null || typeof product !== 'object') return false;
  const record = product as Record<string, unknown>;
  if (V3_MARKERS.some((key) => Object.hasOwn(record, key))) return true;
  if (typeof record.productType === 'string' && /^[A-Z_]+$/.test(record.productType)) return true;
  return [record.brand, record.ribbon].some((value) => value !== null && typeof value === 'object');
}

const checkCreateV1 = compileContract(CreateProductRequest);
const checkUpdateV1 = compileContract(UpdateProductRequest);
const checkV3 = compileContract(ProductV3, 'product');

/**
 * A write-proxy body as the v1 product our services take, and the shape to answer in. A v1 body is
 * checked against the v1 contract exactly as on `/stores/v1/products`.
 */
export function proxyProductIn(
  body: { product?: unknown },
  mode: 'create' | 'update',
  currency: string,
  only?: 'v3',
): { shape: 'v1' | 'v3'; product: V1Write } {
  if (only === 'v3' || isV3Product(body.product))
    return { shape: 'v3', product: v3ProductIn(body.product, mode, currency) };
  const checked = (mode === 'create' ? checkCreateV1 : checkUpdateV1)(body);
  if (!checked.ok) throw new ValidationFailed(checked.violations);
  return { shape: 'v1', product: checked.value.product as V1Write };
}

/** A catalog v3 product body as a v1 write, or a 400 naming every field that cannot be kept. */
export function v3ProductIn(raw: unknown, mode: 'create' | 'update', currency: string): V1Write {
  const checked = checkV3(raw);
  if (!checked.ok) throw new ValidationFailed(checked.violations);
  const product = checked.value;
  const refused: Violation[] = [];
  const refuse = (
    field: string,
    description: string,
    violatedRule: Violation['violatedRule'] = 'FIELD_NOT_ALLOWED',
  ) => refused.push({ field: `product.${field}`, description, violatedRule });
  if (mode === 'create' && !product.name) refuse('name', 'is required', 'REQUIRED_FIELD');

  for (const key of Object.keys(product)) {
    if (!V3_PRODUCT_KEYS.has(key))
      refuse(key, 'is not a catalog v3 product field (a v1 field cannot be mixed into a v3 product)');
  }
  const unsupported: [keyof V3Write, string][] = [
    ['description', 'rich content is not stored here: send the text as plainDescription (HTML)'],
    ['taxGroupId', 'tax groups are not set per product here'],
    ['subscriptionDetails', 'subscriptions are set with subscriptionOptions on the v1 product'],
    ['purchaseEligibility', 'purchase eligibility is not supported'],
    ['extendedFields', 'extended fields are not supported'],
    ['tags', 'product tags are not supported'],
    ['handle', 'handles are not supported: the slug identifies a product'],
  ];
  for (const [key, why] of unsupported) if (product[key] !== undefined) refuse(key, why);
  if (product.additionalRibbons?.length) refuse('additionalRibbons', 'a product has one ribbon here');
  if (product.visibleInPos) refuse('visibleInPos', 'there is no point of sale here');
  for (const key of ['pricePerUnit', 'fulfillerId', 'deliveryProfileId'] as const)
    if (product.physicalProperties?.[key] !== undefined)
      refuse(`physicalProperties.${key}`, 'is not supported on catalog v3 products here');
  if (product.brand && product.brand.name === undefined && product.brand.id)
    refuse('brand.id', 'brands are kept by name here: send brand.name');
  if (product.ribbon && product.ribbon.name === undefined && product.ribbon.id)
    refuse('ribbon.id', 'ribbons are kept by name here: send ribbon.name');

  const out: V1Write = {};
  if (product.name !== undefined && product.name !== null) out.name = product.name;
  if (product.slug) out.slug = product.slug;
  if (product.plainDescription !== undefined && product.plainDescription !== null)
    out.description = product.plainDescription;
  if (product.visible !== undefined && product.visible !== null) out.visible = product.visible;
  if (product.productType === 'PHYSICAL') out.productType = 'physical';
  if (product.productType === 'DIGITAL') out.productType = 'digital';
  if (product.brand !== undefined) out.brand = product.brand?.name ?? null;
  if (product.ribbon !== undefined) out.ribbon = product.ribbon?.name ?? null;
  if (product.seoData !== undefined) out.seoData = product.seoData;
  if (product.media) {
    const items = [
      ...(product.media.main ? [product.media.main] : []),
      ...(product.media.itemsInfo?.items ?? []),
    ];
    const seen = new Set<string>();
    out.media = [];
    for (const item of items) {
      const key = item.id ?? item.url ?? '';
      if (seen.has(key)) continue;
      seen.add(key);
      out.media.push({
        // Both, as the v1 read shape does: an echoed item's id is ours, not a library file's, and its
        // url then stands (catalog-media.service.ts).
        ...(item.id ? { mediaId: item.id } : {}),
        ...(item.url ? { url: item.url } : {}),
        ...(item.altText ? { altText: item.altText } : {}),
        ...(item.displayName ? { title: item.displayName } : {}),
      });
    }
    product.media.itemsInfo?.items?.forEach((item, i) => {
      if (!item.id && !item.url)
        refuse(`media.itemsInfo.items[${i}]`, 'needs an id (media library) or a url');
    });
  }
  if (product.directCategoriesInfo?.categories) {
    // Categories are v3's collections: their ids (or slugs) name our collections.
    out.collectionIds = product.directCategoriesInfo.categories.map((category) => category.id);
  }
  if (product.infoSections) {
    out.additionalInfoSections = product.infoSections.flatMap((section, i) => {
      if (section.title !== undefined && section.plainDescription !== undefined)
        return [{ title: section.title, description: section.plainDescription }];
      refuse(`infoSections[${i}]`, 'info sections are kept by content here: send title and plainDescription');
      return [];
    });
  }
  if (product.modifiers) {
    out.customTextFields = product.modifiers.flatMap((modifier, i) => {
      if (modifier.modifierRenderType === 'FREE_TEXT' && modifier.freeTextSettings) {
        return [
          {
            title: modifier.freeTextSettings.title ?? '',
            maxLength: modifier.freeTextSettings.maxCharCount ?? 500,
            mandatory: modifier.mandatory ?? false,
          },
        ];
      }
      refuse(`modifiers[${i}]`, 'only FREE_TEXT modifiers (custom text fields) are supported here');
      return [];
    });
  }
  if (product.options) {
    out.productOptions = product.options.map((option, i) => {
      const swatch = option.optionRenderType === 'SWATCH_CHOICES';
      return {
        name: option.name,
        ...(swatch ? { optionType: 'color' as const } : {}),
        choices: (option.choicesSettings.choices ?? []).map((choice, j) => {
          const at = `options[${i}].choicesSettings.choices[${j}]`;
          if (choice.choiceType === 'IMAGE' || choice.choiceType === 'MULTIPLE_COLORS')
            refuse(`${at}.choiceType`, 'only CHOICE_TEXT and ONE_COLOR choices are supported here');
          if (choice.linkedMedia?.length)
            refuse(`${at}.linkedMedia`, 'set choice media with PATCH products/{id}/choices/media');
          return swatch || choice.colorCode
            ? { value: choice.colorCode ?? choice.name, description: choice.name }
            : { value: choice.name };
        }),
      };
    });
    out.manageVariants = product.options.length > 0;
  }
  if (product.variantsInfo) variantsIn(product, out, currency, refuse, mode);
  else if (mode === 'create')
    refuse(
      'variantsInfo',
      'is required: a catalog v3 product has at least one variant with its price',
      'REQUIRED_FIELD',
    );

  if (refused.length > 0) throw new ValidationFailed(refused);
  return out;
}

/**
 * v3 prices live on variants (actual price and compare-at price). Ours: a product price and discount,
 * with per-variant price overrides. The product's price is the lowest variant price; a compare-at price
 * is the list price with the difference as the product's discount, so it must be the same amount above
 * the actual price on every variant. Combinations of the options a v3 product does not list are hidden.
 */
function variantsIn(
  product: V3Write,
  out: V1Write,
  currency: string,
  refuse: (field: string, description: string, rule?: Violation['violatedRule']) => void,
  mode: 'create' | 'update',
): void {
  const variants = product.variantsInfo?.variants ?? [];
  // A refused amount is reported once, at its field: the rules across variants below would only repeat it.
  let amountRefused = false;
  const minorAt = (amount: string | undefined, field: string, noun: string): number | undefined => {
    if (amount === undefined) return undefined;
    // "NaN" and "±Infinity" are refused as on a v1 product's price (wire.ts), not as a bad format.
    const spelled = nonFiniteSpelling(amount);
    if (spelled !== undefined) {
      const refusal = nonFiniteRefusal(spelled, amount, { minimum: 0, maximum: 999_999_999.99, noun });
      refuse(field, refusal.error, refusal.rule ?? 'VALIDATION');
      amountRefused = true;
      return undefined;
    }
    const minor = toMinorUnits(amount, currency);
    if (minor === undefined || minor < 0) {
      amountRefused = true;
      refuse(
        field,
        `must be a decimal amount of at least 0 such as "12.50", with at most the decimals ${currency} has`,
        'FORMAT',
      );
    }
    return minor;
  };
  const rows = variants.map((variant, i) => {
    const at = `variantsInfo.variants[${i}]`;
    if (variant.barcode) refuse(`${at}.barcode`, 'barcodes are not supported here');
    if (variant.digitalProperties !== undefined)
      refuse(`${at}.digitalProperties`, 'digital files are set with digitalFiles on the v1 product');
    for (const key of ['pricePerUnit', 'productDimensions', 'packageDimensions'] as const)
      if (variant.physicalProperties?.[key] !== undefined)
        refuse(`${at}.physicalProperties.${key}`, 'is not supported here');
    if (variant.media !== undefined)
      refuse(`${at}.media`, 'set choice media with PATCH products/{id}/choices/media');
    const choices: Record<string, string> = {};
    variant.choices?.forEach((choice, j) => {
      if (choice.optionChoiceNames?.optionName && choice.optionChoiceNames.choiceName)
        choices[choice.optionChoiceNames.optionName] = choice.optionChoiceNames.choiceName;
      else
        refuse(
          `${at}.choices[${j}]`,
          'choices are matched by name here: send optionChoiceNames {optionName, choiceName}',
        );
    });
    const actual = minorAt(variant.price?.actualPrice?.amount, `${at}.price.actualPrice.amount`, 'price');
    const compareAt = minorAt(
      variant.price?.compareAtPrice?.amount,
      `${at}.price.compareAtPrice.amount`,
      'price',
    );
    const cost = minorAt(variant.revenueDetails?.cost?.amount, `${at}.revenueDetails.cost.amount`, 'cost');
    return { variant, choices, actual, compareAt, cost, at };
  });
  if (amountRefused) return;
  const priced = rows.filter((row) => row.actual !== undefined);
  let discount = 0;
  let listPrice: number | undefined;
  if (priced.length > 0) {
    const lowest = Math.min(...priced.map((row) => row.actual as number));
    const discounts = new Set(priced.map((row) => (row.compareAt ?? row.actual ?? 0) - (row.actual ?? 0)));
    const [only] = discounts;
    if (discounts.size !== 1 || only === undefined || only < 0 || priced.length < rows.length)
      refuse(
        'variantsInfo.variants',
        'every variant needs price.actualPrice, and compareAtPrice the same amount above it on every variant (one product-wide discount here)',
      );
    discount = only ?? 0;
    listPrice = lowest + discount;
    out.priceData = { price: toMajor(listPrice, currency) };
    out.discount = discount ? { type: 'AMOUNT', value: toMajor(discount, currency) } : { type: 'NONE' };
  } else if (mode === 'create' || rows.some((row) => row.compareAt !== undefined)) {
    // A create needs prices; an update may leave them as they are.
    refuse(
      'variantsInfo.variants[0].price.actualPrice.amount',
      'is required: the variant price',
      'REQUIRED_FIELD',
    );
    return;
  }
  const major = (minor: number) => toMajor(minor, currency);
  const single = rows.length === 1 && Object.keys(rows[0]?.choices ?? {}).length === 0;
  if (single) {
    // A product without options: its one variant's data is the product's.
    const only = rows[0];
    if (only?.variant.sku !== undefined) out.sku = only.variant.sku;
    if (only?.variant.physicalProperties?.weight !== undefined)
      out.weight = only.variant.physicalProperties.weight;
    if (only?.cost !== undefined) out.costAndProfitData = { itemCost: major(only.cost) };
    return;
  }
  const listed = rows.map((row) => ({
    choices: row.choices,
    variant: {
      // The product's own price clears an override left by an earlier write (null, not "unchanged").
      ...(row.actual !== undefined
        ? { priceData: { price: row.actual + discount === listPrice ? null : major(row.actual + discount) } }
        : {}),
      ...(row.cost !== undefined ? { costAndProfitData: { itemCost: major(row.cost) } } : {}),
      ...(row.variant.physicalProperties?.weight !== undefined
        ? { weight: row.variant.physicalProperties.weight }
        : {}),
      ...(row.variant.sku !== undefined ? { sku: row.variant.sku } : {}),
      visible: row.variant.visible ?? true,
    },
  }));
  const options = (out.productOptions ?? []) as {
    name: string;
    choices: { value: string; description?: string }[];
  }[];
  const unlisted = combinations(options).filter(
    (combo) =>
      !rows.some((row) =>
        Object.entries(combo).every(([name, choice]) => sameChoice(row.choices[name], choice)),
      ),
  );
  const hidden = unlisted.map((combo) => ({
    choices: Object.fromEntries(
      Object.entries(combo).map(([name, choice]) => [name, choice.description ?? choice.value]),
    ),
    variant: { visible: false },
  }));
  out.variants = [...listed, ...hidden];
}

function toMajor(minor: number, currency: string): number {
  return Number(toDecimalString(minor, currency));
}

function sameChoice(sent: string | undefined, choice: { value: string; description?: string }): boolean {
  return sent !== undefined && (sent === choice.value || sent === choice.description);
}

function combinations(
  options: { name: string; choices: { value: string; description?: string }[] }[],
): Record<string, { value: string; description?: string }>[] {
  // More combinations than a product may have is refused by the product rules (LIMITS.variants), with
  // its own violation; building them first would take memory a request must not get (100^6).
  const count = options.reduce((product, option) => product * Math.max(option.choices.length, 1), 1);
  if (count > LIMITS.variants) return [];
  let combos: Record<string, { value: string; description?: string }>[] = [{}];
  for (const option of options)
    combos = combos.flatMap((combo) => option.choices.map((choice) => ({ ...combo, [option.name]: choice })));
  return options.length === 0 ? [] : combos;
}
