import { ValidationFailed } from './errors.js';

/*
 * How deeply a request value may nest objects and arrays. JSON.parse builds a value of any depth
 * without recursing, but the walks after it (system field names, NUL and non-finite scans, filter
 * renaming and compiling, schema validation, JSON.stringify for cache keys) recurse; 1,500 levels
 * overflowed one of them into a 500. Every request value (body, decoded `.r`, filters sent as JSON
 * strings) is measured here first, without recursion, so no walk after it sees more than this.
 *
 * 64 is far beyond any shape of the protocol (a filter at its own limit of 8 logical levels nests
 * about 20; a rich order under 10) and far below what a recursive walk can take.
 */
export const MAX_NESTING_DEPTH = 64;

interface Frame {
  value: object;
  /** 1 for the value itself, 2 for what it holds, … */
  depth: number;
  parent?: Frame;
  key?: string;
  index?: number;
}

/**
 * The path (in the protocol's `a.b[0].c` notation, after `prefix`) of the first object or array nested
 * deeper than `limit`, or undefined when none is. Iterative with an explicit stack: however deep the
 * value, the walk never descends past the limit, and never recurses.
 */
export function tooDeepPath(value: unknown, prefix = '', limit = MAX_NESTING_DEPTH): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const stack: Frame[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if (frame.depth > limit) return pathOf(frame, prefix);
    const container = frame.value;
    if (Array.isArray(container)) {
      for (let index = container.length - 1; index >= 0; index--) {
        const item: unknown = container[index];
        if (item !== null && typeof item === 'object')
          stack.push({ value: item, depth: frame.depth + 1, parent: frame, index });
      }
    } else {
      const keys = Object.keys(container);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const item: unknown = (container as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object')
          stack.push({ value: item, depth: frame.depth + 1, parent: frame, key });
      }
    }
  }
  return undefined;
}

function pathOf(frame: Frame, prefix: string): string {
  const steps: string[] = [];
  for (let at: Frame | undefined = frame; at?.parent; at = at.parent)
    steps.push(at.index !== undefined ? `[${at.index}]` : `.${at.key}`);
  const path = `${prefix}${steps.reverse().join('')}`;
  return path.startsWith('.') ? path.slice(1) : path;
}

/** Throws a 400 naming the first value nested deeper than the limit (see MAX_NESTING_DEPTH). */
export function rejectDeepNesting(value: unknown, prefix = '', limit = MAX_NESTING_DEPTH): void {
  const field = tooDeepPath(value, prefix, limit);
  if (field === undefined) return;
  throw new ValidationFailed([
    {
      field: field || '(body)',
      violatedRule: 'MAX',
      description: `nests objects and arrays deeper than ${limit} levels (the maximum nesting depth); flatten it`,
      data: { threshold: limit },
    },
  ]);
}
