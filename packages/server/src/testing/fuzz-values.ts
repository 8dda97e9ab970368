import fc from 'fast-check';

/*
 * Request generators derived from the routes' own JSON schemas (the TypeBox contracts), for the fuzz suite:
 * mostly well-formed requests with a share of wrong types, missing and extra fields, extreme numbers and
 * odd strings mixed in — so handlers are reached with almost-valid input, where 500s hide.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  'x-wire'?: string;
};

const NASTY_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  "'; DROP TABLE products; --",
  '%00',
  '\u0000',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '🛒'.repeat(50),
  'a'.repeat(5000),
  '{"$gt":""}',
  '2024-02-30T25:61:00Z',
];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.1 + 0.2, 1e-9),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  nastyNumber,
  nastyString,
  fc.array(fc.oneof(fc.constant(null), nastyString, fc.integer()), { maxLength: 4 }),
  fc.dictionary(
    fc.oneof(nastyString, fc.constantFrom('$and', '$or', '$ne', '$in', 'id', 'name')),
    fc.oneof(nastyString, fc.integer(), fc.constant(null)),
    { maxKeys: 4 },
  ),
);

/** A value for a schema: valid most of the time, deliberately wrong some of the time. */
export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anyValue;
  return fc.oneof({ weight: 6, arbitrary: wellFormed(schema, depth) }, { weight: 1, arbitrary: anyValue });
}

function wellFormed(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((branch) => arbitraryFor(branch, depth + 1)));
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (schema['x-wire'] === 'date')
    return fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      nastyString,
    );
  if (schema['x-wire'])
    return fc.oneof(nastyNumber, fc.constantFrom('NaN', 'Infinity', '-Infinity', '12.50', '1001'));
  const type = types[0];
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties))
        record[name] = arbitraryFor(property, depth + 1);
      const optional = Object.keys(properties).filter((name) => !required.has(name));
      return fc
        .tuple(
          fc.record(record, { requiredKeys: [...required].filter((name) => name in properties) }),
          fc.subarray(optional),
          fc.boolean(),
          anyValue,
        )
        .map(([value, drop, extra, junk]) => {
          const out = { ...(value as Record<string, unknown>) };
          for (const name of drop) delete out[name];
          if (extra) out.unexpectedField = junk;
          return out;
        });
    }
    case 'array':
      return fc.array(arbitraryFor(schema.items, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 5, 5) + 1,
      });
    case 'integer':
      return fc.oneof(fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000 }), nastyNumber);
    case 'number':
      return fc.oneof(
        fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1e6, noNaN: true }),
        nastyNumber,
      );
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 1, 0));
    case 'string':
      if (schema.format === 'date-time')
        return fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          nastyString,
        );
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), nastyString);
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) }),
        nastyString,
      );
    default:
      return anyValue;
  }
}
