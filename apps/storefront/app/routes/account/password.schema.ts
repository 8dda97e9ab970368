// Changing the password (password.tsx): every part is a password, kept exactly as typed.
import * as z from 'zod/mini';
import { asTyped, password, secret } from '../../lib/forms/schema-parts';
import { checkNewPassword } from './form-input';

export const passwordSchema = z
  .object({
    current: password((value) => (value ? undefined : 'Enter your current password.')),
    password: password((value) => checkNewPassword(value)),
    confirm: secret(asTyped()),
  })
  .check(
    z.superRefine((typed, ctx) => {
      if (typed.confirm !== typed.password)
        ctx.addIssue({
          code: 'custom',
          path: ['confirm'],
          message: 'The two passwords are not the same. Type them again.',
          input: typed,
        });
    }),
  );
