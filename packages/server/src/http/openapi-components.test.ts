import { describe, expect, it } from 'vitest';
import { inlineReferences } from '../testing/openapi-references.js';
import { shareRepeatedSchemas } from './openapi-components.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const money = {
  type: 'object',
  properties: {
    amount: { type: 'string', description: 'Decimal amount, as the protocol sends it' },
    formattedAmount: { type: 'string', description: 'The amount in the store currency, formatted' },
    currency: { type: 'string', minLength: 3, maxLength: 3 },
  },
  required: ['amount', 'formattedAmount'],
};
const lineItem = {
  type: 'object',
  properties: { id: { type: 'string' }, quantity: { type: 'integer', minimum: 1 }, price: money },
  required: ['id', 'quantity'],
};
const reply = (schema: Json) => ({
  '200': { description: 'ok', content: { 'application/json': { schema } } },
});

function documentWith(paths: Record<string, Json>) {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components: {} };
}

describe('shareRepeatedSchemas', () => {
  it('names a repeated shape once, after where it appears, and refers to it everywhere', () => {
    const cart = { type: 'object', properties: { lineItems: { type: 'array', items: lineItem } } };
    const document = documentWith({
      '/carts/{id}': { get: { responses: reply({ type: 'object', properties: { cart } }) } },
      '/carts/{id}/add': { post: { responses: reply({ type: 'object', properties: { cart } }) } },
      '/orders/{id}': {
        get: {
          responses: reply({
            type: 'object',
            properties: {
              order: {
                type: 'object',
                properties: { number: { type: 'integer' }, lineItems: { type: 'array', items: lineItem } },
              },
            },
          }),
        },
      },
    });
    const shared = shareRepeatedSchemas(document);

    expect(shared.paths['/carts/{id}']).toEqual({
      get: { responses: reply({ $ref: '#/components/schemas/CartReply' }) },
    });
    expect(shared.paths['/carts/{id}/add']).toEqual({
      post: { responses: reply({ $ref: '#/components/schemas/CartReply' }) },
    });
    const schemas = (shared.components as { schemas: Record<string, Json> }).schemas;
    // The price repeats only inside the line item: it stays there.
    expect(Object.keys(schemas).sort()).toEqual(['CartReply', 'LineItem']);
    // Inside a shared shape, and where it appears again elsewhere, a repeated part is a reference.
    expect(schemas.CartReply).toEqual({
      type: 'object',
      properties: {
        cart: {
          type: 'object',
          properties: { lineItems: { type: 'array', items: { $ref: '#/components/schemas/LineItem' } } },
        },
      },
    });
    expect(JSON.stringify(shared.paths['/orders/{id}'])).toContain(
      '"items":{"$ref":"#/components/schemas/LineItem"}',
    );
    expect(inlineReferences(shared)).toEqual(inlineReferences(document));
    // The input is left as it was.
    expect(JSON.stringify(document)).not.toContain('$ref');
  });

  it('compares shapes whatever their keys order, keeps small and scalar ones inline', () => {
    const reordered = { required: money.required, properties: money.properties, type: 'object' };
    const status = { type: 'string', enum: Array.from({ length: 40 }, (_, i) => `STATUS_NUMBER_${i}`) };
    const small = { type: 'object', properties: { id: { type: 'string' } } };
    const shared = shareRepeatedSchemas(
      documentWith({
        '/a': { get: { responses: reply({ type: 'object', properties: { total: money, status, small } }) } },
        '/b': {
          get: { responses: reply({ type: 'object', properties: { subtotal: reordered, status, small } }) },
        },
      }),
    );
    const schemas = (shared.components as { schemas: Record<string, Json> }).schemas;
    expect(Object.keys(schemas)).toEqual(['Total']);
    const text = JSON.stringify(shared.paths);
    expect(text.match(/#\/components\/schemas\/Total/g)).toHaveLength(2);
    expect(text.match(/STATUS_NUMBER_0/g)).toHaveLength(2);
    expect(text.match(/"small":\{"type":"object"/g)).toHaveLength(2);
  });

  it('names two different shapes met under one name after their owners', () => {
    const merchantItem = { ...lineItem, properties: { ...lineItem.properties, cost: money } };
    const shared = shareRepeatedSchemas(
      documentWith({
        '/carts': {
          get: {
            responses: reply({
              type: 'object',
              properties: {
                cart: { type: 'object', properties: { lineItems: { type: 'array', items: lineItem } } },
              },
            }),
          },
        },
        '/carts/2': {
          get: {
            responses: reply({
              type: 'object',
              properties: { total: { type: 'string' }, lineItems: { type: 'array', items: lineItem } },
            }),
          },
        },
        '/orders': {
          get: {
            responses: reply({
              type: 'object',
              properties: {
                order: { type: 'object', properties: { lineItems: { type: 'array', items: merchantItem } } },
              },
            }),
          },
        },
        '/orders/2': {
          get: {
            responses: reply({
              type: 'object',
              properties: { total: { type: 'string' }, lineItems: { type: 'array', items: merchantItem } },
            }),
          },
        },
      }),
    );
    const names = Object.keys((shared.components as { schemas: Record<string, Json> }).schemas);
    expect(names).toContain('LineItem');
    expect(names).toContain('OrderLineItem');
  });
});
