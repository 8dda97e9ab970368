import { useEffect, useRef } from 'react';
import { useFocusFirstError } from '../../lib/forms/first-error';
import type { OrderActionResult } from './order-actions.server';

// What the order page's forms share: the last action's outcome, read by the form it belongs to.

export type Result = OrderActionResult | undefined;
export const errorsFor = (result: Result, form: string) =>
  result?.form === form ? result.errors : undefined;

/**
 * Empties a form once its action succeeded, so the next shipment or refund starts from the page's
 * defaults (not the last carrier, tracking number, reason or restock tick). Without JavaScript the page
 * after the post is rendered afresh, which does the same.
 */
export function useResetAfterSuccess(result: Result, form: string) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok && result.done === form) ref.current?.reset();
  }, [result, form]);
  return ref;
}

/** A form's own error, shown at the form it belongs to (the page goes to it, as FormMessage does). */
export function FormError({ result, form }: { result: Result; form: string }) {
  useFocusFirstError(result && !result.ok && result.form === form ? result.errors : undefined);
  if (!result || result.ok || result.form !== form || !result.errors?.form) return null;
  return (
    <p className="admin-alert admin-alert-error" role="alert" tabIndex={-1}>
      {result.errors.form}
    </p>
  );
}
