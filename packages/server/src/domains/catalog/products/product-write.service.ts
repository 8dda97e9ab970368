import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { notFound } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import { uuidv7 } from '../../../lib/ids.js';
import type { EventActor } from '../../events/index.js';
import type { ProductOption, ProductRecord, VariantRecord } from '../catalog.types.js';
import { productEvent, variantsChangedEvent } from '../catalog-events.service.js';
import { resolveMediaRefs } from '../catalog-media.service.js';
import { products, productVariants } from '../products.schema.js';
import { applyVariantInputs, buildVariants, stockFromInput } from '../variants/variant-build.rules.js';
import { type ProductView, slugify, viewProduct } from './product.rules.js';
import {
  checkProductRules,
  cleanText,
  normalizeOptions,
  type ProductInput,
  withPlanIds,
} from './product-input.rules.js';
import { attachChoiceMedia, resolveCollectionIds } from './product-refs.service.js';
import { loadProductRecords } from './product-rows.service.js';
import { checkSkusFree, type SkuClaim } from './product-skus.service.js';
import { assertSlugFree, insertWithUniqueSlug } from './product-slugs.service.js';

export interface WriteContext {
  actor: EventActor;
  /** Store currency: new products are priced in it. */
  currency: string;
  now?: Date;
}

/** Creates a product with its variants (ADR 012) and records `catalog.product.created`. */
export async function createProduct(
  db: DbOrTx,
  input: ProductInput & { name: string; priceMinor: number; id?: string },
  ctx: WriteContext,
): Promise<ProductView> {
  return db.transaction(async (tx) => {
    const v = new Violations();
    const options = normalizeOptions(input.productOptions ?? [], v);
    const productType = input.productType ?? (input.giftCard ? 'digital' : 'physical');
    const fields = {
      name: input.name.trim(),
      slug: input.slug,
      priceMinor: input.priceMinor,
      discount: input.discount ?? { type: 'NONE' as const, value: 0 },
      productType,
      giftCard: input.giftCard ?? false,
      digitalFiles: input.digitalFiles ?? [],
      manageVariants: input.manageVariants ?? false,
      productOptions: options,
      subscriptionOptions: withPlanIds(input.subscriptionOptions) ?? null,
    };
    checkProductRules(fields, v);
    const media = await resolveMediaRefs(tx, input.media ?? [], v, 'product.media');
    attachChoiceMedia(options, input.media ?? [], media, v);
    const collectionIds = await resolveCollectionIds(tx, input.collectionIds ?? [], v);
    const variants = buildVariants(options, fields.manageVariants, stockFromInput(input.stock));
    const variantSkus = applyVariantInputs(variants, options, input.variants ?? [], v, 'product.variants');
    const id = input.id ?? uuidv7();
    const sku = cleanText(input.sku) ?? null;
    await checkSkusFree(
      tx,
      {
        productId: id,
        sku,
        manageVariants: fields.manageVariants,
        variants,
        ...(sku ? { productClaim: { sku, field: 'product.sku' } } : {}),
        variantClaims: variantSkus,
      },
      v,
    );
    v.throwIfAny();

    const now = ctx.now ?? new Date();
    await insertWithUniqueSlug(tx, input.slug ?? slugify(fields.name), input.slug !== undefined, (slug) => ({
      id,
      name: fields.name,
      slug,
      description: input.description ?? '',
      productType,
      visible: input.visible ?? true,
      sku,
      weight: input.weight ?? null,
      brand: cleanText(input.brand) ?? null,
      ribbon: cleanText(input.ribbon) ?? null,
      currency: ctx.currency,
      priceMinor: input.priceMinor,
      costMinor: input.costMinor ?? null,
      discountType: fields.discount.type,
      discountValue: fields.discount.value,
      pricePerUnit: input.pricePerUnit ?? null,
      manageVariants: fields.manageVariants,
      productOptions: options,
      media,
      collectionIds,
      additionalInfoSections: input.additionalInfoSections ?? [],
      customTextFields: input.customTextFields ?? [],
      seoData: input.seoData ?? null,
      subscriptionOptions: fields.subscriptionOptions,
      digitalFiles: fields.digitalFiles,
      giftCard: fields.giftCard,
      createdDate: now,
      lastUpdated: now,
    }));
    await writeVariants(tx, id, variants, false);
    const record = await reload(tx, id);
    await productEvent(tx, 'created', record, ctx.actor);
    return viewProduct(record);
  });
}

/**
 * Updates the fields present in `input` under a row lock (concurrent updates of one product apply one
 * after the other). Changing options or `manageVariants` regenerates the variants, keeping those whose
 * combination still exists. Records `catalog.product.changed`, and `variants_changed` when they did.
 */
export async function updateProduct(
  db: DbOrTx,
  id: string,
  input: ProductInput,
  ctx: WriteContext,
): Promise<ProductView> {
  return db.transaction(async (tx) => {
    const current = await lockProduct(tx, id);
    const v = new Violations();
    const options = input.productOptions
      ? keepChoiceMedia(normalizeOptions(input.productOptions, v), current.productOptions)
      : current.productOptions;
    const manageVariants = input.manageVariants ?? current.manageVariants;
    const next = {
      name: input.name?.trim() ?? current.name,
      slug: input.slug,
      priceMinor: input.priceMinor ?? current.priceMinor,
      discount: input.discount ?? current.discount,
      productType: input.productType ?? current.productType,
      giftCard: input.giftCard ?? current.giftCard,
      digitalFiles: input.digitalFiles ?? current.digitalFiles,
      manageVariants,
      productOptions: options,
      subscriptionOptions:
        input.subscriptionOptions === undefined
          ? current.subscriptionOptions
          : (withPlanIds(input.subscriptionOptions) ?? null),
    };
    checkProductRules(next, v);
    const media = input.media ? await resolveMediaRefs(tx, input.media, v, 'product.media') : current.media;
    if (input.media) attachChoiceMedia(options, input.media, media, v);
    const collectionIds = input.collectionIds
      ? await resolveCollectionIds(tx, input.collectionIds, v)
      : current.collectionIds;

    let variants = current.variants.map((variant) => ({ ...variant }));
    let variantsChanged = false;
    if (input.productOptions !== undefined || manageVariants !== current.manageVariants) {
      variants = buildVariants(options, manageVariants, collapsedStock(current.variants, input), variants);
      variantsChanged = true;
    }
    if (input.stock) {
      for (const variant of variants) {
        const stock = stockFromInput(
          manageVariants ? { trackInventory: input.stock.trackInventory } : input.stock,
          variant,
        );
        Object.assign(variant, stock);
      }
      variantsChanged = true;
    }
    let variantSkus = new Map<string, SkuClaim>();
    if (input.variants) {
      variantSkus = applyVariantInputs(variants, options, input.variants, v, 'product.variants');
      variantsChanged = true;
    }
    const sku = input.sku !== undefined ? (cleanText(input.sku) ?? null) : current.sku;
    await checkSkusFree(
      tx,
      {
        productId: id,
        sku,
        manageVariants,
        variants,
        ...(input.sku !== undefined && sku ? { productClaim: { sku, field: 'product.sku' } } : {}),
        variantClaims: variantSkus,
      },
      v,
    );
    v.throwIfAny();

    if (input.slug !== undefined && input.slug !== current.slug) await assertSlugFree(tx, input.slug, id);
    const changedFields = Object.keys(input).filter((key) => key !== 'variants');
    await tx
      .update(products)
      .set({
        name: next.name,
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        productType: next.productType,
        ...(input.visible !== undefined ? { visible: input.visible } : {}),
        sku,
        ...(input.weight !== undefined ? { weight: input.weight } : {}),
        ...(input.brand !== undefined ? { brand: cleanText(input.brand) ?? null } : {}),
        ...(input.ribbon !== undefined ? { ribbon: cleanText(input.ribbon) ?? null } : {}),
        priceMinor: next.priceMinor,
        ...(input.costMinor !== undefined ? { costMinor: input.costMinor } : {}),
        discountType: next.discount.type,
        discountValue: next.discount.value,
        ...(input.pricePerUnit !== undefined ? { pricePerUnit: input.pricePerUnit } : {}),
        manageVariants,
        productOptions: options,
        media,
        collectionIds,
        ...(input.additionalInfoSections ? { additionalInfoSections: input.additionalInfoSections } : {}),
        ...(input.customTextFields ? { customTextFields: input.customTextFields } : {}),
        ...(input.seoData !== undefined ? { seoData: input.seoData } : {}),
        subscriptionOptions: next.subscriptionOptions,
        digitalFiles: next.digitalFiles,
        giftCard: next.giftCard,
        lastUpdated: ctx.now ?? new Date(),
      })
      .where(eq(products.id, id));
    if (variantsChanged) await writeVariants(tx, id, variants, true);
    const record = await reload(tx, id);
    await productEvent(tx, 'changed', record, ctx.actor, changedFields);
    if (variantsChanged) await variantsChangedEvent(tx, id, record.variants, ['variants'], ctx.actor);
    return viewProduct(record);
  });
}

export async function deleteProduct(db: DbOrTx, id: string, ctx: WriteContext): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockProduct(tx, id);
    await tx.delete(products).where(eq(products.id, id));
    await productEvent(tx, 'deleted', current, ctx.actor);
  });
}

/** The product row locked for update (FOR UPDATE), with its variants; 404 when it does not exist. */
export async function lockProduct(tx: Tx, id: string): Promise<ProductRecord> {
  const [record] = await loadProductRecords(tx, eq(products.id, id), { lock: true });
  if (!record) throw notFound('Product', id);
  return record;
}

export async function reload(tx: DbOrTx, id: string): Promise<ProductRecord> {
  const [record] = await loadProductRecords(tx, eq(products.id, id));
  if (!record) throw notFound('Product', id);
  return record;
}

/** Replaces a product's variants with `variants` (ids kept, so carts referring to them still work). */
export async function writeVariants(tx: Tx, productId: string, variants: VariantRecord[], replace: boolean) {
  if (replace) await tx.delete(productVariants).where(eq(productVariants.productId, productId));
  if (variants.length === 0) return;
  await tx.insert(productVariants).values(variants.map((variant) => ({ productId, ...variant })));
}

/** When variants collapse into the default one, it keeps the combined stock. */
function collapsedStock(variants: readonly VariantRecord[], input: ProductInput) {
  const tracked = variants.length > 0 && variants.every((variant) => variant.trackQuantity);
  return stockFromInput(input.stock, {
    trackQuantity: tracked,
    quantity: tracked ? variants.reduce((sum, variant) => sum + (variant.quantity ?? 0), 0) : null,
    inStock: variants.some((variant) => variant.inStock),
  });
}

/** New options keep the media their choices had (matched by option and choice name). */
function keepChoiceMedia(options: ProductOption[], previous: readonly ProductOption[]): ProductOption[] {
  return options.map((option) => {
    const before = previous.find((o) => o.name === option.name);
    return {
      ...option,
      choices: option.choices.map((choice) => ({
        ...choice,
        mediaIds: before?.choices.find((c) => c.description === choice.description)?.mediaIds ?? [],
      })),
    };
  });
}
