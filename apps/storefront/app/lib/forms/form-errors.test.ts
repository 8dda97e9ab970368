import { describe, expect, it } from 'vitest';
import { fieldError, formErrors, formProblem, hasErrors } from './form-errors';

describe('form errors', () => {
  it("keeps only the checks that gave a message, and the form's message", () => {
    expect(formErrors({ email: 'Enter your e-mail address.', password: undefined })).toEqual({
      fields: { email: 'Enter your e-mail address.' },
    });
    expect(formErrors({}, 'Remove one first.')).toEqual({ form: 'Remove one first.', fields: {} });
  });

  it('tells whether anything is wrong, and reads one input’s message', () => {
    expect(hasErrors(undefined)).toBe(false);
    expect(hasErrors(formErrors({ a: undefined }))).toBe(false);
    expect(hasErrors(formProblem('Try again.'))).toBe(true);
    expect(hasErrors(formErrors({ a: 'Enter a.' }))).toBe(true);
    expect(fieldError(undefined, 'a')).toBeUndefined();
    expect(fieldError(formErrors({ a: 'Enter a.' }), 'a')).toBe('Enter a.');
  });
});
