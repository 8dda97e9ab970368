import { type ReactNode, useEffect, useRef } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { useFocusFirstError } from '../../lib/forms/first-error';
import { type FormErrors, fieldError } from '../../lib/forms/form-errors';

/** What admin actions answer (see lib/admin/forms.server.ts), as pages read it. */
export interface ActionResult {
  ok: boolean;
  /** Why the form was refused. */
  errors?: FormErrors;
  message?: string;
}

/**
 * The outcome of the last form post: its error, or a confirmation, announced to screen readers. After a
 * refusal the page goes to the first error (this message, at the top, else the first invalid field).
 */
export function FormMessage({ result }: { result: ActionResult | undefined }) {
  useFocusFirstError(result?.ok ? undefined : result?.errors);
  if (!result) return null;
  if (!result.ok && result.errors?.form)
    return (
      <p className="admin-alert admin-alert-error" role="alert" tabIndex={-1}>
        {result.errors.form}
      </p>
    );
  if (result.ok && result.message)
    return (
      <p className="admin-alert admin-alert-ok" role="status">
        {result.message}
      </p>
    );
  return null;
}

/** The id of a field an error summary links to: `field-<name>` (pass it as the field's `id`). */
export const fieldId = (name: string) => `field-${name}`;

/**
 * Every problem of a refused form at its top, each linking to its field (labelled, as the field's own
 * message may need its label to be understood out of place: "Price of M: Enter 0 or more."), then the
 * form's own problem. Announced, and focused after the submit (it is the page's first error). Without
 * JavaScript the links still take the merchant to each field.
 */
export function ErrorSummary({
  errors,
  labels,
}: {
  errors: FormErrors | undefined;
  /** Field name → its label, for the fields the form has; others are listed without a link. */
  labels: Record<string, string>;
}) {
  useFocusFirstError(errors);
  if (!errors) return null;
  const fields = Object.entries(errors.fields);
  if (fields.length === 0 && !errors.form) return null;
  return (
    <div
      className="admin-alert admin-alert-error admin-error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
    >
      <h2 id="error-summary-title">
        {fields.length > 1 ? `${fields.length} things to correct` : 'Something to correct'}
      </h2>
      <ul>
        {fields.map(([name, message]) => (
          <li key={name}>
            {labels[name] ? (
              <a href={`#${fieldId(name)}`}>
                {labels[name]}: {message}
              </a>
            ) : (
              message
            )}
          </li>
        ))}
        {errors.form && !/^Please correct the highlighted field/.test(errors.form) ? (
          <li>{errors.form.replace(/^Please correct the highlighted fields?\. /, '')}</li>
        ) : null}
      </ul>
    </div>
  );
}

/** The error of inputs that share one name (a list of checkboxes), shown above them. */
export function GroupError({
  errors,
  name,
  alert,
}: {
  errors: FormErrors | undefined;
  name: string;
  /** Announced when it appears (the group is far from the button that was pressed). */
  alert?: boolean;
}) {
  const error = fieldError(errors, name);
  if (!error) return null;
  return (
    <p className="admin-field-error" role={alert ? 'alert' : undefined}>
      {error}
    </p>
  );
}

/** A submit button that says it is working while its form is being sent. */
export function Submit({
  children,
  intent,
  variant = 'primary',
  value,
  label,
}: {
  children: ReactNode;
  intent?: string;
  variant?: 'primary' | 'secondary' | 'danger';
  value?: string;
  /** The accessible name when the visible text alone is ambiguous (e.g. one "Delete" per table row). */
  label?: string | undefined;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    (intent === undefined || navigation.formData?.get('intent') === intent) &&
    (value === undefined || navigation.formData?.get('id') === value);
  return (
    <button
      type="submit"
      className={`admin-button admin-button-${variant}`}
      {...(intent ? { name: 'intent', value: intent } : {})}
      aria-label={label}
      disabled={busy}
    >
      {busy ? 'Saving…' : children}
    </button>
  );
}

/**
 * A form that makes something new (a coupon, a plan, a key): once the server says it was made, the form
 * empties, so a second click cannot make a duplicate by accident. A refused form keeps what was typed.
 * (Without JavaScript the page the post returns is rendered afresh, empty, anyway.)
 */
export function CreateForm({
  children,
  className = 'admin-inline-fields',
}: {
  children: ReactNode;
  className?: string;
}) {
  const result = useActionData() as ActionResult | undefined;
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current && result?.ok) form.current?.reset();
    sent.current = false;
  }, [result]);
  return (
    <Form
      ref={form}
      method="post"
      className={className || undefined}
      noValidate
      onSubmit={() => {
        sent.current = true;
      }}
    >
      {children}
    </Form>
  );
}

/** A one-button form posting an intent (and an id) to the current page's action. */
export function ActionButton({
  intent,
  id,
  children,
  variant = 'secondary',
  label,
}: {
  intent: string;
  id?: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary' | 'danger';
  label?: string;
}) {
  return (
    <Form method="post" className="admin-inline-form">
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <Submit intent={intent} variant={variant} label={label} {...(id ? { value: id } : {})}>
        {children}
      </Submit>
    </Form>
  );
}

// The admin's other building blocks live in a file each; pages import them all from here.
export { Badge } from './badge';
export { Empty } from './data-table';
export { formatAmount, formatDate, formatMinor, humanize } from './format';
export { PageHeader } from './page-header';
export { Pager } from './pager';
