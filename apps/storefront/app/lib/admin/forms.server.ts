import { isApplicationError, isValidationError } from '@openshelf/sdk';
import { data } from 'react-router';
import { apiFormErrors } from '../forms/api-errors.server';
import { type FormErrors, formErrors } from '../forms/form-errors';

/** A refused admin form, as its page reads it (`ActionResult` in routes/admin/ui.tsx). */
type Refused = { ok: false; errors: FormErrors };

/**
 * Answers a failed API call with the form's errors (lib/forms/api-errors.server.ts). Admin inputs are named
 * after the API's body path minus `prefix` (`coupon.code` → `code`), or as `fieldNames` renames them; a
 * refusal of fields comes with a line at the top that points at them. The status is the API's (404, 409…)
 * for a refusal of the request, else 400.
 */
export function formFailure<Extra extends Record<string, unknown> = Record<never, never>>(
  error: unknown,
  prefix = '',
  fieldNames: Record<string, string> | ((path: string) => string) = {},
  /** What the page needs to show the form again (e.g. files already uploaded). */
  extra?: Extra,
) {
  const rename = typeof fieldNames === 'function' ? fieldNames : (path: string) => fieldNames[path] ?? path;
  const errors = apiFormErrors(error, {
    fields: (path) => rename(path.startsWith(prefix) ? path.slice(prefix.length) : path) || undefined,
  });
  if (isValidationError(error)) {
    const lead = `Please correct the highlighted field${error.violations.length > 1 ? 's' : ''}.`;
    errors.form = errors.form ? `${lead} ${errors.form}` : lead;
  }
  const status = isApplicationError(error) && error.status && error.status < 500 ? error.status : 400;
  return data({ ok: false, errors, ...extra } as Refused & Partial<Extra>, { status });
}

/** A failure found before calling the API (e.g. a number that does not parse). */
export function invalidFields<Extra extends Record<string, unknown> = Record<never, never>>(
  fields: Record<string, string>,
  /** What the page needs to show the form again, as for `formFailure`. */
  extra?: Extra,
) {
  return data(
    { ok: false, errors: formErrors(fields, 'Please correct the highlighted fields.'), ...extra } as Refused &
      Partial<Extra>,
    { status: 400 },
  );
}
