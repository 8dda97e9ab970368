import { ApplicationError, SystemError, ValidationError } from '@openshelf/sdk';
import { redirect } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFormErrors, STORE_UNREACHABLE } from './api-errors.server';
import { fieldError } from './form-errors';

const refused = (
  ...violations: { field: string; violatedRule: string; description: string; data?: object }[]
) =>
  new ValidationError(
    violations.map((v) => ({ ...v, data: { ...v.data } })),
    { status: 400 },
  );

const conflict = (code: string, description: string, status = 409) =>
  new ApplicationError('Conflict', { code, description, status });

describe('the API refusal of a form, as the form shows it', () => {
  afterEach(() => vi.restoreAllMocks());

  it('puts each violation at its input, in the words of the one table, and the rest on the form', () => {
    const error = refused(
      { field: 'coupon.code', violatedRule: 'REQUIRED_FIELD', description: 'is required' },
      { field: 'coupon.name', violatedRule: 'MAX_LENGTH', description: 'too long', data: { threshold: 80 } },
      { field: 'coupon.scope', violatedRule: 'INVALID_ENUM_VALUE', description: 'bad', data: {} },
    );
    const errors = apiFormErrors(error, {
      fields: { 'coupon.code': 'code', 'coupon.name': 'name' },
    });
    expect(errors).toEqual({
      fields: { code: 'Enter a code.', name: 'Use at most 80 characters; shorten it.' },
      form: 'Bad.',
    });
  });

  it('says a value that is no number in words, never the wire\'s "must be a number, not "NaN""', () => {
    const error = refused(
      { field: 'product.weight', violatedRule: 'VALIDATION', description: 'must be a number, not "NaN"' },
      {
        field: 'variants[0].stock.quantity',
        violatedRule: 'VALIDATION',
        description: 'must be a whole number, not "NaN"',
      },
    );
    const errors = apiFormErrors(error, { fields: (path) => path });
    expect(errors.fields).toEqual({
      'product.weight': 'Enter a number, like 12.50.',
      'variants[0].stock.quantity': 'Enter a whole number, like 3.',
    });
  });

  it('says several problems of one input one after the other, each once', () => {
    const error = refused(
      { field: 'price', violatedRule: 'MIN', description: 'must be at least 0', data: { threshold: 0 } },
      { field: 'price', violatedRule: 'DECIMAL_MAX_SCALE', description: 'too many decimals' },
      { field: 'price', violatedRule: 'DECIMAL_MAX_SCALE', description: 'too many decimals' },
    );
    expect(apiFormErrors(error, { fields: (path) => path }).fields).toEqual({
      price: 'Enter 0 or more. Use fewer decimals, like 12.50.',
    });
  });

  it("uses the form's own words for an input where it has them", () => {
    const error = refused({
      field: 'paymentMethod.card.number',
      violatedRule: 'FORMAT',
      description: 'is not a valid card number',
    });
    const errors = apiFormErrors(error, {
      fields: () => 'cardNumber',
      words: { cardNumber: 'This card number is not valid.' },
    });
    expect(fieldError(errors, 'cardNumber')).toBe('This card number is not valid.');
    expect(errors.form).toBeUndefined();
  });

  it('puts an application error at the input its code is about, else on the form', () => {
    const codes = { 'COUPON_*': 'couponCode', PAYMENT_DECLINED: 'cardNumber' };
    expect(apiFormErrors(conflict('COUPON_EXPIRED', 'the coupon has expired'), { codes })).toEqual({
      fields: { couponCode: 'The coupon has expired.' },
    });
    expect(apiFormErrors(conflict('PAYMENT_DECLINED', 'Declined.', 402), { codes })).toEqual({
      fields: { cardNumber: 'Declined.' },
    });
    expect(apiFormErrors(conflict('ALREADY_MEMBER', 'you bought it already'), { codes })).toEqual({
      form: 'You bought it already.',
      fields: {},
    });
  });

  it('says the store could not be reached for any other failure, and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(apiFormErrors(new SystemError({ status: 502 }))).toEqual({ form: STORE_UNREACHABLE, fields: {} });
    expect(apiFormErrors(new TypeError('boom'))).toEqual({ form: STORE_UNREACHABLE, fields: {} });
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('throws on what is not an error: a redirect to the login is the session helpers’ answer', () => {
    const toLogin = redirect('/login');
    expect(() => apiFormErrors(toLogin)).toThrow();
    try {
      apiFormErrors(toLogin);
    } catch (thrown) {
      expect(thrown).toBe(toLogin);
    }
  });
});
