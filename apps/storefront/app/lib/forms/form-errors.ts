/**
 * What a form shows after a refused submit — in the shop, the account pages and the admin alike: a message
 * at each input that caused it, by the input's name, and one for the form as a whole (a problem of no
 * single input, or of an input this form does not have). Actions answer it as their data's `errors`; the
 * API's refusals become one in api-errors.server.ts; each area's field components read their message with
 * {@link fieldError}, and the page takes the person to the first one (first-error.ts).
 */
export interface FormErrors {
  form?: string;
  fields: Record<string, string>;
}

/** The outcome of a form's own checks: the inputs whose check gave a message, and the form's message. */
export function formErrors(fields: Record<string, string | undefined>, form?: string): FormErrors {
  const kept: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) if (message) kept[name] = message;
  return form ? { form, fields: kept } : { fields: kept };
}

/** A problem of the whole form. */
export function formProblem(message: string): FormErrors {
  return { form: message, fields: {} };
}

export function hasErrors(errors: FormErrors | undefined): boolean {
  return Boolean(errors && (errors.form || Object.keys(errors.fields).length > 0));
}

/** An input's message, if it has one (`errors` is undefined before the first submit). */
export function fieldError(errors: FormErrors | undefined, name: string): string | undefined {
  return errors?.fields[name];
}
