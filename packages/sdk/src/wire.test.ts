import { describe, expect, it } from 'vitest';
import { fromWireDate, fromWireFloat, reviveEntity } from './wire.js';

describe('fromWireFloat', () => {
  it.each<[number | string, number]>([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    [0.3, 0.3],
    [-2, -2],
    [Number.NaN, Number.NaN],
    ['12.5', 12.5],
    ['-0.25', -0.25],
    ['', Number.NaN],
    ['  ', Number.NaN],
    ['abc', Number.NaN],
  ])('%j → %d', (input, expected) => {
    expect(fromWireFloat(input)).toBe(expected);
  });

  it('passes null and undefined through', () => {
    expect(fromWireFloat(null)).toBeNull();
    expect(fromWireFloat(undefined)).toBeUndefined();
  });
});

describe('fromWireDate', () => {
  it('parses ISO strings', () => {
    const date = fromWireDate('2024-05-01T10:00:00.000Z');
    expect(date).toBeInstanceOf(Date);
    expect(date.toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });

  it('passes Dates, null and undefined through', () => {
    const date = new Date(5);
    expect(fromWireDate(date)).toBe(date);
    expect(fromWireDate(null)).toBeNull();
    expect(fromWireDate(undefined)).toBeUndefined();
  });
});

describe('reviveEntity', () => {
  const wire = {
    id: 'p1',
    numericId: '1001',
    createdDate: '2024-05-01T10:00:00.000Z',
    lastUpdated: '2024-05-02T10:00:00.000Z',
    weight: 'Infinity',
    priceData: { price: 10, formatted: { price: '$10.00' } },
    variants: [
      { id: 'v1', variant: { weight: 'NaN', priceData: { price: '-Infinity' } } },
      { id: 'v2', variant: { weight: 0.5 } },
      { id: 'v3' },
    ],
    geocode: null,
    media: { items: [[{ w: '1' }], [{ w: 'NaN' }]] },
  };

  const revived = reviveEntity<Record<string, unknown>>(wire, {
    dates: ['createdDate', 'lastUpdated', 'missing.date'],
    floats: [
      'weight',
      'priceData.price',
      'variants.variant.weight',
      'variants[].variant.priceData.price',
      'geocode.latitude',
      'media.items.w',
    ],
  });

  it('converts dates and floats on the given paths, through arrays', () => {
    expect(revived.createdDate).toEqual(new Date('2024-05-01T10:00:00.000Z'));
    expect(revived.lastUpdated).toEqual(new Date('2024-05-02T10:00:00.000Z'));
    expect(revived.weight).toBe(Number.POSITIVE_INFINITY);
    expect(revived.priceData).toEqual({ price: 10, formatted: { price: '$10.00' } });
    expect(revived.variants).toEqual([
      { id: 'v1', variant: { weight: Number.NaN, priceData: { price: Number.NEGATIVE_INFINITY } } },
      { id: 'v2', variant: { weight: 0.5 } },
      { id: 'v3' },
    ]);
    expect(revived.media).toEqual({ items: [[{ w: 1 }], [{ w: Number.NaN }]] });
  });

  it('leaves other fields, nulls and missing paths alone', () => {
    expect(revived.numericId).toBe('1001');
    expect(revived.geocode).toBeNull();
    expect(revived).not.toHaveProperty('missing');
    expect(Object.keys(revived)).toEqual(Object.keys(wire));
  });

  it('does not modify its input', () => {
    expect(wire.createdDate).toBe('2024-05-01T10:00:00.000Z');
    expect(wire.weight).toBe('Infinity');
    expect(wire.variants[0]?.variant?.weight).toBe('NaN');
  });

  it('returns the parts it does not change as they are (no copies), also on a second use of the paths', () => {
    expect(revived.priceData).toBe(wire.priceData);
    expect((revived.variants as unknown[])[2]).toBe(wire.variants[2]);
    const paths = { floats: ['a.b'] };
    const unchanged = { a: { b: 1 }, c: [1] };
    expect(reviveEntity(unchanged, paths)).toBe(unchanged);
    expect(reviveEntity({ a: [{ b: '2' }] }, paths)).toEqual({ a: [{ b: 2 }] });
  });

  it('revives a top-level array', () => {
    expect(reviveEntity([{ d: '2024-01-01T00:00:00.000Z' }], { dates: ['d'] })).toEqual([
      { d: new Date('2024-01-01T00:00:00.000Z') },
    ]);
  });
});
