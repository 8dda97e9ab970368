// Choosing a password: changing it (password.tsx) and setting a new one from the e-mailed link
// (reset-password.tsx). Every part is a password, kept exactly as typed.
import * as z from 'zod/mini';
import { asTyped, optionalText, password, secret } from '../../lib/forms/schema-parts';
import { checkNewPassword } from './form-input';

const newPassword = {
  password: password((value) => checkNewPassword(value)),
  confirm: secret(asTyped()),
};

/** The second copy of the new password must match the first (the message goes at the second). */
const typedTwice = z.superRefine((typed: { password: string; confirm: string }, ctx) => {
  if (typed.confirm !== typed.password)
    ctx.addIssue({
      code: 'custom',
      path: ['confirm'],
      message: 'The two passwords are not the same. Type them again.',
      input: typed,
    });
});

export const passwordSchema = z
  .object({
    current: password((value) => (value ? undefined : 'Enter your current password.')),
    ...newPassword,
  })
  .check(typedTwice);

/** The e-mailed link's token travels in a hidden input; the store judges it (expired, used). */
export const resetPasswordSchema = z.object({ token: optionalText(), ...newPassword }).check(typedTwice);
