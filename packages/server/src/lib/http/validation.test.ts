import { Ajv } from 'ajv';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { fieldPath, type SchemaError, violationsFromSchemaErrors } from './validation.js';

describe('schema errors to field violations', () => {
  it('names fields in the protocol notation', () => {
    expect(fieldPath('', '/lineItems/0/quantity')).toBe('lineItems[0].quantity');
    expect(fieldPath('', '/a~1b/c~0d')).toBe('a/b.c~d');
  });

  it.each([
    [
      { keyword: 'minimum', instancePath: '/lineItems/0/quantity', params: { limit: 1 } },
      'lineItems[0].quantity',
      'MIN',
      'must be at least 1',
    ],
    [
      { keyword: 'maximum', instancePath: '/paging/limit', params: { limit: 100 } },
      'paging.limit',
      'MAX',
      'must be at most 100',
    ],
    [
      { keyword: 'required', instancePath: '/product', params: { missingProperty: 'name' } },
      'product.name',
      'REQUIRED_FIELD',
      'is required',
    ],
    [
      { keyword: 'maxLength', instancePath: '/name', params: { limit: 80 } },
      'name',
      'MAX_LENGTH',
      'must be at most 80 characters long',
    ],
    [
      { keyword: 'minLength', instancePath: '/name', params: { limit: 1 } },
      'name',
      'MIN_LENGTH',
      'must be at least 1 characters long',
    ],
    [
      { keyword: 'maxItems', instancePath: '/ids', params: { limit: 100 } },
      'ids',
      'MAX_SIZE',
      'must have at most 100 items',
    ],
    [
      { keyword: 'minItems', instancePath: '/ids', params: { limit: 1 } },
      'ids',
      'MIN_SIZE',
      'must have at least 1 items',
    ],
    [
      { keyword: 'enum', instancePath: '/role', params: { allowedValues: ['owner', 'staff'] } },
      'role',
      'INVALID_ENUM_VALUE',
      'must be one of: owner, staff',
    ],
    [
      { keyword: 'format', instancePath: '/email', params: { format: 'email' } },
      'email',
      'FORMAT',
      'must be a valid email',
    ],
    [
      { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'colour' } },
      'colour',
      'FIELD_NOT_ALLOWED',
      'is not allowed here; remove it',
    ],
    [
      { keyword: 'oneOf', instancePath: '/media', params: {} },
      'media',
      'ONE_OF_ALIGNMENT',
      'must match exactly one of the allowed shapes',
    ],
    [
      { keyword: 'type', instancePath: '/quantity', params: { type: 'integer' } },
      'quantity',
      'VALIDATION',
      'must be an integer',
    ],
  ])('%j → %s %s', (error, field, rule, description) => {
    expect(violationsFromSchemaErrors([error])).toEqual([
      expect.objectContaining({ field, violatedRule: rule, description }),
    ]);
  });

  it('keeps the threshold in data, as the protocol example shows', () => {
    const [violation] = violationsFromSchemaErrors([
      { keyword: 'minimum', instancePath: '/q', params: { limit: 1 } },
    ]);
    expect(violation?.data).toEqual({ threshold: 1 });
  });

  it('folds a union of literals into one enum violation', () => {
    const violations = violationsFromSchemaErrors([
      { keyword: 'const', instancePath: '/type', params: { allowedValue: 'physical' } },
      { keyword: 'const', instancePath: '/type', params: { allowedValue: 'digital' } },
      { keyword: 'anyOf', instancePath: '/type', params: {} },
    ]);
    expect(violations).toEqual([
      {
        field: 'type',
        violatedRule: 'INVALID_ENUM_VALUE',
        description: 'must be one of: physical, digital',
        data: { allowedValues: ['physical', 'digital'] },
      },
    ]);
  });

  it('reports one violation per field, preferring a named rule', () => {
    const violations = violationsFromSchemaErrors([
      { keyword: 'type', instancePath: '/n', params: { type: 'number' } },
      { keyword: 'minimum', instancePath: '/n', params: { limit: 0 } },
    ]);
    expect(violations).toHaveLength(1);
    expect(violations[0]?.violatedRule).toBe('MIN');
  });
});

describe('unions and map keys, as Ajv reports them', () => {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, coerceTypes: 'array' });
  const violations = (schema: object, value: unknown) => {
    const validate = ajv.compile(schema);
    expect(validate(value)).toBe(false);
    return violationsFromSchemaErrors(validate.errors as SchemaError[]);
  };

  it('a value fitting one branch of a union by type is reported by that branch’s rule', () => {
    const code = Type.Object({ couponCode: Type.Union([Type.String({ maxLength: 60 }), Type.Null()]) });
    expect(violations(code, { couponCode: 'x'.repeat(61) })).toEqual([
      expect.objectContaining({ field: 'couponCode', violatedRule: 'MAX_LENGTH', data: { threshold: 60 } }),
    ]);
    // Fitting no branch by type (or several), the union keeps its summary.
    expect(violations(code, { couponCode: [1, 2] })).toEqual([
      expect.objectContaining({ field: 'couponCode', violatedRule: 'VALIDATION' }),
    ]);
  });

  it('a map key that breaks propertyNames is named at its own path', () => {
    const map = Type.Object({
      options: Type.Record(Type.String(), Type.String(), {
        maxProperties: 2,
        propertyNames: { minLength: 1, maxLength: 5 },
      }),
    });
    const keys = violations(map, { options: { toolong: 'a', '': 'b' } });
    expect(keys).toHaveLength(2);
    expect(keys).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'options.', violatedRule: 'MIN_LENGTH' }),
        expect.objectContaining({
          field: 'options.toolong',
          violatedRule: 'MAX_LENGTH',
          data: { threshold: 5 },
        }),
      ]),
    );
    expect(violations(map, { options: { a: '1', b: '2', c: '3' } })).toEqual([
      expect.objectContaining({ field: 'options', violatedRule: 'MAX_SIZE' }),
    ]);
  });
});
