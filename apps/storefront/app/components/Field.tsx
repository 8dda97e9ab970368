import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useContext } from 'react';
import { FirstError } from '../lib/forms/first-error';
import { type FormErrors, fieldError } from '../lib/forms/form-errors';
import { formatAsTyped, formatCardNumber, formatExpiry } from './card-format';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  /** The form's errors; the field shows its own. */
  errors?: FormErrors | undefined;
  hint?: string;
}

/** A labelled input whose error is announced with it (aria-describedby) and marked invalid. */
export function Field({ name, label, errors, hint, id, className, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const error = fieldError(errors, name);
  const first = useContext(FirstError) === name && Boolean(error);
  const described = [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...(first ? { autoFocus: true } : {})}
        {...input}
      />
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  /** [value, text] in the order shown. */
  options: readonly (readonly [value: string, text: string])[];
  errors?: FormErrors | undefined;
  /** Shown after the list (e.g. a button that applies the choice without JavaScript). */
  children?: ReactNode;
}

/** A labelled list of choices, with its error announced and marked like {@link Field}'s. */
export function SelectField({
  name,
  label,
  options,
  errors,
  id,
  className,
  children,
  ...select
}: SelectFieldProps) {
  const selectId = id ?? `field-${name}`;
  const error = fieldError(errors, name);
  const first = useContext(FirstError) === name && Boolean(error);
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        {...(first ? { autoFocus: true } : {})}
        {...select}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {children}
      <FieldError id={`${selectId}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field-error" id={id}>
      {error}
    </p>
  );
}

/** A message about the whole form (not one field), announced when it appears. */
export function FormAlert({
  message,
  tone = 'error',
}: {
  message?: string | undefined;
  tone?: 'error' | 'success';
}) {
  if (!message) return null;
  return (
    <p className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      {message}
    </p>
  );
}

/** The sandbox card's three fields (number, expiry, security code), as every checkout asks for them. */
export function CardFields({ errors }: { errors: FormErrors | undefined }) {
  return (
    <>
      <Field
        name="cardNumber"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        onInput={formatAsTyped(formatCardNumber)}
        errors={errors}
        className="span-2"
      />
      <Field
        name="cardExpiry"
        label="Expiry (MM / YY)"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM / YY"
        onInput={formatAsTyped(formatExpiry)}
        errors={errors}
      />
      <Field name="cardCvc" label="Security code" inputMode="numeric" autoComplete="cc-csc" errors={errors} />
    </>
  );
}
