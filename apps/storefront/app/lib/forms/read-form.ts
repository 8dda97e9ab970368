/**
 * Reading a submitted form with its schema (schema-parts.ts), in actions and — with the same schema — in
 * the browser (use-form-kit.ts), on conform's `parse`: names like `shipping.city` are read as nested
 * objects, and each problem comes back at its input's name, in words.
 *
 * This is what @conform-to/zod's parseWithZod does with `disableAutoCoercion` (our schema parts read the
 * strings themselves), without importing it: its coercion module imports all of zod classic, which alone
 * put the checkout page 15 KB (gzip) over its 90 KB budget (ADR 049).
 */
import { parse, type Submission } from '@conform-to/react';
import * as z from 'zod/mini';
import { type FormErrors, formErrors } from './form-errors';
import { isSecret } from './schema-parts';

/** A form's schema, or one built from what was sent (an address form follows its chosen country). */
export type FormSchema<T extends z.ZodMiniType = z.ZodMiniType> = T | ((formData: FormData) => T);

export type FormReading<Value> =
  | { value: Value; errors?: undefined }
  | { value?: undefined; errors: FormErrors; values: Record<string, string> };

export function schemaFor<T extends z.ZodMiniType>(schema: FormSchema<T>, formData: FormData): T {
  return typeof schema === 'function' ? schema(formData) : schema;
}

/** conform's parse of the form: parts read as the schema says; messages by input name ("" the form's). */
export function parseForm<T extends z.ZodMiniType>(
  formData: FormData,
  schema: FormSchema<T>,
): Submission<Record<string, unknown>, string[], z.output<T>> {
  return parse(formData, {
    resolve(payload) {
      const result = z.safeParse(schemaFor(schema, formData), payload);
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = issue.path
          .map((part, i) => (typeof part === 'number' ? `[${part}]` : i ? `.${String(part)}` : String(part)))
          .join('');
        error[name] = [...(error[name] ?? []), issue.message];
      }
      return { error };
    },
  });
}

/** conform's problems (input name → messages; "" is the form's own) as our FormErrors: the first each. */
export function errorsOf(error: Record<string, string[] | null> | undefined | null): FormErrors {
  const fields: Record<string, string | undefined> = {};
  for (const [name, messages] of Object.entries(error ?? {})) if (name) fields[name] = messages?.[0];
  return formErrors(fields, error?.['']?.[0]);
}

/**
 * The form's value as its schema reads it, or its problems by input name with what was typed (text
 * inputs only; secret parts — passwords, card details — are left out, so a refused form never sends them
 * back to the page).
 */
export function readForm<T extends z.ZodMiniType>(
  formData: FormData,
  schema: FormSchema<T>,
): FormReading<z.output<T>> {
  const submission = parseForm(formData, schema);
  if (submission.status === 'success') return { value: submission.value };
  return { errors: errorsOf(submission.error), values: typedValues(formData, schemaFor(schema, formData)) };
}

/** What was typed, to fill a page drawn again (without JavaScript), less its secret parts. */
export function typedValues(formData: FormData, schema: z.ZodMiniType): Record<string, string> {
  const shape = (schema as { _zod?: { def?: { shape?: Record<string, unknown> } } })._zod?.def?.shape ?? {};
  const values: Record<string, string> = {};
  for (const [name, value] of formData.entries())
    if (typeof value === 'string' && name !== 'intent' && !isSecret(shape[name])) values[name] = value;
  return values;
}
