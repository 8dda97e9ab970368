import {
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useContext,
  useId,
  useState,
} from 'react';
import { FirstError } from '../lib/forms/first-error';
import { type FormErrors, fieldError } from '../lib/forms/form-errors';
import { formatAsTyped, formatCardNumber, formatExpiry } from './card-format';

/**
 * How a form's fields look, set once by the area that holds the form (a provider around its pages) or by
 * a field's `look`: the shop's (message under the input), the account pages' (message above the input,
 * "Error:" read first, as the GOV.UK pattern they follow), the admin's (compact, hint under the input).
 * Ids, aria wiring and behaviour are the same in every look; only markup order and class names differ.
 */
export type FieldLookName = 'shop' | 'account' | 'admin';
export const FieldLook = createContext<FieldLookName>('shop');

/**
 * Inside it, an admin field without its own id takes `field-<name>`, so an error summary can link to it
 * (the product form). Elsewhere in the admin a page may repeat a name (one form per row), so ids are
 * generated; shop and account fields always take `field-<name>`. Checkboxes, which share names, never do.
 */
export const FieldIdsByName = createContext(false);

function useFieldId(name: string, id: string | undefined, look: FieldLookName, checkbox: boolean) {
  const generated = useId();
  const byName = useContext(FieldIdsByName) || look !== 'admin';
  if (id) return id;
  return byName && !(checkbox && look === 'admin') ? `field-${name}` : generated;
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: string;
  /** The form's errors (the action's, or the browser's checks of the form kit); the field shows its own. */
  errors?: FormErrors | undefined;
  hint?: ReactNode;
  /** Overrides the look of the area the field is in. */
  look?: FieldLookName;
  /** Checked in the browser when the field loses focus (the action checks again on submit). */
  validate?: ((value: string) => string | undefined) | undefined;
}

/**
 * The one labelled input of the storefront, the account pages and the admin: its hint and error are tied
 * to it (aria-describedby), it is marked invalid while it has an error, and the form's first error gets
 * `autofocus` (so that without JavaScript too the page opens at it). A checkbox has its label after it.
 */
export function Field({
  name,
  label,
  errors,
  hint,
  look: own,
  validate,
  id,
  className,
  ...input
}: FieldProps) {
  const look = useContext(FieldLook);
  const shown = own ?? look;
  // A radio is laid out and named like a checkbox: its label after it, and its name shared.
  const checkbox = input.type === 'checkbox' || input.type === 'radio';
  const inputId = useFieldId(name, id, shown, checkbox);
  const [inlineError, setInlineError] = useState<string | undefined>();
  const error = inlineError ?? fieldError(errors, name);
  const first = useContext(FirstError) === name && Boolean(error);
  const described = [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : '']
    .filter(Boolean)
    .join(' ');
  const control = (
    <input
      id={inputId}
      name={name}
      aria-invalid={error ? true : undefined}
      aria-describedby={described || undefined}
      {...(validate
        ? {
            onBlur: (event) => setInlineError(event.target.value ? validate(event.target.value) : undefined),
            onInput: inlineError ? (event) => setInlineError(validate(event.currentTarget.value)) : undefined,
          }
        : {})}
      {...(first ? { autoFocus: true } : {})}
      {...input}
    />
  );
  const labelled = <label htmlFor={inputId}>{label}</label>;
  const classes = (base: string, invalid: string) =>
    `${base}${checkbox ? ` ${base}-check` : ''}${error && invalid ? ` ${invalid}` : ''}${className ? ` ${className}` : ''}`;

  if (shown === 'admin')
    return (
      <div className={classes('admin-field', '')}>
        {checkbox ? null : labelled}
        {control}
        {checkbox ? labelled : null}
        {hint ? (
          <small id={`${inputId}-hint`} className="admin-hint">
            {hint}
          </small>
        ) : null}
        {error ? (
          <small id={`${inputId}-error`} className="admin-field-error">
            {error}
          </small>
        ) : null}
      </div>
    );
  const hintShown = hint ? (
    <p className="field-hint" id={`${inputId}-hint`}>
      {hint}
    </p>
  ) : null;
  if (checkbox)
    return (
      <div className={classes('field', 'field-invalid')}>
        {control}
        {labelled}
        {hintShown}
        <FieldError id={`${inputId}-error`} error={error} />
      </div>
    );
  return (
    <div className={classes('field', 'field-invalid')}>
      {labelled}
      {hintShown}
      {shown === 'account' ? <FieldError id={`${inputId}-error`} error={error} spoken /> : null}
      {control}
      {shown === 'account' ? null : <FieldError id={`${inputId}-error`} error={error} />}
    </div>
  );
}

/** A choice's value and its words: a plain string is both. */
type Choice = string | readonly [value: string, text: string] | { value: string; label: string };

const choice = (option: Choice) =>
  typeof option === 'string'
    ? { value: option, text: option }
    : 'value' in option
      ? { value: option.value, text: option.label }
      : { value: option[0], text: option[1] };

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> {
  name: string;
  label: string;
  /** The choices in the order shown. */
  options: readonly Choice[];
  errors?: FormErrors | undefined;
  look?: FieldLookName;
  /** Shown after the list (e.g. a button that applies the choice without JavaScript). */
  children?: ReactNode;
}

/** A labelled list of choices, with its error announced and marked like {@link Field}'s, in every look. */
export function SelectField({
  name,
  label,
  options,
  errors,
  look: own,
  id,
  className,
  children,
  ...select
}: SelectFieldProps) {
  const look = useContext(FieldLook);
  const shown = own ?? look;
  const selectId = useFieldId(name, id, shown, false);
  const error = fieldError(errors, name);
  const first = useContext(FirstError) === name && Boolean(error);
  const admin = shown === 'admin';
  return (
    <div
      className={`${admin ? 'admin-field' : 'field'}${error ? (admin ? '' : ' field-invalid') : ''}${className ? ` ${className}` : ''}`}
    >
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        {...(first ? { autoFocus: true } : {})}
        {...select}
      >
        {options.map((option) => {
          const { value, text } = choice(option);
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      {children}
      {admin ? (
        error ? (
          <small id={`${selectId}-error`} className="admin-field-error">
            {error}
          </small>
        ) : null
      ) : (
        <FieldError id={`${selectId}-error`} error={error} />
      )}
    </div>
  );
}

/** An input's message; `spoken`: "Error:" is read before it (the account pages' pattern). */
export function FieldError({
  id,
  error,
  spoken,
}: {
  id: string;
  error?: string | undefined;
  spoken?: boolean;
}) {
  if (!error) return null;
  return (
    <p className="field-error" id={id}>
      {spoken ? <span className="visually-hidden">Error: </span> : null}
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
