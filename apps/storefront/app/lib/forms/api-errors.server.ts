// Turns the API's refusal of a form into what the form shows (form-errors.ts): a message at the input that
// caused it, or one for the form. One rule for the shop, the account pages and the admin.

import { isApplicationError, isValidationError } from '@openshelf/sdk';
import type { FormErrors } from './form-errors';
import { sentence, violationMessage } from './violation-messages';

/** Where the API's refusals land on one form. */
export interface ErrorPlaces {
  /**
   * The form's input for an API field path (`checkout.buyerInfo.email` → `email`): a table of paths, or a
   * function. A violation of a path with no input is said in the form's message.
   */
  fields?: Record<string, string> | ((apiField: string) => string | undefined);
  /** The input an application error is about, by its code (`PAYMENT_DECLINED`; `COUPON_*`: every code so starting). */
  codes?: Record<string, string>;
  /**
   * An input's message in this form's own words, whatever rule it broke, where the general sentence
   * (violation-messages.ts) would not do ("This card number is not valid").
   */
  words?: Record<string, string>;
}

export const STORE_UNREACHABLE =
  'We could not reach the store just now. Nothing was changed; please try again in a moment.';

/**
 * The form's errors for a failed API call:
 * - each violation at its input, in the person's words (violation-messages.ts); several for one input are
 *   said one after the other, and those of no input make the form's message;
 * - an application error (a conflict, a code not found, a declined card) at the input its code is about,
 *   else for the form, as the API describes it;
 * - any other failure (the store unreachable, a bug) is logged and said as such; what was typed stays.
 * Anything thrown that is not an error (a redirect: the session ended meanwhile) is thrown on.
 */
export function apiFormErrors(error: unknown, places: ErrorPlaces = {}): FormErrors {
  const { fields: where = {}, codes = {}, words = {} } = places;
  if (isValidationError(error)) {
    const inputOf = typeof where === 'function' ? where : (path: string) => where[path];
    const fields: Record<string, string> = {};
    const unplaced: string[] = [];
    for (const violation of error.violations) {
      const name = inputOf(violation.field);
      const message = (name && words[name]) || violationMessage(violation);
      if (!name) {
        if (!unplaced.includes(message)) unplaced.push(message);
      } else if (!fields[name]) fields[name] = message;
      else if (!fields[name].includes(message)) fields[name] = `${fields[name]} ${message}`;
    }
    return unplaced.length > 0 ? { form: unplaced.join(' '), fields } : { fields };
  }
  if (isApplicationError(error)) {
    const message = sentence(error.description ?? error.message);
    const name =
      codes[error.code] ??
      Object.entries(codes).find(
        ([code]) => code.endsWith('*') && error.code.startsWith(code.slice(0, -1)),
      )?.[1];
    return name ? { fields: { [name]: message } } : { form: message, fields: {} };
  }
  if (!(error instanceof Error)) throw error;
  console.error(error);
  return { form: STORE_UNREACHABLE, fields: {} };
}
