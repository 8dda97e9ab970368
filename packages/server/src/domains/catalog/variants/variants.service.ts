import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import { type Paging, resolvePaging } from '../../../lib/paging.js';
import type { CatalogMediaItem } from '../catalog.types.js';
import { variantsChangedEvent } from '../catalog-events.service.js';
import {
  choiceAvailability,
  matchesChoices,
  normalizeSelection,
  type ProductView,
  type VariantView,
  viewProduct,
} from '../products/product.rules.js';
import { assertManagesVariants } from '../products/product-edits.service.js';
import type { VariantInput } from '../products/product-input.rules.js';
import { getProduct } from '../products/product-read.service.js';
import { checkSkusFree } from '../products/product-skus.service.js';
import { lockProduct, reload, type WriteContext, writeVariants } from '../products/product-write.service.js';
import { products } from '../products.schema.js';
import { applyVariantInputs } from './variant-build.rules.js';

/** Updates managed variants (price, cost, weight, SKU, visibility, stock) selected by choices or ids. */
export async function updateVariants(
  db: DbOrTx,
  productId: string,
  overrides: VariantInput[],
  ctx: WriteContext,
): Promise<ProductView> {
  return db.transaction(async (tx) => {
    const current = await lockProduct(tx, productId);
    assertManagesVariants(current);
    const v = new Violations();
    const variants = current.variants.map((variant) => ({ ...variant }));
    const skus = applyVariantInputs(variants, current.productOptions, overrides, v, 'variants');
    await checkSkusFree(
      tx,
      {
        productId,
        sku: current.sku,
        manageVariants: current.manageVariants,
        variants,
        variantClaims: skus,
      },
      v,
    );
    v.throwIfAny();
    await writeVariants(tx, productId, variants, true);
    await tx
      .update(products)
      .set({ lastUpdated: ctx.now ?? new Date() })
      .where(eq(products.id, productId));
    const record = await reload(tx, productId);
    const fields = [
      ...new Set(
        overrides.flatMap((o) => Object.keys(o).filter((k) => k !== 'choices' && k !== 'variantIds')),
      ),
    ];
    await variantsChangedEvent(tx, productId, record.variants, fields, ctx.actor);
    return viewProduct(record);
  });
}

/** Clears every variant override (price, cost, weight, SKU, visibility); stock is kept. */
export async function resetVariants(db: DbOrTx, productId: string, ctx: WriteContext): Promise<ProductView> {
  return db.transaction(async (tx) => {
    const current = await lockProduct(tx, productId);
    const variants = current.variants.map((variant) => ({
      ...variant,
      priceMinor: null,
      costMinor: null,
      weight: null,
      sku: null,
      visible: true,
    }));
    await writeVariants(tx, productId, variants, true);
    await tx
      .update(products)
      .set({ lastUpdated: ctx.now ?? new Date() })
      .where(eq(products.id, productId));
    const record = await reload(tx, productId);
    await variantsChangedEvent(
      tx,
      productId,
      record.variants,
      ['priceData', 'costAndProfitData', 'weight', 'sku', 'visible'],
      ctx.actor,
    );
    return viewProduct(record);
  });
}

/** A product's variants matching (partial) choices or ids, one page of them. */
export async function queryProductVariants(
  db: DbOrTx,
  input: {
    productId: string;
    choices?: Record<string, string>;
    variantIds?: string[];
    paging?: { limit?: number; offset?: number };
    includeHidden: boolean;
  },
): Promise<{ product: ProductView; variants: VariantView[]; total: number; paging: Paging }> {
  const product = await getProduct(db, { id: input.productId, includeHidden: input.includeHidden });
  const paging = resolvePaging(input.paging);
  let matching = product.variants;
  if (input.variantIds && input.variantIds.length > 0) {
    const ids = new Set(input.variantIds);
    matching = matching.filter((variant) => ids.has(variant.record.id));
  } else if (input.choices && Object.keys(input.choices).length > 0) {
    const { choices, unknown } = normalizeSelection(product.record.productOptions, input.choices);
    if (unknown.length > 0) {
      throw invalidField(
        `choices.${unknown[0]}`,
        'VALIDATION',
        'is not an option (or choice) of this product',
      );
    }
    matching = matching.filter((variant) => matchesChoices(variant.record.choices, choices));
  }
  return {
    product,
    variants: matching.slice(paging.offset, paging.offset + paging.limit),
    total: matching.length,
    paging,
  };
}

export interface OptionsAvailability {
  product: ProductView;
  /** The variant the selection identifies: all options chosen (or a product without options). */
  selectedVariant?: VariantView;
  choices: ReturnType<typeof choiceAvailability>;
  media: CatalogMediaItem[];
  availableForPurchase: boolean;
}

/**
 * What a shopper's partial selection allows (storefront option pickers): each choice's availability
 * given the other selected choices, the variant once every option is chosen, and its media.
 */
export async function productOptionsAvailability(
  db: DbOrTx,
  input: { productId: string; options: Record<string, string>; includeHidden: boolean },
): Promise<OptionsAvailability> {
  const product = await getProduct(db, { id: input.productId, includeHidden: input.includeHidden });
  const options = product.record.productOptions;
  const { choices, unknown } = normalizeSelection(options, input.options);
  if (unknown.length > 0) {
    throw invalidField(
      `options.${unknown[0]}`,
      'VALIDATION',
      'is not an option (or choice) of this product',
      {
        options: options.map((o) => ({ name: o.name, choices: o.choices.map((c) => c.description) })),
      },
    );
  }
  const complete = options.every((option) => choices[option.name] !== undefined);
  const managed = product.record.manageVariants && options.length > 0;
  const selectedVariant = complete
    ? managed
      ? product.variants.find((variant) => matchesChoices(variant.record.choices, choices))
      : product.variants[0]
    : undefined;
  const mediaIds = new Set(
    options.flatMap((option) =>
      option.choices
        .filter((choice) => choices[option.name] === choice.description)
        .flatMap((c) => c.mediaIds),
    ),
  );
  const choiceMedia = product.record.media.filter((item) => mediaIds.has(item.id));
  return {
    product,
    selectedVariant,
    choices: choiceAvailability(options, product.variants, choices),
    media: choiceMedia.length > 0 ? choiceMedia : product.record.media,
    availableForPurchase: Boolean(selectedVariant?.record.visible && selectedVariant.inStock),
  };
}

/** Store variant ids are `{productId}-{variantId}`; variant ids are UUIDs (36 characters). */
export function parseStoreVariantId(id: string): { productId: string; variantId: string } {
  if (id.length < 38 || id[id.length - 37] !== '-') {
    throw new AppError('VARIANT_NOT_FOUND', 'Variant not found', {
      status: 404,
      description: `"${id}" is not a store variant id; they look like {productId}-{variantId}.`,
      data: { variantId: id },
    });
  }
  return { productId: id.slice(0, -37), variantId: id.slice(-36) };
}

export function variantName(view: ProductView, variant: VariantView): string {
  const values = Object.values(variant.record.choices);
  return values.length > 0 ? values.join(' / ') : view.record.name;
}

/** The media shown for a variant: its choices' media, else the product's main media. */
export function variantMedia(view: ProductView, variant: VariantView): CatalogMediaItem | undefined {
  for (const option of view.record.productOptions) {
    const choice = option.choices.find((c) => c.description === variant.record.choices[option.name]);
    const mediaId = choice?.mediaIds[0];
    const item = mediaId ? view.record.media.find((m) => m.id === mediaId) : undefined;
    if (item) return item;
  }
  return view.record.media[0];
}

export const storeVariantIdSql = sql`product_variants.product_id || '-' || product_variants.id`;
