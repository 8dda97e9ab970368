import { describe, expect, it } from 'vitest';
import { perOwner } from './per-owner.js';

describe('perOwner', () => {
  it('keeps one value per owner', () => {
    const of = perOwner<object, string[]>(() => []);
    const owner = {};
    of(owner).push('x');
    expect(of(owner)).toEqual(['x']);
    expect(of({})).toEqual([]);
  });
});
