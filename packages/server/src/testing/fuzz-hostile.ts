import fc from 'fast-check';

// Hostile shapes (issue #20): for every operation, beside the contract-shaped requests, values no schema
// asks for — nesting 10, 100 and 2,000 levels deep (in filters and in any body object), objects with
// thousands of keys, strings up to near the body limit (1 MB), lists of a hundred thousand items —
// planted somewhere in an otherwise generated request.

export const HOSTILE_SHAPES = ['deep', 'deepFilter', 'wide', 'long', 'huge'] as const;
export type HostileShape = (typeof HOSTILE_SHAPES)[number];

const SIZES: Record<HostileShape, readonly number[]> = {
  deep: [10, 100, 2_000],
  deepFilter: [10, 100, 2_000],
  wide: [1_000, 5_000],
  // The largest stays under the 1 MB body limit with the rest of the request around it.
  long: [1_000, 100_000, 900_000],
  huge: [10_000, 100_000],
};

export interface Hostile {
  shape: HostileShape;
  size: number;
  /** Varies the value within its shape (arrays or objects, ASCII or multi-byte, …). */
  flavor: number;
  /** Picks where in the request the value goes. */
  at: number;
}

export const arbitraryHostile: fc.Arbitrary<Hostile> = fc
  .tuple(fc.constantFrom(...HOSTILE_SHAPES), fc.nat(), fc.nat(3), fc.nat())
  .map(([shape, sizeIndex, flavor, at]) => {
    const sizes = SIZES[shape];
    return { shape, size: sizes[sizeIndex % sizes.length] as number, flavor, at };
  });

const FILTER_OPERATORS = ['$and', '$or', '$not'] as const;

/** The value of a hostile shape, built by loops (never by recursion, which is what it tests). */
export function hostileValue({ shape, size, flavor }: Hostile): unknown {
  switch (shape) {
    case 'deep': {
      let value: unknown = flavor % 2 === 0 ? 'leaf' : { id: 'leaf' };
      for (let i = 0; i < size; i++) value = flavor < 2 ? [value] : { nested: value };
      return value;
    }
    case 'deepFilter': {
      const operator = FILTER_OPERATORS[
        flavor % FILTER_OPERATORS.length
      ] as (typeof FILTER_OPERATORS)[number];
      let filter: unknown = { name: { $startsWith: 'M' } };
      for (let i = 0; i < size; i++) filter = { [operator]: operator === '$not' ? filter : [filter] };
      return filter;
    }
    case 'wide':
      return Object.fromEntries(
        Array.from({ length: size }, (_, i) => [flavor % 2 === 0 ? `k${i}` : `$k${i}`, i]),
      );
    case 'long':
      // Multi-byte text is a third of the characters for the same bytes.
      return flavor % 2 === 0 ? 'x'.repeat(size) : '🛒'.repeat(Math.floor(size / 4));
    case 'huge':
      return flavor % 2 === 0 ? new Array(size).fill(0) : new Array(Math.floor(size / 4)).fill('item');
  }
}

/**
 * Puts a hostile value into a generated request body: as its filter (`query.filter`, for routes that
 * take one), or under an existing or new key of one of its objects or lists, chosen by `at`.
 */
export function plantHostile(body: unknown, hostile: Hostile, takesFilter: boolean): unknown {
  const value = hostileValue(hostile);
  if (hostile.shape === 'deepFilter' || (takesFilter && hostile.at % 3 === 0)) {
    const root = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
    const query = (root as { query?: unknown }).query;
    return {
      ...root,
      query: { ...(query !== null && typeof query === 'object' ? query : {}), filter: value },
    };
  }
  if (body === null || typeof body !== 'object') return hostile.at % 2 === 0 ? { hostile: value } : value;
  // The body's containers, breadth-first and a few levels down (generated bodies are shallow).
  const containers: object[] = [body];
  for (let i = 0; i < containers.length && containers.length < 200; i++) {
    for (const item of Object.values(containers[i] as object))
      if (item !== null && typeof item === 'object') containers.push(item);
  }
  const target = containers[hostile.at % containers.length] as Record<string, unknown> | unknown[];
  if (Array.isArray(target)) {
    if (target.length > 0 && hostile.at % 2 === 0) target[hostile.at % target.length] = value;
    else target.push(value);
  } else {
    const keys = Object.keys(target);
    const key =
      keys.length > 0 && hostile.at % 2 === 0 ? (keys[hostile.at % keys.length] as string) : 'hostile';
    target[key] = value;
  }
  return body;
}

/** A hostile query string: many parameters, a long value, or a `.r` query holding a hostile filter. */
export function hostileQuery(hostile: Hostile, takesQueryParam: boolean): string {
  if (takesQueryParam && (hostile.shape === 'deepFilter' || hostile.shape === 'deep')) {
    const encoded = Buffer.from(JSON.stringify({ query: { filter: hostileValue(hostile) } })).toString(
      'base64url',
    );
    return `.r=${encoded}`;
  }
  switch (hostile.shape) {
    case 'wide':
      return Array.from({ length: Math.min(hostile.size, 1_500) }, (_, i) => `k${i}=${i}`).join('&');
    case 'long':
    case 'huge':
      // A request line beyond Node's 16 KB header limit never reaches the app; stay within it.
      return `q=${'x'.repeat(Math.min(hostile.size, 12_000))}`;
    default:
      return `filter=${encodeURIComponent(JSON.stringify(hostileValue({ ...hostile, size: Math.min(hostile.size, 100) })))}`;
  }
}
