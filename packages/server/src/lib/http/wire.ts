import type { Ajv } from 'ajv';
import Type, { type TSchema, type TUnsafe } from 'typebox';
import { invalidField } from './errors.js';
import { MAX_NESTING_DEPTH, rejectDeepNesting } from './nesting.js';

/*
 * Wire mapping (wire-protocol.md §2), in one place. Services work with plain domain values (numbers,
 * Dates, `id`/`createdDate`); this module converts at the HTTP edge in both directions.
 */

// ---------------------------------------------------------------------------------------------------
// System field names: the protocol's clients speak `id`/`createdDate`/`updatedDate`; some send the
// underscore forms. Requests are normalised to the plain names at any depth.

const SYSTEM_FIELDS: Record<string, string> = {
  _id: 'id',
  _createdDate: 'createdDate',
  _updatedDate: 'updatedDate',
};

/** Own keys only: a client's "constructor" or "__proto__" must not find Object.prototype's members. */
function systemFieldName(name: string): string | undefined {
  return Object.hasOwn(SYSTEM_FIELDS, name) ? SYSTEM_FIELDS[name] : undefined;
}

/**
 * Renames `_id`/`_createdDate`/`_updatedDate` keys to their plain names, in place, at any depth a request
 * may have (nesting.ts refuses deeper ones first; the bound keeps the recursion finite regardless).
 */
export function normalizeSystemFields(value: unknown, depth = 0): void {
  if (depth > MAX_NESTING_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) normalizeSystemFields(item, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const plain = systemFieldName(key);
    if (plain !== undefined) {
      if (!(plain in record)) record[plain] = record[key];
      delete record[key];
    }
    normalizeSystemFields(record[plain ?? key], depth + 1);
  }
}

// ---------------------------------------------------------------------------------------------------
// Declared fields. Requests may carry fields their contract does not name (the protocol's clients send
// many). A handler that hands a request object on to a write must not hand those on too: an `id: null`
// the admin API ignored reached an UPDATE of the row's key (a NOT NULL violation, a 500).

interface ObjectSchema {
  properties?: Record<string, ObjectSchema>;
  additionalProperties?: boolean | ObjectSchema;
  patternProperties?: Record<string, ObjectSchema>;
  items?: ObjectSchema;
  anyOf?: unknown[];
  oneOf?: unknown[];
}

/**
 * A copy of `value` holding only what `schema` declares, at every level: properties it names (maps keep
 * their entries), list items by the item schema. A union is kept as it is (which branch matched is not
 * known here); so is anything the schema does not describe as an object or list.
 */
export function declaredFields(schema: TSchema | ObjectSchema, value: unknown, depth = 0): unknown {
  const s = schema as ObjectSchema;
  if (depth > MAX_NESTING_DEPTH || value === null || typeof value !== 'object' || s.anyOf || s.oneOf)
    return value;
  if (Array.isArray(value))
    return s.items ? value.map((item) => declaredFields(s.items as ObjectSchema, item, depth + 1)) : value;
  if (!s.properties || value instanceof Date) return value;
  const isMap = typeof s.additionalProperties === 'object' || s.patternProperties !== undefined;
  if (isMap || s.additionalProperties === true) return value;
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(s.properties))
    if (Object.hasOwn(value, name))
      out[name] = declaredFields(property, (value as Record<string, unknown>)[name], depth + 1);
  return out;
}

/** `_createdDate` → `createdDate` for a single field name (filter keys, sort field names). */
export function plainFieldName(name: string): string {
  return name
    .split('.')
    .map((part) => systemFieldName(part) ?? part)
    .join('.');
}

// ---------------------------------------------------------------------------------------------------
// Value kinds carried as strings on the wire. Requests are converted in place during validation by the
// `x-wire` Ajv keyword, so handlers receive numbers, Dates and int64 strings already.

type WireKind = 'float' | 'finite' | 'measure' | 'date' | 'int64';

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const NON_FINITE: Record<string, number> = { NaN: Number.NaN, Infinity: Infinity, '-Infinity': -Infinity };
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const INT64 = /^-?\d{1,19}$/;

/**
 * What a number field's refusals say. `noun` names what the field holds in plain words ("price"), so a
 * refusal reads `must be a number; "NaN" is not a price`; `whole` asks for a whole number (a stock count).
 */
export interface NumberRules {
  minimum?: number;
  maximum?: number;
  noun?: string;
  whole?: boolean;
}
type NumberOptions = Omit<NumberRules, 'noun' | 'whole'> & { description?: string; noun?: string };

/** The schema keywords carrying NumberRules beyond Ajv's own bounds (registered in ajvWirePlugin). */
const numberKeywords = ({ noun, ...options }: NumberOptions, whole = false) => ({
  ...options,
  ...(noun ? { 'x-noun': noun } : {}),
  ...(whole ? { 'x-whole': true } : {}),
});

/** A float that may arrive as a number or a string, including "NaN", "Infinity" and "-Infinity". */
export const WireFloat = (options: { minimum?: number; maximum?: number; description?: string } = {}) =>
  Type.Unsafe<number>({ type: ['number', 'string'], 'x-wire': 'float', ...options });

/**
 * A number that may arrive as a string but must be a real number (prices, costs, amounts): the protocol's
 * "NaN" and "±Infinity" arrive decoded and are refused naming the field's `noun`.
 */
export const WireNumber = (options: NumberOptions = {}) =>
  Type.Unsafe<number>({ type: ['number', 'string'], 'x-wire': 'finite', ...numberKeywords(options) });

/**
 * WireNumber that may also be null ("clear this value"). One schema rather than a union with null, so
 * a bad value is reported with its own rule (MIN, FORMAT…) instead of "must match one of the shapes".
 */
export const WireNumberOrNull = (options: NumberOptions = {}) =>
  Type.Unsafe<number | null>({
    type: ['number', 'string', 'null'],
    'x-wire': 'finite',
    'x-nullable': true,
    ...numberKeywords(options),
  });

/**
 * An optional measure (a weight): "NaN" is the protocol's "no value" and arrives as null, as if cleared
 * (absent on a create); "±Infinity" is refused like any number out of the field's range.
 */
export const WireMeasureOrNull = (options: NumberOptions = {}) =>
  Type.Unsafe<number | null>({
    type: ['number', 'string', 'null'],
    'x-wire': 'measure',
    'x-nullable': true,
    ...numberKeywords(options),
  });

/** A whole number (a stock count) that may arrive as a string, or null; "NaN" and "±Infinity" are refused. */
export const WireWholeNumberOrNull = (options: NumberOptions = {}) =>
  Type.Unsafe<number | null>({
    type: ['number', 'string', 'null'],
    'x-wire': 'finite',
    'x-nullable': true,
    ...numberKeywords(options, true),
  });

/** An RFC 3339 date-time string, handed to the service as a Date. */
export const WireDate = (options: { description?: string } = {}) =>
  Type.Unsafe<Date>({ type: 'string', format: 'date-time', 'x-wire': 'date', ...options });

/** A 64-bit integer carried as a decimal string (it may also arrive as a JSON number). */
export const WireInt64 = (options: { description?: string } = {}) =>
  Type.Unsafe<string>({ type: ['string', 'integer'], 'x-wire': 'int64', ...options });

/** A closed set of strings; one `enum` keyword so a bad value is one INVALID_ENUM_VALUE violation. */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** A money amount in a request: a decimal string ("10.00") or number, in major units. */
export const AmountIn = Type.Union([Type.String({ maxLength: 30 }), Type.Number()]);

/** A date-time in a response: services hand over Dates, the serializer writes RFC 3339 strings. */
export const DateTimeOut = (options: { description?: string } = {}) =>
  Type.Unsafe<Date | string>({ type: 'string', format: 'date-time', ...options });

/** Response side of WireFloat: JSON has no NaN/Infinity, so those travel as strings. */
export const WireFloatOut = () => Type.Unsafe<number | string>({ type: ['number', 'string'] });

/**
 * The refusal of "NaN", "±Infinity" (or an overflowing numeral, "1e309") where a real number is needed, in
 * plain words: `must be a number; "NaN" is not a price`; an infinity breaks the field's bound (MAX/MIN).
 */
export function nonFiniteRefusal(number: number, sentAs: unknown, rules: NumberRules = {}): WireValueError {
  // An overflowing numeral is named as sent; a JSON number that overflowed, by what it became.
  const sent = typeof sentAs === 'string' ? JSON.stringify(sentAs) : `"${String(number)}"`;
  const kind = rules.whole ? 'a whole number' : 'a number';
  const because = rules.noun ? `; ${sent} is not ${article(rules.noun)}` : `, not ${sent}`;
  if (number === Infinity && rules.maximum !== undefined)
    return {
      error: `must be ${kind} up to ${rules.maximum}${because}`,
      rule: 'MAX',
      threshold: rules.maximum,
    };
  if (number === -Infinity && rules.minimum !== undefined)
    return {
      error: `must be ${kind} of at least ${rules.minimum}${because}`,
      rule: 'MIN',
      threshold: rules.minimum,
    };
  return { error: `must be ${kind}${because}`, rule: 'VALIDATION' };
}

/** "a price", "an amount". */
function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** The number one of the protocol's non-finite spellings stands for ("NaN", "Infinity", "-Infinity"). */
export function nonFiniteSpelling(value: unknown): number | undefined {
  return typeof value === 'string' && Object.hasOwn(NON_FINITE, value) ? NON_FINITE[value] : undefined;
}

export function toWireFloat(value: number): number | string {
  return Number.isFinite(value) ? value : String(value);
}

/** Why a wire value was refused, with the spec §5 rule to report and the bound it broke, if any. */
export interface WireValueError {
  error: string;
  rule?: 'MIN' | 'MAX' | 'VALIDATION';
  threshold?: number;
}

/** A number from the wire (a JSON number, a numeral, or one of the float spellings), or undefined. */
function parseWireNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  if (DECIMAL.test(value.trim())) return Number(value);
  return Object.hasOwn(NON_FINITE, value) ? (NON_FINITE[value] as number) : undefined;
}

/** Converts one wire value; returns an error message when it is not of the kind. */
export function convertWireValue(
  kind: WireKind,
  value: unknown,
  rules: NumberRules = {},
): { value: unknown } | WireValueError {
  switch (kind) {
    case 'float':
    case 'finite':
    case 'measure': {
      const number = parseWireNumber(value);
      if (number === undefined)
        return {
          error:
            kind === 'float'
              ? 'must be a number, or "NaN", "Infinity", "-Infinity"'
              : `must be ${rules.whole ? 'a whole number' : 'a number'}`,
        };
      // "NaN" and "±Infinity" are how the protocol's clients send those floats (weight: NaN travels as
      // "NaN"): well formed, so they are decoded here, and each field's rule decides. An optional measure
      // reads NaN as "no value"; elsewhere the refusal names the field's bound, or says why in plain words.
      if (kind === 'measure' && Number.isNaN(number)) return { value: null };
      if (kind !== 'float' && !Number.isFinite(number)) return nonFiniteRefusal(number, value, rules);
      if (rules.whole && !Number.isInteger(number))
        return { error: 'must be a whole number', rule: 'VALIDATION' };
      if (rules.minimum !== undefined && number < rules.minimum)
        return { error: `must be at least ${rules.minimum}`, rule: 'MIN', threshold: rules.minimum };
      if (rules.maximum !== undefined && number > rules.maximum)
        return { error: `must be at most ${rules.maximum}`, rule: 'MAX', threshold: rules.maximum };
      return { value: number };
    }
    case 'date': {
      const time = typeof value === 'string' && ISO_DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
      return Number.isNaN(time)
        ? { error: 'must be an ISO 8601 date-time, e.g. 2024-05-01T10:00:00.000Z' }
        : { value: new Date(time) };
    }
    case 'int64': {
      const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
      return typeof text === 'string' && INT64.test(text)
        ? { value: text }
        : { error: 'must be an integer string' };
    }
  }
}

/*
 * The protocol's float fields may carry "NaN" and "Infinity" (converted above). Those conversions are
 * remembered per containing object, so the edge can tell them from a number Ajv coerced out of an
 * overflowing numeral ("1e309" → Infinity), which no field accepts (hostile-values.ts).
 */
const wireNonFinite = new WeakMap<object, Set<string | number>>();

function markWireNonFinite(container: object, key: string | number): void {
  let keys = wireNonFinite.get(container);
  if (!keys) {
    keys = new Set();
    wireNonFinite.set(container, keys);
  }
  keys.add(key);
}

/** True when `container[key]` is a non-finite float the wire format allowed there. */
export function isWireNonFinite(container: object, key: string | number): boolean {
  return wireNonFinite.get(container)?.has(key) ?? false;
}

interface DataContext {
  parentData?: Record<string | number, unknown>;
  parentDataProperty?: string | number;
}

/** Registers the `x-wire` keyword on Fastify's Ajv (see app.ts `ajv.plugins`). */
export function ajvWirePlugin(ajv: Ajv): Ajv {
  type ValidateWithErrors = ((
    kind: WireKind,
    data: unknown,
    parentSchema: TSchema,
    ctx: DataContext,
  ) => boolean) & {
    errors?: { keyword: string; message: string; params: Record<string, unknown> }[];
  };
  const validate: ValidateWithErrors = (kind, data, parentSchema, ctx) => {
    const schema = parentSchema as {
      minimum?: number;
      maximum?: number;
      'x-nullable'?: boolean;
      'x-noun'?: string;
      'x-whole'?: boolean;
    };
    if (data === null && schema['x-nullable']) return true;
    const result = convertWireValue(kind, data, {
      ...(schema.minimum !== undefined ? { minimum: schema.minimum } : {}),
      ...(schema.maximum !== undefined ? { maximum: schema.maximum } : {}),
      ...(schema['x-noun'] ? { noun: schema['x-noun'] } : {}),
      ...(schema['x-whole'] ? { whole: true } : {}),
    });
    if ('error' in result) {
      validate.errors = [
        {
          keyword: 'x-wire',
          message: result.error,
          params: {
            kind,
            ...(result.rule ? { rule: result.rule } : {}),
            ...(result.threshold !== undefined ? { limit: result.threshold } : {}),
          },
        },
      ];
      return false;
    }
    if (ctx.parentData && ctx.parentDataProperty !== undefined) {
      ctx.parentData[ctx.parentDataProperty] = result.value;
      if (typeof result.value === 'number' && !Number.isFinite(result.value))
        markWireNonFinite(ctx.parentData, ctx.parentDataProperty);
    }
    return true;
  };
  ajv.addKeyword({ keyword: 'x-nullable', schemaType: 'boolean' });
  ajv.addKeyword({ keyword: 'x-noun', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-whole', schemaType: 'boolean' });
  ajv.addKeyword({
    keyword: 'x-wire',
    schemaType: 'string',
    modifying: true,
    errors: true,
    validate: validate as never,
  });
  return ajv;
}

// ---------------------------------------------------------------------------------------------------
// Query requests (wire-protocol.md §3): `GET …?.r=<base64url JSON>` or the POST fallback with the same
// JSON body. Filters and sorts may arrive as JSON strings (the REST docs' form) or as JSON values.

/** Decodes the `.r` parameter of a GET query request. */
export function decodeQueryParam(encoded: unknown): unknown {
  if (typeof encoded !== 'string' || encoded.length === 0) {
    throw invalidField(
      '.r',
      'REQUIRED_FIELD',
      'is required: send the query as ?.r=<base64url JSON>, or POST it as the body',
    );
  }
  try {
    return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw invalidField('.r', 'FORMAT', 'must be base64url-encoded JSON such as {"query":{"filter":{}}}');
  }
}

/** Parses `filter`/`sort` given as JSON strings, in place, and renames system field names. */
export function normalizeQueryObject(query: Record<string, unknown>, fieldPrefix = 'query'): void {
  for (const key of ['filter', 'sort'] as const) {
    const value = query[key];
    if (typeof value !== 'string') continue;
    if (value.trim() === '') {
      delete query[key];
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw invalidField(`${fieldPrefix}.${key}`, 'FORMAT', 'must be a JSON object, or a string holding one');
    }
    // A value parsed here was a string when the request's own nesting was checked.
    rejectDeepNesting(parsed, `${fieldPrefix}.${key}`);
    query[key] = parsed;
  }
  if (Array.isArray(query.sort)) {
    for (const sort of query.sort) {
      if (
        sort &&
        typeof sort === 'object' &&
        typeof (sort as { fieldName?: unknown }).fieldName === 'string'
      ) {
        const entry = sort as { fieldName: string };
        entry.fieldName = plainFieldName(entry.fieldName);
      }
    }
  }
  if (query.filter && typeof query.filter === 'object') query.filter = renameFilterFields(query.filter);
}

/**
 * Renames system field names in a filter's field keys, through its logical operators. Bounded: past the
 * nesting limit (which requests cannot reach, nesting.ts) a value is left as it is, and the filter
 * compiler, whose own limit is far lower, refuses it by name.
 */
function renameFilterFields(filter: unknown, depth = 0): unknown {
  if (depth > MAX_NESTING_DEPTH) return filter;
  if (Array.isArray(filter)) return filter.map((item) => renameFilterFields(item, depth + 1));
  if (filter === null || typeof filter !== 'object') return filter;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    out[key.startsWith('$') ? key : plainFieldName(key)] = key.startsWith('$')
      ? renameFilterFields(value, depth + 1)
      : value;
  }
  return out;
}
