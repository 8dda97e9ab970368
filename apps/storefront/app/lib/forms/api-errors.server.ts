// Turns SDK errors into what a form shows: a message at the field that caused it, or one for the form.

import { isApplicationError, isValidationError } from '@openshelf/sdk';

export interface FormErrors {
  form?: string;
  fields: Record<string, string>;
}

/**
 * @param fieldFor maps the API's field path (`checkout.buyerInfo.email`) to the form's input name.
 * @param codeFields maps application error codes (`COUPON_NOT_FOUND`) to the input they are about.
 * @param fieldWords the shopper's words for an input's violation, where the API's (written for apps) would
 *   not do ("is not a valid card number").
 */
export function formErrors(
  error: unknown,
  fieldFor: (apiField: string) => string | undefined = () => undefined,
  codeFields: Record<string, string> = {},
  fieldWords: Record<string, string> = {},
): FormErrors {
  if (isValidationError(error)) {
    const fields: Record<string, string> = {};
    const unplaced: string[] = [];
    for (const violation of error.violations) {
      const field = fieldFor(violation.field);
      if (field) fields[field] ??= fieldWords[field] ?? sentence(violation.description);
      else unplaced.push(`${violation.field}: ${violation.description}`);
    }
    return unplaced.length > 0 ? { form: `Please check: ${unplaced.join('; ')}.`, fields } : { fields };
  }
  if (isApplicationError(error)) {
    const text = sentence(error.description ?? error.message);
    const field =
      codeFields[error.code] ??
      Object.entries(codeFields).find(
        ([code]) => code.endsWith('*') && error.code.startsWith(code.slice(0, -1)),
      )?.[1];
    return field ? { fields: { [field]: text } } : { form: text, fields: {} };
  }
  console.error(error);
  return {
    form: 'We could not reach the store just now. Nothing was changed; please try again in a moment.',
    fields: {},
  };
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
