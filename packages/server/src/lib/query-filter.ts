import { type SQL, sql } from 'drizzle-orm';
import type { FieldViolation } from './http/errors.js';
import { Violations } from './http/violations.js';
import {
  FILTER_OPERATORS,
  type FilterField,
  type FilterFields,
  type FilterKind,
  type FilterOperator,
} from './query-fields.js';
import { conditionSql, joinAnd } from './query-sql.js';
import { shiftDecimal } from './query-values.js';

/*
 * The protocol's query filter language (wire-protocol.md §3, spec §5) compiled to SQL against a
 * whitelist of fields. Every value is checked and bound as a typed parameter before any SQL exists, so
 * a bad filter is a 400 naming the field or operator — never a database error. All problems are
 * collected and reported together, as spec §5 asks.
 */

const LOGICAL = ['$and', '$or', '$not'] as const;

const OPERATORS_BY_KIND: Record<FilterKind, readonly FilterOperator[]> = {
  string: [
    '$eq',
    '$ne',
    '$gt',
    '$gte',
    '$lt',
    '$lte',
    '$in',
    '$startsWith',
    '$endsWith',
    '$contains',
    '$exists',
  ],
  number: ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$exists'],
  decimal: ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$exists'],
  int64: ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$exists'],
  date: ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$exists'],
  boolean: ['$eq', '$ne', '$exists'],
  enum: ['$eq', '$ne', '$in', '$exists'],
  stringArray: ['$eq', '$hasSome', '$hasAll', '$in', '$exists'],
};

const LIMITS = { depth: 8, nodes: 300, listItems: 1000, stringLength: 1000 };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const INT64 = /^-?\d{1,19}$/;

class Compiler {
  readonly violations = new Violations();
  private nodes = 0;

  constructor(
    private readonly fields: FilterFields,
    private readonly entity: string,
  ) {}

  fail(field: string, violatedRule: FieldViolation['violatedRule'], description: string): undefined {
    this.violations.push({ field, violatedRule, description });
    return undefined;
  }

  filter(value: unknown, path: string, depth: number): SQL | undefined {
    if (depth > LIMITS.depth) return this.fail(path, 'MAX', `nests deeper than ${LIMITS.depth} levels`);
    if (++this.nodes > LIMITS.nodes)
      return this.fail(path, 'MAX_SIZE', `has more than ${LIMITS.nodes} conditions; simplify the filter`);
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return this.fail(path, 'VALIDATION', 'must be an object such as {"name": {"$startsWith": "Mug"}}');
    const parts: SQL[] = [];
    for (const [key, inner] of Object.entries(value)) {
      const condition = key.startsWith('$')
        ? this.logical(key, inner, `${path}.${key}`, depth)
        : this.field(key, inner, `${path}.${key}`);
      if (condition) parts.push(condition);
    }
    return joinAnd(parts);
  }

  private logical(operator: string, value: unknown, path: string, depth: number): SQL | undefined {
    if (!(LOGICAL as readonly string[]).includes(operator)) {
      return this.fail(
        path,
        'FIELD_NOT_ALLOWED',
        `is not an operator here; combine conditions with ${LOGICAL.join(', ')}, or put field operators under a field name`,
      );
    }
    if (operator === '$not') {
      const inner = this.filter(value, path, depth + 1);
      // IS NOT TRUE, not NOT: a condition on an empty field is "unknown" in SQL, and its negation must match.
      return inner ? sql`(${inner}) IS NOT TRUE` : undefined;
    }
    if (!Array.isArray(value)) return this.fail(path, 'VALIDATION', 'must be an array of filter objects');
    const parts = value
      .map((item, index) => this.filter(item, `${path}[${index}]`, depth + 1) ?? sql`TRUE`)
      .filter(Boolean);
    if (operator === '$and') return joinAnd(parts);
    if (parts.length === 0) return sql`FALSE`;
    return sql`(${sql.join(parts, sql` OR `)})`;
  }

  private field(name: string, value: unknown, path: string): SQL | undefined {
    const field = this.fields[name];
    if (!field) {
      return this.fail(
        path,
        'FIELD_NOT_ALLOWED',
        `is not a field ${this.entity} can be filtered by; use one of: ${Object.keys(this.fields).join(', ')}`,
      );
    }
    const isOperatorMap =
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.keys(value).length > 0 &&
      Object.keys(value).every((key) => key.startsWith('$'));
    if (!isOperatorMap) return this.condition(field, '$eq', value, path);
    const parts: SQL[] = [];
    for (const [operator, operand] of Object.entries(value as Record<string, unknown>)) {
      const condition = this.condition(field, operator, operand, `${path}.${operator}`);
      if (condition) parts.push(condition);
    }
    return joinAnd(parts);
  }

  private condition(field: FilterField, operator: string, value: unknown, path: string): SQL | undefined {
    const allowed = field.operators ?? OPERATORS_BY_KIND[field.kind];
    if (!(allowed as readonly string[]).includes(operator)) {
      const known = (FILTER_OPERATORS as readonly string[]).includes(operator);
      return this.fail(
        path,
        'FIELD_NOT_ALLOWED',
        `${known ? 'cannot be used on this field' : 'is not a supported operator'}; use one of: ${allowed.join(', ')}`,
      );
    }
    const op = operator as FilterOperator;
    const checked = this.operand(field, op, value, path);
    if (checked === undefined) return undefined;
    if (field.predicate) return field.predicate(op, checked.value);
    return conditionSql(field, op, checked.value);
  }

  /** Validates an operand; returns it converted to the bound value, or undefined after a violation. */
  private operand(
    field: FilterField,
    op: FilterOperator,
    value: unknown,
    path: string,
  ): { value: unknown } | undefined {
    switch (op) {
      case '$exists':
        return typeof value === 'boolean'
          ? { value }
          : this.fail(path, 'VALIDATION', 'must be true or false');
      case '$in':
      case '$hasSome':
      case '$hasAll': {
        if (!Array.isArray(value)) return this.fail(path, 'VALIDATION', 'must be an array of values');
        if (value.length > LIMITS.listItems)
          return this.fail(path, 'MAX_SIZE', `must have at most ${LIMITS.listItems} items`);
        const scalarKind = field.kind === 'stringArray' ? 'string' : field.kind;
        const items: unknown[] = [];
        for (const [index, item] of value.entries()) {
          const converted = this.scalar({ ...field, kind: scalarKind }, item, `${path}[${index}]`, false);
          if (!converted) return undefined;
          items.push(converted.value);
        }
        return { value: items };
      }
      case '$startsWith':
      case '$endsWith':
      case '$contains':
        if (typeof value !== 'string') return this.fail(path, 'VALIDATION', 'must be a string');
        if (value.length > LIMITS.stringLength)
          return this.fail(path, 'MAX_LENGTH', `must be at most ${LIMITS.stringLength} characters long`);
        return { value };
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        if (value === null) return this.fail(path, 'VALIDATION', 'cannot compare with null');
        return this.scalar(field, value, path, false);
      default:
        // `{collectionIds: [a, b]}` compares the whole list; `{collectionIds: a}` asks for membership.
        if (field.kind === 'stringArray' && Array.isArray(value)) {
          return this.operand(field, '$hasAll', value, path);
        }
        return this.scalar(
          field.kind === 'stringArray' ? { ...field, kind: 'string' } : field,
          value,
          path,
          true,
        );
    }
  }

  private scalar(
    field: FilterField,
    value: unknown,
    path: string,
    allowNull: boolean,
  ): { value: unknown } | undefined {
    if (value === null || value === undefined) {
      return allowNull ? { value: null } : this.fail(path, 'VALIDATION', 'must not be null');
    }
    switch (field.kind) {
      case 'string':
        if (typeof value !== 'string') return this.fail(path, 'VALIDATION', 'must be a string');
        if (value.length > LIMITS.stringLength)
          return this.fail(path, 'MAX_LENGTH', `must be at most ${LIMITS.stringLength} characters long`);
        return { value };
      case 'enum':
        if (typeof value !== 'string' || !field.enumValues?.includes(value)) {
          return this.fail(path, 'INVALID_ENUM_VALUE', `must be one of: ${field.enumValues?.join(', ')}`);
        }
        return { value };
      case 'boolean':
        return typeof value === 'boolean'
          ? { value }
          : this.fail(path, 'VALIDATION', 'must be true or false');
      case 'number':
      case 'decimal': {
        const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
        if (typeof number !== 'number' || !Number.isFinite(number))
          return this.fail(path, 'VALIDATION', 'must be a finite number');
        return { value: field.kind === 'decimal' ? shiftDecimal(number, field.scale ?? 0) : String(number) };
      }
      case 'int64': {
        const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
        return typeof text === 'string' && INT64.test(text)
          ? { value: text }
          : this.fail(path, 'VALIDATION', 'must be an integer, or an integer string such as "1001"');
      }
      case 'date': {
        const text = value instanceof Date ? value.toISOString() : value;
        const time = typeof text === 'string' && ISO_DATE.test(text) ? Date.parse(text) : Number.NaN;
        return Number.isNaN(time)
          ? this.fail(path, 'FORMAT', 'must be an ISO 8601 date-time, e.g. 2024-05-01T10:00:00.000Z')
          : { value: new Date(time).toISOString() };
      }
      case 'stringArray':
        return this.fail(path, 'VALIDATION', 'must be a string');
    }
  }
}

/** Compiles a filter (already parsed from JSON) or throws ValidationFailed naming every problem. */
export function compileFilter(
  filter: unknown,
  fields: FilterFields,
  options: { path?: string; entity?: string } = {},
): SQL | undefined {
  if (filter === undefined || filter === null) return undefined;
  const compiler = new Compiler(fields, options.entity ?? 'this collection');
  const result = compiler.filter(filter, options.path ?? 'query.filter', 0);
  compiler.violations.throwIfAny();
  return result;
}
