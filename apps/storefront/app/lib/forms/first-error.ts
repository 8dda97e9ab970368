import { createContext, useEffect } from 'react';
import { type FormErrors, hasErrors } from './form-errors';

/**
 * The input name of a form's first error, in page order. Its input is rendered with `autofocus`, so that
 * without JavaScript too the page opens at the first problem (with JavaScript, useFocusFirstError).
 */
export const FirstError = createContext<string | undefined>(undefined);

/**
 * What a refused form marks on the page: its invalid inputs, and its message for the whole form — the
 * shop's alert, the account pages' error summary (which lists every problem), the admin's alert.
 */
const SHOWN_ERRORS = ['[aria-invalid="true"]', '.alert-error', '.error-summary', '.admin-alert-error']
  .map((selector) => `main ${selector}`)
  .join(', ');

/**
 * After a submit that came back with errors, takes the person to the first one in page order: it gets the
 * focus (screen readers read it, or the input with its error) and is scrolled to the middle of the screen.
 * Each new `errors` does it again, so a second failed submit is never silent.
 */
export function useFocusFirstError(errors: FormErrors | undefined): void {
  useEffect(() => {
    if (!hasErrors(errors)) return;
    const first = document.querySelector<HTMLElement>(SHOWN_ERRORS);
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [errors]);
}
