import { describe, expect, it } from 'vitest';
import { BoundedMap, perOwner } from './bounded-map.js';

describe('BoundedMap', () => {
  it('forgets the least recently set entries beyond its size', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3).set('c', 4);
    expect([...map.entries()]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });

  it('keeps one value per owner', () => {
    const of = perOwner<object, string[]>(() => []);
    const owner = {};
    of(owner).push('x');
    expect(of(owner)).toEqual(['x']);
    expect(of({})).toEqual([]);
  });
});
