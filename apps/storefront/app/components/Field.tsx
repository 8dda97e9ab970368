import { createContext, type InputHTMLAttributes, useContext, useEffect } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
}

/**
 * The input name of a form's first error, in page order. Its input is rendered with `autofocus`, so that
 * without JavaScript too the page opens at the first problem (with JavaScript, useFocusFirstError).
 */
export const FirstError = createContext<string | undefined>(undefined);

/** A labelled input whose error is announced with it (aria-describedby) and marked invalid. */
export function Field({ name, label, error, hint, id, className, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
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
export function CardFields({ errors }: { errors: Record<string, string | undefined> }) {
  return (
    <>
      <Field
        name="cardNumber"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        error={errors.cardNumber}
        className="span-2"
      />
      <Field
        name="cardExpiry"
        label="Expiry (MM/YY)"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        error={errors.cardExpiry}
      />
      <Field
        name="cardCvc"
        label="Security code"
        inputMode="numeric"
        autoComplete="cc-csc"
        error={errors.cardCvc}
      />
    </>
  );
}

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
