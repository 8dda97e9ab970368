// Response value mapping (wire-protocol.md §2.3–2.4, spec §7). Dates arrive as ISO strings; numbers may
// arrive as strings ("12.50", "NaN", "Infinity", "-Infinity") from any server of the protocol. Each entity
// names the paths to convert (generated from the contracts: every date-time and every number), so that
// int64-like strings such as `numericId: "1001"` and money amounts (`amount: "10.00"`) are never touched.

/**
 * Converts a float from the wire: numbers pass through, `"NaN"`, `"Infinity"`, `"-Infinity"` and numeric
 * strings become numbers, other strings become `NaN` (as `Number()` would); `null`/`undefined` pass through.
 *
 * @example
 * ```ts
 * fromWireFloat('Infinity'); // Infinity
 * fromWireFloat(0.3);        // 0.3
 * ```
 */
export function fromWireFloat(value: number | string): number;
export function fromWireFloat<T extends null | undefined>(value: T): T;
export function fromWireFloat(value: number | string | null | undefined): number | null | undefined;
export function fromWireFloat(value: number | string | null | undefined): number | null | undefined {
  if (typeof value !== 'string') return value;
  if (value === 'NaN') return Number.NaN;
  if (value === 'Infinity') return Number.POSITIVE_INFINITY;
  if (value === '-Infinity') return Number.NEGATIVE_INFINITY;
  // Number('') is 0, which would invent a value the server never sent.
  return value.trim() === '' ? Number.NaN : Number(value);
}

/**
 * Converts an ISO-8601 string from the wire into a `Date`; Dates, `null` and `undefined` pass through.
 *
 * @example
 * ```ts
 * fromWireDate('2024-05-01T10:00:00.000Z').getTime(); // 1714557600000
 * ```
 */
export function fromWireDate(value: string | Date): Date;
export function fromWireDate<T extends null | undefined>(value: T): T;
export function fromWireDate(value: string | Date | null | undefined): Date | null | undefined;
export function fromWireDate(value: string | Date | null | undefined): Date | null | undefined {
  return typeof value === 'string' ? new Date(value) : value;
}

/** Dotted paths to convert; arrays on the way are walked item by item (`lineItems.price` or `lineItems[].price`). */
export interface RevivePaths {
  dates?: readonly string[];
  floats?: readonly string[];
}

/**
 * Returns a copy of a wire entity with the given date and float paths converted. Missing paths are
 * ignored; the input is not modified.
 *
 * @example
 * ```ts
 * const product = reviveEntity<Product>(reply.product, {
 *   dates: ['createdDate', 'lastUpdated'],
 *   floats: ['weight', 'priceData.price', 'variants.variant.weight'],
 * });
 * ```
 */
export function reviveEntity<T>(value: unknown, paths: RevivePaths): T {
  return revive(value, compiled(paths)) as T;
}

/** The paths of one {@link RevivePaths} as a tree, so that an entity is walked once for all of them. */
interface ReviveNode {
  convert?: Array<(leaf: unknown) => unknown>;
  children?: Map<string, ReviveNode>;
}

const reviveDate = (v: unknown) => (typeof v === 'string' ? fromWireDate(v) : v);
const reviveFloat = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? fromWireFloat(v) : v);

// Built once per paths object (they are the entities' constants): a product has some sixty paths, and
// walking it once per path was a visible share of a server render's CPU.
const trees = new WeakMap<RevivePaths, ReviveNode>();

function compiled(paths: RevivePaths): ReviveNode {
  let tree = trees.get(paths);
  if (tree) return tree;
  tree = {};
  const add = (path: string, convert: (leaf: unknown) => unknown) => {
    let node = tree as ReviveNode;
    for (const part of path.split('.')) {
      const key = part.endsWith('[]') ? part.slice(0, -2) : part;
      node.children ??= new Map();
      let child = node.children.get(key);
      if (!child) {
        child = {};
        node.children.set(key, child);
      }
      node = child;
    }
    node.convert = [...(node.convert ?? []), convert];
  };
  for (const path of paths.dates ?? []) add(path, reviveDate);
  for (const path of paths.floats ?? []) add(path, reviveFloat);
  trees.set(paths, tree);
  return tree;
}

/** Converts the leaves under `node`; parts of `value` that do not change are returned as they are, not copied. */
function revive(value: unknown, node: ReviveNode): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const revived = revive(item, node);
      if (!Object.is(revived, item)) changed = true;
      return revived;
    });
    return changed ? items : value;
  }
  if (value === null || value === undefined) return value;
  let result: unknown = value;
  if (node.convert) for (const convert of node.convert) result = convert(result);
  if (!node.children || typeof result !== 'object' || result === null || result instanceof Date)
    return result;
  const record = result as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const [key, child] of node.children) {
    if (!Object.hasOwn(record, key)) continue;
    const revived = revive(record[key], child);
    if (!Object.is(revived, record[key])) {
      copy ??= { ...record };
      copy[key] = revived;
    }
  }
  return copy ?? record;
}

/**
 * A catalog entity with `updatedDate` (spec §3's name) beside the protocol's `lastUpdated`, the same moment.
 *
 * @example
 * ```ts
 * const product = withUpdatedDate(reviveEntity<Product>(reply.product, PRODUCT_WIRE));
 * ```
 */
export function withUpdatedDate<T extends { lastUpdated?: Date; updatedDate?: Date }>(entity: T): T {
  return entity.lastUpdated && !entity.updatedDate ? { ...entity, updatedDate: entity.lastUpdated } : entity;
}
