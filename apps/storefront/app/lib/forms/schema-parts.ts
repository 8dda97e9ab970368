/**
 * The parts every form schema is made of (zod/mini, so the browser's share stays small). A form's inputs
 * arrive as strings, or absent; each part says how one is read:
 *  - text is trimmed: a space typed or pasted at either end is never meant;
 *  - a password (and any part made with `asTyped`) is kept exactly as typed, since a space at either end
 *    is part of it (the server accepts any characters), and a form that trimmed it on one page and not on
 *    another would refuse the password it had set. Its value is never sent back to the page (`secret`).
 * Messages are the words shown at the field ("Enter your e-mail address."), as the shopper reads them.
 */
import * as z from 'zod/mini';

/** Parts whose typed value a refused form does not send back to the page (passwords, card details). */
const SECRET = new WeakSet<object>();

export function secret<T extends object>(schema: T): T {
  SECRET.add(schema);
  return schema;
}

export function isSecret(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && SECRET.has(schema);
}

const typed = z.pipe(
  z.optional(z.unknown()),
  z.transform((value) => (typeof value === 'string' ? value : '')),
);

/** Text as typed, "" when the input is absent or blank. */
export const asTyped = () => typed;

/** Trimmed text, "" when blank. */
export const optionalText = () =>
  z.pipe(
    typed,
    z.transform((value) => value.trim()),
  );

/** Trimmed text that must not be blank (`message` says what to enter). */
export const text = (message: string) => optionalText().check(z.refine((value) => value !== '', message));

/**
 * Trimmed text checked by one of the form's own check functions (the message it gives, or nothing when
 * the value is good) — the same function may run elsewhere, e.g. for an input outside any form.
 */
export const checkedText = (
  check: (value: string) => string | undefined,
  read: () => z.ZodMiniType<string, unknown> = optionalText,
) =>
  read().check(
    z.superRefine((value, ctx) => {
      const message = check(value);
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    }),
  );

/** A password (or any secret typed exactly): kept as typed, never echoed back; `check` as above. */
export const password = (check: (value: string) => string | undefined) => secret(checkedText(check, asTyped));

/** A ticked checkbox: "on" (a browser's default value) or "true". */
export const ticked = () =>
  z.pipe(
    z.optional(z.unknown()),
    z.transform((value) => value === 'on' || value === 'true'),
  );
