import fc from 'fast-check';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { ValidationFailed } from './errors.js';
import {
  convertWireValue,
  declaredFields,
  decodeQueryParam,
  normalizeQueryObject,
  normalizeSystemFields,
  plainFieldName,
  toWireFloat,
} from './wire.js';

describe('system field names', () => {
  it('renames _id/_createdDate/_updatedDate at any depth and keeps other keys', () => {
    const body = {
      _id: 'chk-1',
      lastUpdated: 'x',
      lineItems: [{ _id: 'li-1', quantity: 3, nested: { _createdDate: 'd1', _updatedDate: 'd2' } }],
    };
    normalizeSystemFields(body);
    expect(body).toEqual({
      id: 'chk-1',
      lastUpdated: 'x',
      lineItems: [{ id: 'li-1', quantity: 3, nested: { createdDate: 'd1', updatedDate: 'd2' } }],
    });
  });

  it('prefers the plain name when both forms are sent', () => {
    const body = { id: 'plain', _id: 'underscore' };
    normalizeSystemFields(body);
    expect(body).toEqual({ id: 'plain' });
  });

  it('maps dotted filter and sort field names', () => {
    expect(plainFieldName('_createdDate')).toBe('createdDate');
    expect(plainFieldName('variants._id')).toBe('variants.id');
    expect(plainFieldName('price')).toBe('price');
  });
});

describe('wire values', () => {
  it.each([
    ['float', 12.5, 12.5],
    ['float', '12.5', 12.5],
    ['float', '-1e3', -1000],
    ['float', 'NaN', Number.NaN],
    ['float', 'Infinity', Infinity],
    ['float', '-Infinity', -Infinity],
    ['finite', '0.30', 0.3],
    ['measure', '0.25', 0.25],
    ['measure', 'NaN', null],
    ['int64', '1001', '1001'],
    ['int64', 1001, '1001'],
  ] as const)('%s accepts %j', (kind, input, expected) => {
    const result = convertWireValue(kind, input);
    expect(result).toEqual({ value: expected });
  });

  it.each([
    ['float', 'abc'],
    ['float', true],
    ['finite', 'NaN'],
    ['finite', 'Infinity'],
    ['measure', 'Infinity'],
    ['measure', '-Infinity'],
    ['int64', '12.5'],
    ['int64', 2 ** 60],
    ['date', '2024-13-45'],
    ['date', 'yesterday'],
  ] as const)('%s rejects %j with a message', (kind, input) => {
    const result = convertWireValue(kind, input);
    expect(result).toHaveProperty('error');
  });

  it('converts dates to Date objects', () => {
    const result = convertWireValue('date', '2024-05-01T10:00:00.000Z');
    expect(result).toEqual({ value: new Date('2024-05-01T10:00:00.000Z') });
  });

  it('enforces bounds after conversion from a string', () => {
    expect(convertWireValue('finite', '-1', { minimum: 0 })).toEqual({
      error: 'must be at least 0',
      rule: 'MIN',
      threshold: 0,
    });
  });

  it('names the rule "NaN" and the infinities break where a number is needed, in plain words', () => {
    const price = { minimum: 0, maximum: 999_999_999.99, noun: 'price' };
    expect(convertWireValue('finite', 'NaN', price)).toEqual({
      error: 'must be a number; "NaN" is not a price',
      rule: 'VALIDATION',
    });
    expect(convertWireValue('finite', 'Infinity', price)).toEqual({
      error: 'must be a number up to 999999999.99; "Infinity" is not a price',
      rule: 'MAX',
      threshold: 999_999_999.99,
    });
    expect(convertWireValue('finite', '-Infinity', price)).toEqual({
      error: 'must be a number of at least 0; "-Infinity" is not a price',
      rule: 'MIN',
      threshold: 0,
    });
    expect(convertWireValue('finite', '1e309', price)).toMatchObject({
      rule: 'MAX',
      error: 'must be a number up to 999999999.99; "1e309" is not a price',
    });
    expect(convertWireValue('finite', 'NaN', { noun: 'amount' })).toMatchObject({
      error: 'must be a number; "NaN" is not an amount',
    });
    expect(convertWireValue('finite', 'Infinity')).toEqual({
      error: 'must be a number, not "Infinity"',
      rule: 'VALIDATION',
    });
    expect(convertWireValue('finite', 'nan')).toEqual({ error: 'must be a number' });
  });

  it('reads "NaN" on an optional measure as no value, and keeps its bounds', () => {
    const weight = { minimum: 0, maximum: 1000, noun: 'weight' };
    expect(convertWireValue('measure', 'NaN', weight)).toEqual({ value: null });
    expect(convertWireValue('measure', 'Infinity', weight)).toEqual({
      error: 'must be a number up to 1000; "Infinity" is not a weight',
      rule: 'MAX',
      threshold: 1000,
    });
    expect(convertWireValue('measure', -1, weight)).toMatchObject({ rule: 'MIN' });
  });

  it('asks for whole numbers where the field counts things', () => {
    const stock = { minimum: 0, maximum: 99, noun: 'stock quantity', whole: true };
    expect(convertWireValue('finite', '7', stock)).toEqual({ value: 7 });
    expect(convertWireValue('finite', 1.5, stock)).toEqual({
      error: 'must be a whole number',
      rule: 'VALIDATION',
    });
    expect(convertWireValue('finite', 'NaN', stock)).toEqual({
      error: 'must be a whole number; "NaN" is not a stock quantity',
      rule: 'VALIDATION',
    });
    expect(convertWireValue('finite', 'lots', stock)).toEqual({ error: 'must be a whole number' });
  });

  it('reads any double the way the client wrote it, and keeps finite fields finite and in bounds', () => {
    const bound = fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: undefined });
    fc.assert(
      fc.property(fc.double(), bound, bound, (number, minimum, maximum) => {
        // The public client sends ordinary numbers as JSON numbers and the rest as their names.
        const sent = Number.isFinite(number) ? number : String(number);
        expect(convertWireValue('float', sent)).toEqual({ value: number });
        // As text, -0 is "0": the only double whose numeral does not carry it exactly.
        expect(convertWireValue('float', String(number))).toEqual({ value: Number(String(number)) });
        const bounds = {
          ...(minimum !== undefined ? { minimum } : {}),
          ...(maximum !== undefined ? { maximum } : {}),
        };
        const result = convertWireValue('finite', sent, bounds);
        if ('value' in result) {
          expect(Number.isFinite(result.value)).toBe(true);
          expect(result.value).toBe(number);
        } else {
          expect(result.rule).toMatch(/^(MIN|MAX|VALIDATION)$/);
          if (result.rule === 'MIN') expect(result.threshold).toBe(minimum);
          if (result.rule === 'MAX') expect(result.threshold).toBe(maximum);
          if (Number.isFinite(number)) expect(result.rule).not.toBe('VALIDATION');
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('sends non-finite floats as strings', () => {
    expect(toWireFloat(Number.NaN)).toBe('NaN');
    expect(toWireFloat(-Infinity)).toBe('-Infinity');
    expect(toWireFloat(2.5)).toBe(2.5);
  });
});

describe('query requests', () => {
  it('decodes .r (base64url JSON without padding)', () => {
    const body = { query: { filter: { name: 'Mug ✓' }, paging: { limit: 2, offset: 0 } } };
    const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
    expect(encoded).not.toMatch(/[+/=]/);
    expect(decodeQueryParam(encoded)).toEqual(body);
  });

  it('rejects a missing or undecodable .r with a field violation', () => {
    expect(() => decodeQueryParam(undefined)).toThrow(ValidationFailed);
    try {
      decodeQueryParam('%%%not-base64');
    } catch (error) {
      expect((error as ValidationFailed).violations[0]).toMatchObject({
        field: '.r',
        violatedRule: 'FORMAT',
      });
    }
  });

  it('accepts filter and sort as JSON strings and renames system fields in them', () => {
    const query: Record<string, unknown> = {
      filter: '{"$and":[{"_id":{"$in":["a"]}},{"visible":true}]}',
      sort: '[{"fieldName":"_createdDate","order":"DESC"}]',
    };
    normalizeQueryObject(query);
    expect(query).toEqual({
      filter: { $and: [{ id: { $in: ['a'] } }, { visible: true }] },
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
    });
  });

  it('reports a filter string that is not JSON', () => {
    expect(() => normalizeQueryObject({ filter: '{nope' })).toThrow(/query.filter/);
  });
});

describe('declaredFields', () => {
  const schema = Type.Object({
    settings: Type.Object({
      name: Type.Optional(Type.String()),
      rates: Type.Optional(Type.Array(Type.Object({ code: Type.String() }))),
      labels: Type.Optional(Type.Record(Type.String(), Type.String())),
      address: Type.Optional(Type.Union([Type.Object({ city: Type.String() }), Type.Null()])),
      when: Type.Optional(Type.Unsafe<Date>({ type: 'string' })),
    }),
  });

  it('keeps what the contract declares at every level, and drops the rest', () => {
    const when = new Date('2026-11-25T00:00:00Z');
    const value = {
      id: null,
      settings: {
        id: null,
        name: 'Shop',
        rates: [{ code: 'std', id: null }],
        labels: { any: 'key' },
        address: { city: 'Paris', extra: 1 },
        when,
      },
    };
    expect(declaredFields(schema, value)).toEqual({
      settings: {
        name: 'Shop',
        rates: [{ code: 'std' }],
        labels: { any: 'key' },
        // A union is kept whole: which branch matched is not known.
        address: { city: 'Paris', extra: 1 },
        when,
      },
    });
  });
});
