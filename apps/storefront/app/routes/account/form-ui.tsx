import type { ComponentProps, ReactNode } from 'react';
import { Field, FieldLook } from '../../components/Field';
import { useFocusFirstError } from '../../lib/forms/first-error';
import type { FormErrors } from '../../lib/forms/form-errors';

/** Labels of the fields an error summary may link to, in the order they appear on the page. */
export type FieldLabels = Record<string, string>;

/**
 * The list of problems at the top of a form (GOV.UK pattern): announced, focused after a failed submit,
 * and each entry links to its field. The form's own problem (of no field) is listed last, without a link.
 */
export function ErrorSummary({ errors, labels }: { errors: FormErrors | undefined; labels: FieldLabels }) {
  // The summary comes before the form's inputs, so it is the first error on the page.
  useFocusFirstError(errors);
  const entries = Object.entries(errors?.fields ?? {});
  if (errors?.form) entries.push(['', errors.form]);
  if (entries.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">There is a problem</h2>
      <ul>
        {entries.map(([name, message]) => (
          <li key={name}>{labels[name] ? <a href={`#field-${name}`}>{message}</a> : message}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A six-digit one-time code (an authenticator app's or an e-mailed one): the numeric keyboard, the
 * one-time-code autofill phones offer from a message, and the length, the same on every code form.
 */
export function OneTimeCodeField(
  props: Omit<ComponentProps<typeof Field>, 'autoComplete' | 'inputMode' | 'maxLength'>,
) {
  return (
    <Field autoComplete="one-time-code" inputMode="numeric" maxLength={6} className="code-input" {...props} />
  );
}

/** The login's second step may spare this browser the step for a while (the server holds the rule). */
export function RememberDeviceField() {
  return <Field type="checkbox" name="remember" label="Remember this device for 30 days" />;
}

/** A submit button that says what is happening while the request runs. */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
  name,
  value,
  secondary,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel: string;
  name?: string;
  value?: string;
  secondary?: boolean;
}) {
  return (
    <button
      type="submit"
      className={secondary ? 'button button-secondary' : 'button'}
      aria-disabled={pending || undefined}
      disabled={pending}
      name={name}
      value={value}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}

/** The card every sign-in page sits in. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="container auth-page">
      <div className="auth-card">
        <h1>{title}</h1>
        {lead ? <p className="auth-lead">{lead}</p> : null}
        <FieldLook.Provider value="account">{children}</FieldLook.Provider>
      </div>
    </section>
  );
}
