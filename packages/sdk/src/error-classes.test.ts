import { describe, expect, it } from 'vitest';
import {
  ApplicationError,
  isApplicationError,
  isSessionExpiredError,
  isSystemError,
  isTokenRequestError,
  isValidationError,
  mapFieldName,
  OpenshelfError,
  SessionExpiredError,
  SystemError,
  TokenRequestError,
  ValidationError,
} from './errors.js';

// The error classes, their guards, and field-name mapping. Errors made from replies: errors.test.ts.
describe('mapFieldName', () => {
  const names = {
    lineItems: 'options.lineItems',
    'lineItems[0].catalogReference': 'options.item.ref',
    id: '_id',
  };
  it.each([
    ['lineItems[0].quantity', 'options.lineItems[0].quantity'],
    ['lineItems', 'options.lineItems'],
    ['lineItems.length', 'options.lineItems.length'],
    ['lineItems[0].catalogReference.appId', 'options.item.ref.appId'],
    ['lineItemsCount', 'lineItemsCount'],
    ['id', '_id'],
    ['identity.id', 'identity.id'],
    ['', ''],
  ])('%j → %j', (field, expected) => {
    expect(mapFieldName(field, names)).toBe(expected);
  });

  it('returns the field unchanged without a mapping', () => {
    expect(mapFieldName('a.b', undefined)).toBe('a.b');
  });
});

describe('error classes and guards', () => {
  const errors = {
    validation: new ValidationError([]),
    application: new ApplicationError('m', { code: 'C' }),
    system: new SystemError(),
    token: new TokenRequestError('Failed to fetch tokens from OAuth API: x'),
    session: new SessionExpiredError(),
  };
  const guards = {
    validation: isValidationError,
    application: isApplicationError,
    system: isSystemError,
    token: isTokenRequestError,
    session: isSessionExpiredError,
  };

  for (const [guardName, guard] of Object.entries(guards)) {
    for (const [errorName, error] of Object.entries(errors)) {
      it(`${guardName} guard is ${guardName === errorName} for a ${errorName} error`, () => {
        expect(guard(error)).toBe(guardName === errorName);
      });
    }
    it(`${guardName} guard is false for plain values`, () => {
      expect(guard(new Error('x'))).toBe(false);
      expect(guard({ name: 'ValidationError' })).toBe(false);
      expect(guard(undefined)).toBe(false);
    });
  }

  it.each([
    [errors.validation, 'ValidationError'],
    [errors.application, 'ApplicationError'],
    [errors.system, 'SystemError'],
    [errors.token, 'TokenRequestError'],
    [errors.session, 'SessionExpiredError'],
  ])('%o is an OpenshelfError and an Error named %s', (error, name) => {
    expect(error).toBeInstanceOf(OpenshelfError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
  });

  it('SystemError keeps its cause', () => {
    const cause = new TypeError('fetch failed');
    expect(new SystemError({ cause }).cause).toBe(cause);
  });
});
