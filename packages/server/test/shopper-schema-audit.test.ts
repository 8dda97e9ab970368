import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestStore } from '../src/testing/ecom.js';
import { createTestApp, memberToken, type TestApp, visitorToken } from '../src/testing/index.js';

// Issue #20: what one shopper can make the store keep is bounded at the schema (maxLength, maxItems,
// maxProperties) and, where it accumulates, in total (a cart's 300 lines). The audit below holds every
// shopper-callable request schema to that; the cases after it send each bound's limit, then one more,
// and read back that the refused request changed nothing.
// This file is the audit; shopper-storage-bounds.test.ts sends each bound's limit and one more.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setUpTestStore(t.database.db);
});
afterAll(() => t.close());

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  propertyNames?: { maxLength?: number };
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  maxItems?: number;
  maxProperties?: number;
  pattern?: string;
  format?: string;
  'x-wire'?: string;
};

/** A pattern that matches strings of a bounded length only: anchored, without `*`, `+` or `{n,}`. */
const boundedPattern = (pattern: string) =>
  pattern.startsWith('^') && pattern.endsWith('$') && !/[*+]|\{\d+,\}/.test(pattern.replace(/\\./g, ''));

/** Every part of a request schema a caller could make as large as the body limit allows. */
function unboundedParts(schema: Schema | undefined, path: string, out: string[]): void {
  if (!schema) return;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    for (const branch of union) unboundedParts(branch, path, out);
    return;
  }
  if (schema.enum || schema.const !== undefined) return;
  const types = [schema.type ?? []].flat();
  if (types.length === 0 && !schema.properties) {
    out.push(`${path}: any value`);
    return;
  }
  // Wire numbers and dates are converted (to numbers, Dates) before anything keeps them.
  const converted = schema['x-wire'] !== undefined || schema.format === 'date-time';
  if (
    types.includes('string') &&
    schema.maxLength === undefined &&
    !converted &&
    !(schema.pattern && boundedPattern(schema.pattern))
  )
    out.push(`${path}: a string without maxLength`);
  if (types.includes('array')) {
    if (schema.maxItems === undefined) out.push(`${path}: a list without maxItems`);
    unboundedParts(schema.items, `${path}[]`, out);
  }
  if (types.includes('object') || schema.properties) {
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      unboundedParts(property, `${path}.${name}`, out);
    const values = [
      ...Object.values(schema.patternProperties ?? {}),
      ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : []),
    ];
    if (values.length > 0) {
      if (schema.maxProperties === undefined) out.push(`${path}: a map without maxProperties`);
      if (schema.propertyNames?.maxLength === undefined) out.push(`${path}: a map without a key length`);
      for (const value of values) unboundedParts(value, `${path}{}`, out);
    }
  }
}

/**
 * What a shopper may send unbounded, and why it is never kept. Anything else a shopper sends is
 * bounded by its schema; a new unbounded field fails this test until it is bounded or listed here.
 */
const NOT_KEPT: [route: RegExp, part: string, why: string][] = [
  [
    /\/(query|query-platformized|search)$/,
    'body.query.filter: any value',
    'compiled to SQL (query-filter.ts limits)',
  ],
  [
    /\/(query|query-platformized|search)$/,
    'body.query.sort: any value',
    'compiled against the sortable fields',
  ],
  [/\/(login|register)$/, 'body.clientMetaData: any value', 'only deviceToken is read, as a string'],
  [/verify$/, 'body.pushData: any value', 'factors this store refuses by name'],
  [/verify$/, 'body.webauthnData: any value', 'factors this store refuses by name'],
  [/verify$/, 'body.passwordData: any value', 'the password is read and checked, never kept'],
  [/redirect-session$/, 'body.bookingsCheckout{}: any value', 'intents not offered: refused before storing'],
  [/redirect-session$/, 'body.eventsCheckout{}: any value', 'intents not offered: refused before storing'],
  [/redirect-session$/, 'body.bookingsBook{}: any value', 'intents not offered: refused before storing'],
  [
    /redirect-session$/,
    'body.ecomOrderPaymentRequest{}: any value',
    'intents not offered: refused before storing',
  ],
  [
    /carts\/current|checkouts/,
    'body.customLineItems[].catalogReference.options{}: any value',
    'custom lines are for merchant keys (shoppers get FIELD_NOT_ALLOWED) and keep no reference',
  ],
];

describe('every request a shopper can send is bounded by its schema', () => {
  it('finds no unbounded string, list, map or value outside the listed ones that are never kept', async () => {
    const shoppers = [visitorToken('v-bounds-audit'), memberToken('m-bounds-audit')];
    const found: string[] = [];
    const audited: string[] = [];
    const listed = new Set<string>();
    for (const route of t.app.routeCatalog) {
      const body = (route.schema as { body?: Schema } | undefined)?.body;
      if (!body || !['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
      // Guards run before validation: a route that refuses both shopper tokens (401/403) is not theirs.
      let forShoppers = false;
      for (const authorization of shoppers) {
        const reply = await t.app.inject({
          method: route.method as 'POST',
          url: route.url.replace(/:\w+/g, 'x'),
          headers: { authorization },
          payload: { '': '' },
        });
        if (reply.statusCode !== 401 && reply.statusCode !== 403) forShoppers = true;
      }
      if (!forShoppers) continue;
      audited.push(`${route.method} ${route.url}`);
      const parts: string[] = [];
      unboundedParts(body, 'body', parts);
      for (const part of parts) {
        const entry = NOT_KEPT.find(([url, listedPart]) => url.test(route.url) && listedPart === part);
        if (entry) listed.add(entry[1]);
        else found.push(`${route.method} ${route.url} ${part}`);
      }
    }
    // The probe must reach the shopper's own calls, and not the merchant's.
    expect(audited).toEqual(
      expect.arrayContaining([
        'POST /ecom/v1/carts/current/add-to-cart',
        'PATCH /ecom/v1/checkouts/:id',
        'PATCH /_api/iam/identity/v1/identities/me',
        'PATCH /_api/preferences/v1/preferences/current',
        'POST /_api/redirects-api/v1/redirect-session',
      ]),
    );
    expect(audited).not.toContain('POST /stores/v1/products');
    expect(found).toEqual([]);
    // A listed exception that no longer occurs is removed from the list.
    expect(NOT_KEPT.map(([, part]) => part).filter((part) => !listed.has(part))).toEqual([]);
  });
});
