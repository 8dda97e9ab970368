import type { QueryExecutor } from '../paging.js';
import { queryProducts } from '../query.js';

export type Loose = Record<string, (...args: unknown[]) => Loose> & {
  errors: readonly string[];
  build(): unknown;
};

/** Calls a builder method with arguments its types would refuse, as a JavaScript caller could. */
export function call(builder: object, method: string, ...args: unknown[]): Loose {
  return (builder as Loose)[method]!(...args);
}

const noExecutor: QueryExecutor<unknown> = async () => {
  throw new Error('not expected to run');
};
/** A products query builder whose find() must not run. */
export const q = () => queryProducts(noExecutor);
/** A Date and its wire form. */
export const date = new Date('2024-05-01T10:00:00.000Z');
export const iso = '2024-05-01T10:00:00.000Z';
