import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import { LIMITS, type ProductOption, type ProductRecord } from '../catalog.types.js';
import { productEvent } from '../catalog-events.service.js';
import { resolveMediaRefs } from '../catalog-media.service.js';
import { products } from '../products.schema.js';
import type { ProductView } from './product.rules.js';
import { viewProduct } from './product.rules.js';
import type { MediaRef } from './product-input.rules.js';
import { attachChoiceMedia } from './product-refs.service.js';
import { lockProduct, reload, updateProduct, type WriteContext } from './product-write.service.js';

/*
 * The small product edits of spec §7 "Catalog write": media, choice media, options, brand, ribbon.
 * Each runs under the product's row lock and records `catalog.product.changed`.
 */

type ProductChanges = Partial<Pick<typeof products.$inferInsert, 'media' | 'productOptions'>>;

async function changeProduct(
  db: DbOrTx,
  id: string,
  ctx: WriteContext,
  changedFields: string[],
  mutate: (current: ProductRecord, v: Violations, tx: Tx) => Promise<ProductChanges> | ProductChanges,
): Promise<ProductView> {
  return db.transaction(async (tx) => {
    const current = await lockProduct(tx, id);
    const v = new Violations();
    const changes = await mutate(current, v, tx);
    v.throwIfAny();
    await tx
      .update(products)
      .set({ ...changes, lastUpdated: ctx.now ?? new Date() })
      .where(eq(products.id, id));
    const record = await reload(tx, id);
    await productEvent(tx, 'changed', record, ctx.actor, changedFields);
    return viewProduct(record);
  });
}

function cloneOptions(options: readonly ProductOption[]): ProductOption[] {
  return options.map((option) => ({
    ...option,
    choices: option.choices.map((choice) => ({ ...choice, mediaIds: [...choice.mediaIds] })),
  }));
}

/** Appends media (library files or URLs); items already on the product are not added twice. */
export function addProductMedia(db: DbOrTx, id: string, refs: MediaRef[], ctx: WriteContext) {
  return changeProduct(db, id, ctx, ['media'], async (current, v, tx) => {
    const items = await resolveMediaRefs(tx, refs, v, 'media');
    const options = cloneOptions(current.productOptions);
    attachChoiceMedia(options, refs, items, v);
    const known = new Set(current.media.map((item) => item.id));
    const media = [...current.media, ...items.filter((item) => !known.has(item.id))];
    if (media.length > LIMITS.mediaPerProduct)
      v.add(
        'media',
        'MAX_SIZE',
        `would give the product ${media.length} media items; at most ${LIMITS.mediaPerProduct} are allowed`,
      );
    return { media, productOptions: options };
  });
}

/** Removes media items (all of them when `mediaIds` is empty), also from the choices that showed them. */
export function removeProductMedia(db: DbOrTx, id: string, mediaIds: string[], ctx: WriteContext) {
  return changeProduct(db, id, ctx, ['media'], (current) => {
    const remove = (mediaId: string) => mediaIds.length === 0 || mediaIds.includes(mediaId);
    const options = cloneOptions(current.productOptions);
    for (const option of options) {
      for (const choice of option.choices) choice.mediaIds = choice.mediaIds.filter((m) => !remove(m));
    }
    return { media: current.media.filter((item) => !remove(item.id)), productOptions: options };
  });
}

export interface ChoiceMediaAssignment {
  option: string;
  choice: string;
  mediaIds?: string[];
}

/**
 * Shows product media items for option choices. As in the protocol, only the choices of one option may
 * have media (e.g. colours, not also sizes).
 */
export function addChoiceMedia(
  db: DbOrTx,
  id: string,
  assignments: ChoiceMediaAssignment[],
  ctx: WriteContext,
) {
  return changeProduct(db, id, ctx, ['productOptions'], (current, v) => {
    const options = cloneOptions(current.productOptions);
    const mediaIds = new Set(current.media.map((item) => item.id));
    assignments.forEach((assignment, index) => {
      const at = `media[${index}]`;
      const choice = findChoice(options, assignment, v, at);
      if (!choice) return;
      (assignment.mediaIds ?? []).forEach((mediaId, j) => {
        if (!mediaIds.has(mediaId))
          v.add(`${at}.mediaIds[${j}]`, 'VALIDATION', 'is not a media item of this product; add it first');
        else if (!choice.mediaIds.includes(mediaId)) choice.mediaIds.push(mediaId);
      });
    });
    const withMedia = options.filter((option) => option.choices.some((choice) => choice.mediaIds.length > 0));
    if (withMedia.length > 1) {
      v.add(
        'media',
        'VALIDATION',
        `only the choices of one option may have media; ${withMedia.map((o) => `"${o.name}"`).join(' and ')} both would`,
      );
    }
    return { productOptions: options };
  });
}

/** Removes media from choices (all of a choice's media when `mediaIds` is empty). */
export function removeChoiceMedia(
  db: DbOrTx,
  id: string,
  assignments: ChoiceMediaAssignment[],
  ctx: WriteContext,
) {
  return changeProduct(db, id, ctx, ['productOptions'], (current, v) => {
    const options = cloneOptions(current.productOptions);
    assignments.forEach((assignment, index) => {
      const choice = findChoice(options, assignment, v, `media[${index}]`);
      if (!choice) return;
      const remove = assignment.mediaIds ?? [];
      choice.mediaIds = remove.length === 0 ? [] : choice.mediaIds.filter((m) => !remove.includes(m));
    });
    return { productOptions: options };
  });
}

function findChoice(options: ProductOption[], assignment: ChoiceMediaAssignment, v: Violations, at: string) {
  const option = options.find((o) => o.name === assignment.option);
  if (!option) {
    v.add(`${at}.option`, 'VALIDATION', `is not an option of this product`);
    return undefined;
  }
  const choice = option.choices.find(
    (c) => c.description === assignment.choice || c.value === assignment.choice,
  );
  if (!choice) v.add(`${at}.choice`, 'VALIDATION', `is not a choice of option "${option.name}"`);
  return choice;
}

/** Deletes all options: the product goes back to one default variant (keeping the combined stock). */
export function deleteProductOptions(db: DbOrTx, id: string, ctx: WriteContext) {
  return updateProduct(db, id, { productOptions: [], manageVariants: false }, ctx);
}

export function removeBrand(db: DbOrTx, id: string, ctx: WriteContext) {
  return updateProduct(db, id, { brand: null }, ctx);
}

export function removeRibbon(db: DbOrTx, id: string, ctx: WriteContext) {
  return updateProduct(db, id, { ribbon: null }, ctx);
}

export function assertManagesVariants(product: ProductRecord): void {
  if (!product.manageVariants || product.productOptions.length === 0) {
    throw new AppError('PRODUCT_VARIANTS_NOT_MANAGED', 'Product does not manage variants', {
      status: 400,
      description:
        'This product has no managed variants. Update the product with manageVariants: true and productOptions first, or set its price, weight and stock on the product itself.',
      data: { productId: product.id },
    });
  }
}
