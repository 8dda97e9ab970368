import { type FieldViolation, ValidationFailed } from './errors.js';
import { MAX_NESTING_DEPTH } from './nesting.js';
import { isWireNonFinite } from './wire.js';

/*
 * Values every route refuses, whatever its contract says: they would pass schema validation and then
 * fail deeper down (in the database) as a 500 instead of a field violation.
 */

/**
 * PostgreSQL text cannot hold NUL characters (a query with one fails), so they are refused at the edge,
 * for every route and every query request, as a field violation instead of surfacing as a 500.
 */
export function rejectNulCharacters(...parts: unknown[]): void {
  for (const part of parts) {
    const field = nulPath(part, '');
    if (field !== undefined) {
      throw new ValidationFailed([
        {
          field: field || '(body)',
          violatedRule: 'FORMAT',
          description: 'must not contain NUL characters',
          data: {},
        },
      ]);
    }
  }
}

/**
 * After validation: a number field sent as an overflowing numeral ("1e309", or the word "Infinity" where
 * the field is not one of the protocol's floats) is coerced by Ajv to Infinity, which then passes
 * `integer` and `maximum` and fails in the database. JSON itself cannot carry a non-finite number, so any
 * found after validation came from such a string — unless the wire format put it there (wire.ts).
 */
export function nonFiniteNumber(...parts: unknown[]): FieldViolation | undefined {
  for (const part of parts) {
    const field = nonFinitePath(part, '', 0);
    if (field !== undefined)
      return {
        field: field || '(body)',
        violatedRule: 'MAX',
        description: "must be a finite number within the field's range",
        data: {},
      };
  }
  return undefined;
}

function nonFinitePath(value: unknown, path: string, depth: number): string | undefined {
  if (value === null || typeof value !== 'object' || depth > MAX_NESTING_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const property = Array.isArray(value) ? Number(key) : key;
    if (typeof item === 'number' && !Number.isFinite(item) && !isWireNonFinite(value, property)) return at;
    const found = nonFinitePath(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function rejectNonFiniteNumbers(...parts: unknown[]): void {
  const violation = nonFiniteNumber(...parts);
  if (violation) throw new ValidationFailed([violation]);
}

function nulPath(value: unknown, path: string): string | undefined {
  return pathWhere(value, (item) => typeof item === 'string' && item.includes('\u0000'), path);
}

/**
 * The path of the first value (depth-first) that `matches`, or undefined. It looks as deep as a request
 * may nest (nesting.ts refuses deeper values before this runs), so nothing is missed, and the bound
 * keeps the recursion finite for any other caller.
 */
function pathWhere(
  value: unknown,
  matches: (item: unknown) => boolean,
  path = '',
  depth = 0,
): string | undefined {
  if (matches(value)) return path;
  if (value === null || typeof value !== 'object' || depth > MAX_NESTING_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = pathWhere(
      item,
      matches,
      Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
      depth + 1,
    );
    if (found !== undefined) return found;
  }
  return undefined;
}
