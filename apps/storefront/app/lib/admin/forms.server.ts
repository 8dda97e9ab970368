import { isApplicationError, isValidationError } from '@openshelf/sdk';
import { data } from 'react-router';
import { sentence, violationMessage } from '../forms/violation-messages';

/** What an admin action answers when a form could not be saved: messages per field and for the form. */
export interface FormFailure {
  ok: false;
  fieldErrors: Record<string, string>;
  formError?: string;
}

/**
 * Turns an API refusal into messages shown where they belong: validation violations at their field
 * (the API's body path minus `prefix`, which is how admin form inputs are named), in the merchant's
 * words (lib/violation-messages.ts: one table from rule and field to a sentence), business errors
 * (conflicts, not found, forbidden) at the top of the form. Other failures are not the user's doing and
 * are rethrown for the error page.
 */
export function formFailure<Extra extends Record<string, unknown> = Record<never, never>>(
  error: unknown,
  prefix = '',
  fieldNames: Record<string, string> | ((path: string) => string) = {},
  /** What the page needs to show the form again (e.g. files already uploaded). */
  extra?: Extra,
) {
  const rename = typeof fieldNames === 'function' ? fieldNames : (path: string) => fieldNames[path] ?? path;
  if (isValidationError(error)) {
    const fieldErrors: Record<string, string> = {};
    const unplaced: string[] = [];
    for (const violation of error.violations) {
      const path = violation.field.startsWith(prefix)
        ? violation.field.slice(prefix.length)
        : violation.field;
      const name = rename(path);
      const message = violationMessage(violation);
      if (name) fieldErrors[name] = fieldErrors[name] ? `${fieldErrors[name]} ${message}` : message;
      else unplaced.push(message);
    }
    const formError = `Please correct the highlighted field${error.violations.length > 1 ? 's' : ''}.${unplaced.length ? ` ${unplaced.join(' ')}` : ''}`;
    const failure: FormFailure = { ok: false, fieldErrors, formError };
    return data({ ...failure, ...extra } as FormFailure & Partial<Extra>, { status: 400 });
  }
  if (isApplicationError(error) && error.status !== undefined && error.status < 500 && error.status !== 401) {
    const failure: FormFailure = {
      ok: false,
      fieldErrors: {},
      formError: sentence(error.description ?? error.message),
    };
    return data({ ...failure, ...extra } as FormFailure & Partial<Extra>, { status: error.status });
  }
  throw error;
}

/** A failure found before calling the API (e.g. a number that does not parse). */
export function invalidFields(fieldErrors: Record<string, string>) {
  return data<FormFailure>(
    { ok: false, fieldErrors, formError: 'Please correct the highlighted fields.' },
    { status: 400 },
  );
}

/** Reading form fields: trimmed text, optional numbers and checkboxes. */
export function formReader(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  return {
    text,
    optionalText: (name: string) => text(name) || undefined,
    /** A number, `undefined` when blank, or `NaN` when it does not parse (the API names it). */
    number: (name: string) => (text(name) === '' ? undefined : Number(text(name).replace(',', '.'))),
    checked: (name: string) => form.get(name) === 'on' || form.get(name) === 'true',
    all: (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string' && v !== ''),
    list: (name: string) =>
      text(name)
        .split(/[,\n]/)
        .map((item) => item.trim())
        .filter(Boolean),
  };
}
