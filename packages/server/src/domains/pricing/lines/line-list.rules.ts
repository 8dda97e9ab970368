import { type FieldViolation, invalidField } from '../../../lib/http/errors.js';
import { Violations } from '../../../lib/http/violations.js';
import { uuidv7 } from '../../../lib/ids.js';
import type { CatalogItemRef, ResolvedCatalogItem } from '../../catalog/index.js';
import { findChoice, findCustomTextField, findOption } from '../../catalog/index.js';
import type { MembershipPlan } from '../../store-setup/index.js';
import type { CatalogReference, StoredLine } from './line.types.js';
import { PAID_PLANS_APP_ID, STORES_APP_ID, STORES_APP_IDS } from './line.types.js';
import { extrasKey, type LineExtras, storedExtras } from './line-extras.mapper.js';
import {
  checkPlanLines,
  isPlanReference,
  planQuantityViolation,
  planRequestViolations,
} from './plan-lines.rules.js';

/*
 * Pure rules for changing a list of lines (carts and checkouts): adding catalog items (the same item
 * merges into its line), custom lines, quantity changes, removals. Database work is the caller's.
 */

export const MAX_QUANTITY = 99_999;
export const MAX_LINES = 300;

export interface CatalogLineRequest {
  catalogReference: CatalogReference;
  quantity: number;
  /** serviceProperties, subscription start date, merchant overrides (line-extras.mapper.ts). */
  extras?: LineExtras;
}

/** The catalog reference of a requested line: variant id, or option choices (`options.options`). */
export function refOfRequest(reference: CatalogReference): CatalogItemRef {
  const options = reference.options ?? {};
  const variantId = typeof options.variantId === 'string' ? options.variantId : undefined;
  const choices = options.options;
  return {
    productId: reference.catalogItemId,
    ...(variantId ? { variantId } : {}),
    ...(!variantId && choices && typeof choices === 'object' && !Array.isArray(choices)
      ? {
          options: Object.fromEntries(
            Object.entries(choices as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          ),
        }
      : {}),
  };
}

/**
 * What a reference's `options` name, checked against the product (the request's schema has already
 * bounded their keys and sizes, wire/common.contract.ts): every choice in `options.options` must be one
 * of the product's options and one of its choices, every `customTextFields` entry one of the product's
 * custom text fields, within that field's length. Nothing else the product does not define is kept on
 * the line (one visitor stored 880 KB in one line before the keys were checked).
 */
export function optionViolations(
  reference: CatalogReference,
  definitions: NonNullable<ResolvedCatalogItem['definitions']>,
  at: string,
): FieldViolation[] {
  const violations = new Violations();
  const product = `product "${definitions.productName}"`;
  const choices = reference.options?.options;
  if (choices && typeof choices === 'object') {
    for (const [name, wanted] of Object.entries(choices as Record<string, unknown>)) {
      const field = `${at}.options.options.${name}`;
      const option = findOption(definitions.options, name);
      if (!option) {
        violations.push({
          field,
          violatedRule: 'FIELD_NOT_ALLOWED',
          description:
            definitions.options.length > 0
              ? `is not an option of ${product}; use one of: ${definitions.options.map((o) => o.name).join(', ')}`
              : `is not an option: ${product} has no options; remove options.options`,
        });
      } else if (!findChoice(option, String(wanted))) {
        violations.push({
          field,
          violatedRule: 'INVALID_ENUM_VALUE',
          description: `must be one of the choices of "${option.name}": ${option.choices.map((c) => c.description).join(', ')}`,
          data: { allowedValues: option.choices.map((c) => c.description) },
        });
      }
    }
  }
  const texts = reference.options?.customTextFields;
  if (texts && typeof texts === 'object') {
    for (const [title, text] of Object.entries(texts as Record<string, unknown>)) {
      const field = `${at}.options.customTextFields.${title}`;
      const definition = findCustomTextField(definitions.customTextFields, title);
      if (!definition) {
        violations.push({
          field,
          violatedRule: 'FIELD_NOT_ALLOWED',
          description:
            definitions.customTextFields.length > 0
              ? `is not a custom text field of ${product}; use one of: ${definitions.customTextFields.map((f) => f.title).join(', ')}`
              : `is not a custom text field: ${product} takes no custom text; remove options.customTextFields`,
        });
      } else if (String(text).length > definition.maxLength) {
        violations.push({
          field,
          violatedRule: 'MAX_LENGTH',
          description: `must be at most ${definition.maxLength} characters long (the limit ${product} sets for "${definition.title}")`,
          data: { threshold: definition.maxLength },
        });
      }
    }
  }
  return violations.list;
}

/** The custom text of a line as a merge key: the same item with other text is another line. */
function customTextKey(reference: CatalogReference | undefined): string {
  const texts = reference?.options?.customTextFields;
  if (!texts || typeof texts !== 'object') return '';
  const entries = Object.entries(texts as Record<string, unknown>).filter(([, text]) => text !== '');
  return entries.length > 0 ? JSON.stringify(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : '';
}

/** `catalogReference.options.subscriptionOptionId`: buy the item as that subscription plan. */
export function subscriptionPlanOf(reference: CatalogReference): string | undefined {
  const id = reference.options?.subscriptionOptionId;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

/** The keys of `catalogReference.options` only a Pricing Plans line has. */
const PLAN_ONLY_OPTIONS = ['type', 'planOptions'];

function lineKey(line: StoredLine): string {
  if (line.pricingPlanId) return `plan\u0000${line.pricingPlanId}`;
  return `${line.productId}\u0000${line.variantId ?? ''}\u0000${line.subscriptionPlanId ?? ''}\u0000${extrasKey(line)}\u0000${customTextKey(line.catalogReference)}`;
}

/**
 * Checks requested catalog items against what the catalog resolved (`items[i]` for `requests[i]`) and
 * merges them into `lines`: the same product, variant and plan adds to the existing line's quantity.
 * Throws a 400 naming `<field>[i]…` for unknown products, variants or plans. Pricing Plans lines are
 * checked against `plans` (lines/plan-lines.rules.ts); a list given no `plans` (a cart) takes none.
 */
export function mergeCatalogItems(
  lines: StoredLine[],
  requests: readonly CatalogLineRequest[],
  items: readonly (ResolvedCatalogItem | undefined)[],
  field: string,
  plans?: ReadonlyMap<string, MembershipPlan>,
): { lines: StoredLine[]; touched: string[] } {
  const violations = new Violations();
  const next = lines.map((line) => ({ ...line }));
  const touched: string[] = [];
  requests.forEach((request, index) => {
    const item = items[index];
    const at = `${field}[${index}].catalogReference`;
    const appId = request.catalogReference.appId;
    if (isPlanReference(request.catalogReference)) {
      if (!plans) {
        violations.push({
          field: `${at}.appId`,
          violatedRule: 'VALIDATION',
          description: `names a plan (the Pricing Plans app "${PAID_PLANS_APP_ID}"): a plan is not added to a cart but bought in a checkout of its own; create a checkout with this line`,
        });
        return;
      }
      const planId = request.catalogReference.catalogItemId;
      const problems = planRequestViolations(request, plans.get(planId), at, `${field}[${index}].quantity`);
      if (problems.length > 0) {
        violations.push(...problems);
        return;
      }
      const candidate: StoredLine = {
        id: uuidv7(),
        quantity: 1,
        catalogReference: { ...request.catalogReference, appId: PAID_PLANS_APP_ID },
        pricingPlanId: planId,
        ...storedExtras(request.extras),
      };
      if (next.some((line) => lineKey(line) === lineKey(candidate))) {
        violations.push(planQuantityViolation(`${field}[${index}].quantity`));
        return;
      }
      next.push(candidate);
      touched.push(candidate.id);
      return;
    }
    if (appId && !STORES_APP_IDS.includes(appId)) {
      violations.push({
        field: `${at}.appId`,
        violatedRule: 'VALIDATION',
        description: `is not a catalog this store sells from; use "${STORES_APP_ID}" (products) or "${PAID_PLANS_APP_ID}" (plans)`,
      });
      return;
    }
    const planOnly = Object.keys(request.catalogReference.options ?? {}).filter((key) =>
      PLAN_ONLY_OPTIONS.includes(key),
    );
    if (planOnly.length > 0) {
      for (const key of planOnly)
        violations.push({
          field: `${at}.options.${key}`,
          violatedRule: 'FIELD_NOT_ALLOWED',
          description: `is for a Pricing Plans line (appId "${PAID_PLANS_APP_ID}"), not a product`,
        });
      return;
    }
    // Choices and custom text the product does not have are named precisely, before "no such variant".
    const unknownOptions = item?.definitions
      ? optionViolations(request.catalogReference, item.definitions, at)
      : [];
    if (unknownOptions.length > 0) {
      violations.push(...unknownOptions);
      return;
    }
    if (!item || item.problem) {
      violations.push(problemViolation(at, item?.problem ?? 'PRODUCT_NOT_FOUND', request.catalogReference));
      return;
    }
    const planId = subscriptionPlanOf(request.catalogReference);
    if (planId && !item.subscriptionOptions?.subscriptions.some((plan) => plan.id === planId)) {
      violations.push({
        field: `${at}.options.subscriptionOptionId`,
        violatedRule: 'VALIDATION',
        description: `is not a subscription plan of product "${item.productId}"`,
      });
      return;
    }
    if (!planId && item.subscriptionOptions && !item.subscriptionOptions.oneTimePurchase) {
      violations.push({
        field: `${at}.options.subscriptionOptionId`,
        violatedRule: 'REQUIRED_FIELD',
        description: `product "${item.productId}" is sold by subscription only: choose one of its plans`,
      });
      return;
    }
    const candidate: StoredLine = {
      id: uuidv7(),
      quantity: request.quantity,
      catalogReference: { ...request.catalogReference, appId: appId || STORES_APP_ID },
      productId: item.productId,
      ...(item.variantId ? { variantId: item.variantId } : {}),
      ...(planId ? { subscriptionPlanId: planId } : {}),
      ...storedExtras(request.extras),
    };
    const existing = next.find((line) => !line.custom && lineKey(line) === lineKey(candidate));
    if (existing) {
      existing.quantity = Math.min(existing.quantity + request.quantity, MAX_QUANTITY + 1);
      if (existing.quantity > MAX_QUANTITY) {
        violations.push({
          field: `${field}[${index}].quantity`,
          violatedRule: 'MAX',
          description: `would bring the line to more than ${MAX_QUANTITY}`,
          data: { threshold: MAX_QUANTITY },
        });
      }
      touched.push(existing.id);
    } else {
      next.push(candidate);
      touched.push(candidate.id);
    }
  });
  violations.throwIfAny();
  checkLineCount(next, field);
  checkPlanLines(next, field);
  return { lines: next, touched };
}

function problemViolation(at: string, problem: string, reference: CatalogReference): FieldViolation {
  switch (problem) {
    case 'VARIANT_NOT_FOUND':
      return {
        field: `${at}.options`,
        violatedRule: 'VALIDATION',
        description: `do not match a variant of product "${reference.catalogItemId}"; check variantId or the option choices`,
      };
    case 'OPTIONS_REQUIRED':
      return {
        field: `${at}.options`,
        violatedRule: 'REQUIRED_FIELD',
        description: `must choose a variant of product "${reference.catalogItemId}": give options.variantId, or a choice for every option in options.options`,
      };
    default:
      return {
        field: `${at}.catalogItemId`,
        violatedRule: 'VALIDATION',
        description: `no product has id "${reference.catalogItemId}"; check the id (products can be looked up by slug)`,
      };
  }
}

export function checkLineCount(lines: readonly StoredLine[], field: string): void {
  if (lines.length > MAX_LINES) {
    throw invalidField(field, 'MAX_SIZE', `would make more than ${MAX_LINES} lines; remove some first`, {
      threshold: MAX_LINES,
    });
  }
}

/** Sets quantities by line id; unknown ids are a 400 naming `lineItems[i].id`. */
export function setQuantities(
  lines: StoredLine[],
  updates: readonly { id: string; quantity: number }[],
): StoredLine[] {
  const violations = new Violations();
  const next = lines.map((line) => ({ ...line }));
  updates.forEach((update, index) => {
    const line = next.find((candidate) => candidate.id === update.id);
    if (!line)
      violations.push({
        field: `lineItems[${index}].id`,
        violatedRule: 'VALIDATION',
        description: `no line item has id "${update.id}"; read the cart or checkout for its line ids`,
      });
    else if (line.pricingPlanId && update.quantity > 1)
      violations.push(planQuantityViolation(`lineItems[${index}].quantity`));
    else line.quantity = update.quantity;
  });
  violations.throwIfAny();
  return next;
}

/** Removes lines by id; unknown ids are a 400 naming `lineItemIds[i]`. */
export function removeLines(lines: StoredLine[], ids: readonly string[]): StoredLine[] {
  const violations = new Violations();
  ids.forEach((id, index) => {
    if (!lines.some((line) => line.id === id))
      violations.add(`lineItemIds[${index}]`, 'VALIDATION', `no line item has id "${id}"`);
  });
  violations.throwIfAny();
  return lines.filter((line) => !ids.includes(line.id));
}

/** Lines of two carts together: the same item adds up (visitor → member merge). */
export function combineLines(into: readonly StoredLine[], from: readonly StoredLine[]): StoredLine[] {
  const next = into.map((line) => ({ ...line }));
  for (const line of from) {
    const existing = line.custom
      ? undefined
      : next.find((c) => !c.custom && c.productId && lineKey(c) === lineKey(line));
    if (existing) existing.quantity = Math.min(existing.quantity + line.quantity, MAX_QUANTITY);
    else if (next.length < MAX_LINES) next.push({ ...line });
  }
  return next;
}
