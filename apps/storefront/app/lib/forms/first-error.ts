import { createContext, useEffect } from 'react';

/**
 * The input name of a form's first error, in page order. Its input is rendered with `autofocus`, so that
 * without JavaScript too the page opens at the first problem (with JavaScript, useFocusFirstError).
 */
export const FirstError = createContext<string | undefined>(undefined);

/**
 * After a submit that came back with errors, takes the shopper to the first one (in page order): its input
 * gets the focus (screen readers read the error with it) and is scrolled to the middle of the screen. Each
 * new `result` does it again, so a second failed submit is never silent.
 */
export function useFocusFirstError(result: object | undefined): void {
  useEffect(() => {
    if (!result) return;
    const first = document.querySelector<HTMLElement>('main [aria-invalid="true"], main .alert-error');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [result]);
}
