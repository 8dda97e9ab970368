import { eq, inArray, like, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../http/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { escapeLike } from '../../lib/query-filter.js';
import type { EventActor } from '../events/events.service.js';
import type { CatalogMediaItem, ProductOption, ProductRecord, VariantRecord } from './catalog.types.js';
import { productEvent, variantsChangedEvent } from './catalog-events.js';
import { resolveMediaRefs } from './catalog-media.js';
import { collections } from './collections.schema.js';
import {
  checkProductRules,
  cleanText,
  type MediaRef,
  normalizeOptions,
  type ProductInput,
  Violations,
  withPlanIds,
} from './product-input.js';
import { dedupeSlug, type ProductView, slugify, viewProduct } from './product-model.js';
import { loadProductRecords } from './product-rows.js';
import { products, productVariants } from './products.schema.js';
import { applyVariantInputs, buildVariants, stockFromInput } from './variant-build.js';

export interface WriteContext {
  actor: EventActor;
  /** Store currency: new products are priced in it. */
  currency: string;
  now?: Date;
}

/** Creates a product with its variants (ADR 005) and records `catalog.product.created`. */
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
    applyVariantInputs(variants, options, input.variants ?? [], v, 'product.variants');
    v.throwIfAny();

    const id = input.id ?? uuidv7();
    const now = ctx.now ?? new Date();
    await insertWithUniqueSlug(tx, input.slug ?? slugify(fields.name), input.slug !== undefined, (slug) => ({
      id,
      name: fields.name,
      slug,
      description: input.description ?? '',
      productType,
      visible: input.visible ?? true,
      sku: cleanText(input.sku) ?? null,
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
    if (input.variants) {
      applyVariantInputs(variants, options, input.variants, v, 'product.variants');
      variantsChanged = true;
    }
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
        ...(input.sku !== undefined ? { sku: cleanText(input.sku) ?? null } : {}),
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

/** Media refs with a `choice` also show for that option choice. */
export function attachChoiceMedia(
  options: ProductOption[],
  refs: readonly MediaRef[],
  items: readonly CatalogMediaItem[],
  v: Violations,
): void {
  let itemIndex = 0;
  refs.forEach((ref, index) => {
    const item = items[itemIndex];
    if (ref.mediaId || ref.url) itemIndex += 1;
    if (!ref.choice || !item) return;
    const option = options.find((o) => o.name === ref.choice?.option);
    const choice = option?.choices.find(
      (c) => c.description === ref.choice?.choice || c.value === ref.choice?.choice,
    );
    if (!choice) {
      v.add(`product.media[${index}].choice`, 'VALIDATION', 'is not an option choice of this product');
      return;
    }
    if (!choice.mediaIds.includes(item.id)) choice.mediaIds.push(item.id);
  });
}

/** Collection ids (or slugs, for imports) that exist, in the order given, without repeats. */
export async function resolveCollectionIds(
  tx: DbOrTx,
  refs: readonly string[],
  v: Violations,
): Promise<string[]> {
  if (refs.length === 0) return [];
  const rows = await tx
    .select({ id: collections.id, slug: collections.slug })
    .from(collections)
    .where(or(inArray(collections.id, [...refs]), inArray(collections.slug, [...refs])));
  const ids: string[] = [];
  refs.forEach((ref, index) => {
    const row = rows.find((r) => r.id === ref) ?? rows.find((r) => r.slug === ref);
    if (!row) v.add(`product.collectionIds[${index}]`, 'VALIDATION', 'is not the id of a collection');
    else if (!ids.includes(row.id)) ids.push(row.id);
  });
  return ids;
}

/**
 * Inserts with the first free slug among `base`, `base-2`, … A concurrent insert that takes the same
 * slug makes the unique index fail inside a savepoint; the next candidate is tried. A slug the
 * merchant chose is never changed: taking it twice is a 409.
 */
async function insertWithUniqueSlug(
  tx: Tx,
  base: string,
  explicit: boolean,
  values: (slug: string) => typeof products.$inferInsert,
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await takenSlugs(tx, base);
    if (explicit && taken.has(base)) throw slugTaken(base);
    const slug = dedupeSlug(base, taken);
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.insert(products).values(values(slug));
      });
      return;
    } catch (error) {
      if (!isUniqueViolation(error, 'products_slug_idx')) throw error;
      if (explicit) throw slugTaken(base);
    }
  }
  throw new AppError('CONFLICT', 'Could not find a free slug', {
    status: 409,
    description: 'Many products with this name are being created at once. Retry, or choose a slug.',
  });
}

async function takenSlugs(tx: DbOrTx, base: string): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), like(products.slug, `${escapeLike(base)}-%`)));
  return new Set(rows.map((row) => row.slug));
}

async function assertSlugFree(tx: Tx, slug: string, ownId: string): Promise<void> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  if (row && row.id !== ownId) throw slugTaken(slug);
}

function slugTaken(slug: string): AppError {
  return new AppError('PRODUCT_SLUG_ALREADY_EXISTS', 'Slug already in use', {
    status: 409,
    description: `Another product has the slug "${slug}". Choose another slug, or leave it out to have one generated.`,
    data: { slug },
  });
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string; message?: string };
    if (candidate.code === '23505') {
      return (
        constraint === undefined ||
        candidate.constraint === constraint ||
        Boolean(candidate.message?.includes(constraint))
      );
    }
  }
  return false;
}
