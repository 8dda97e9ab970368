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
  let result = value;
  for (const path of paths.dates ?? []) {
    result = reviveAt(result, segments(path), (v) => (typeof v === 'string' ? fromWireDate(v) : v));
  }
  for (const path of paths.floats ?? []) {
    result = reviveAt(result, segments(path), (v) =>
      typeof v === 'string' || typeof v === 'number' ? fromWireFloat(v) : v,
    );
  }
  return result as T;
}

function segments(path: string): string[] {
  return path.split('.').map((s) => (s.endsWith('[]') ? s.slice(0, -2) : s));
}

/** Converts the leaves at `path`; parts of `value` that do not change are returned as they are, not copied. */
function reviveAt(value: unknown, path: readonly string[], convert: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => reviveAt(item, path, convert));
    return items.every((item, i) => Object.is(item, value[i])) ? value : items;
  }
  if (path.length === 0) return value === null || value === undefined ? value : convert(value);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const record = value as Record<string, unknown>;
  if (!Object.hasOwn(record, head)) return value;
  const revived = reviveAt(record[head], rest, convert);
  return Object.is(revived, record[head]) ? value : { ...record, [head]: revived };
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
