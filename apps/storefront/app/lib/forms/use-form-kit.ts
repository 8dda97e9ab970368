/**
 * A form's checks in the browser, with the schema its action reads it with (read-form.ts), on conform's
 * useForm: an input is checked when it loses focus (unless to the form's submit button, which checks all),
 * then again as the person types (so a message goes as
 * soon as it is fixed); a submit with problems is stopped and shows them all. The action checks again
 * whatever the browser did — and without JavaScript it is the only check — so every form works without it.
 */
import { type SubmissionResult, useForm } from '@conform-to/react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import type * as z from 'zod/mini';
import { useFocusFirstError } from './first-error';
import { type FormErrors, hasErrors } from './form-errors';
import { errorsOf, type FormSchema, parseForm } from './read-form';

/** The name of the button conform submits the form with to check it (@conform-to/dom's INTENT). */
const CONFORM_INTENT = '__intent__';

/** The action's refusal as conform's result of a submit: its messages, each input's marked as checked. */
function asResult(errors: FormErrors | undefined): SubmissionResult<string[]> | undefined {
  if (!errors) return undefined;
  const error: Record<string, string[]> = {};
  const validated: Record<string, boolean> = { '': true };
  for (const [name, message] of Object.entries(errors.fields)) {
    error[name] = [message];
    validated[name] = true;
  }
  if (errors.form) error[''] = [errors.form];
  return { status: hasErrors(errors) ? 'error' : 'success', error, state: { validated } };
}

export interface FormKit {
  /** Spread on the <Form>: its id (conform finds its inputs by it), noValidate, and the submit check. */
  form: { id: string; noValidate: true; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  /** The messages to show at the fields now: the action's, then the browser's as inputs are checked. */
  errors: FormErrors;
  /**
   * The problems of the last refused submit (the browser's or the action's), for what appears only then
   * and takes the focus: an error summary, the first error focused (useFocusFirstError).
   */
  refused: FormErrors | undefined;
}

/**
 * `schema`: the form's (or a function building it from the form's data); `serverErrors`: the action's
 * answer (a new object for each refusal, as action data is); `id`: the form element's id, unique on the
 * page and the same on the server and in the browser (conform finds the form by it).
 */
export function useFormKit<T extends z.ZodMiniType>(
  schema: FormSchema<T>,
  serverErrors: FormErrors | undefined,
  id: string,
): FormKit {
  const lastResult = useMemo(() => asResult(serverErrors), [serverErrors]);
  const [form] = useForm<Record<string, unknown>, z.output<T>, string[]>({
    id,
    lastResult,
    // "onBlur", by the listener below; conform's own would also check when the focus goes to the submit
    // button, and the message then appearing moves the button away from under the press.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, schema),
  });
  // The inputs typed in since the action last answered. Only the action can judge some things (a wrong
  // password, a ZIP code of another state): its message stays at an input that is only passed through —
  // the focus moving to the error summary, or tabbing on — and goes once the input is changed.
  const [edited] = useState(() => new Set<string>());
  useEffect(() => {
    if (serverErrors) edited.clear();
  }, [serverErrors, edited]);
  useEffect(() => {
    const onInput = (event: Event) => {
      const input = event.target as HTMLInputElement | null;
      if (input?.name && input.form?.id === id) edited.add(input.name);
    };
    const onBlur = (event: FocusEvent) => {
      const input = event.target as HTMLInputElement | null;
      if (!input?.name || input.form?.id !== id || input.type === 'submit') return;
      const next = event.relatedTarget as HTMLElement | null;
      if (next instanceof HTMLButtonElement && next.type === 'submit' && next.form?.id === id) return;
      if (serverErrors?.fields[input.name] && !edited.has(input.name)) return;
      form.validate({ name: input.name });
    };
    document.addEventListener('input', onInput);
    document.addEventListener('focusout', onBlur);
    return () => {
      document.removeEventListener('input', onInput);
      document.removeEventListener('focusout', onBlur);
    };
  }, [form, id, serverErrors, edited]);
  const [refused, setRefused] = useState(serverErrors);
  useEffect(() => setRefused(serverErrors), [serverErrors]);
  // A submit the browser stopped takes the person to the first problem, as a refusal of the action does
  // (the page focuses those: its error summary or alert calls useFocusFirstError with the action's errors).
  const [stopped, setStopped] = useState<FormErrors>();
  useFocusFirstError(stopped);
  const errors = useMemo(() => errorsOf(form.allErrors), [form.allErrors]);
  return {
    form: {
      id: form.id,
      noValidate: true,
      onSubmit(event) {
        // The button pressed may name what the form does (intent): it is part of what is checked.
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        // conform checks a field as it is left by submitting the form with its own intent button: that is
        // no submit of the person's, so it neither moves the focus nor fills an error summary.
        const checking = submitter instanceof HTMLButtonElement && submitter.name === CONFORM_INTENT;
        const submission = checking
          ? undefined
          : parseForm(new FormData(event.currentTarget, submitter), schema);
        if (submission && submission.status !== 'success') {
          const found = errorsOf(submission.error);
          if (hasErrors(found)) {
            setRefused(found);
            setStopped(found);
          }
        }
        form.onSubmit(event);
      },
    },
    errors,
    refused,
  };
}
