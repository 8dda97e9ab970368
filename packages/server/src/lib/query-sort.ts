import type { AnyColumn, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { ValidationFailed } from './http/errors.js';
import { Violations } from './http/violations.js';
import type { FilterFields } from './query-fields.js';

const MAX_SORT_ENTRIES = 5;

export interface SortEntry {
  fieldName?: string;
  order?: string;
  [field: string]: unknown;
}

/** A sort entry's field and order, in either form (`{fieldName, order}` or `{"price": "asc"}`). */
export function sortTerm(entry: SortEntry): { name: string | undefined; order: unknown } {
  if (entry.fieldName !== undefined) return { name: entry.fieldName, order: entry.order ?? 'ASC' };
  const keys = Object.keys(entry);
  if (keys.length === 1) return { name: keys[0], order: entry[keys[0] as string] };
  return { name: undefined, order: entry.order ?? 'ASC' };
}

/**
 * Sort entries as the protocol sends them (`[{fieldName, order: ASC|DESC}]`, or the v1 REST form
 * `[{"price": "asc"}]`), compiled to ORDER BY terms; `tieBreaker` keeps paging stable.
 */
export function compileSort(
  sort: unknown,
  fields: FilterFields,
  tieBreaker: AnyColumn,
  options: { path?: string; entity?: string; defaultSort?: SQL[] } = {},
): SQL[] {
  const path = options.path ?? 'query.sort';
  if (sort === undefined || sort === null) return [...(options.defaultSort ?? []), sql`${tieBreaker} ASC`];
  const violations = new Violations();
  const terms: SQL[] = [];
  const entries = Array.isArray(sort) ? sort : [sort];
  if (entries.length > MAX_SORT_ENTRIES) {
    throw new ValidationFailed([
      {
        field: path,
        violatedRule: 'MAX_SIZE',
        description: `must have at most ${MAX_SORT_ENTRIES} entries`,
      },
    ]);
  }
  const sortable = Object.entries(fields)
    .filter(([, field]) => field.sort)
    .map(([name]) => name);
  entries.forEach((entry: unknown, index) => {
    const at = `${path}[${index}]`;
    if (entry === null || typeof entry !== 'object') {
      violations.push({
        field: at,
        violatedRule: 'VALIDATION',
        description: 'must be {"fieldName": …, "order": "ASC"}',
      });
      return;
    }
    const { name, order } = sortTerm(entry as SortEntry);
    const field = name === undefined ? undefined : fields[name];
    if (!field?.sort) {
      violations.push({
        field: `${at}.fieldName`,
        violatedRule: 'FIELD_NOT_ALLOWED',
        description: `${name === undefined ? 'is required' : `"${name}" is not a field ${options.entity ?? 'this collection'} can be sorted by`}; use one of: ${sortable.join(', ')}`,
      });
      return;
    }
    const direction = String(order).toUpperCase();
    if (direction !== 'ASC' && direction !== 'DESC') {
      violations.push({
        field: `${at}.order`,
        violatedRule: 'INVALID_ENUM_VALUE',
        description: 'must be one of: ASC, DESC',
      });
      return;
    }
    terms.push(direction === 'ASC' ? sql`${field.sort} ASC` : sql`${field.sort} DESC`);
  });
  violations.throwIfAny();
  const last = entries.at(-1) as SortEntry | undefined;
  const lastDesc = String(last?.order ?? '').toUpperCase() === 'DESC';
  terms.push(lastDesc ? sql`${tieBreaker} DESC` : sql`${tieBreaker} ASC`);
  return terms;
}
