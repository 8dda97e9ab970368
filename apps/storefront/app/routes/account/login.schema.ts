// The login form (login.tsx), read by its action and checked in the browser with the same schema.
import * as z from 'zod/mini';
import { checkedText, optionalText, password } from '../../lib/forms/schema-parts';
import { checkEmail } from './form-input';

export const loginSchema = z.object({
  email: checkedText(checkEmail),
  password: password((value) => (value ? undefined : 'Enter your password.')),
});

/** Where the login goes next, and what it was asked to do (hidden inputs, never refused). */
export const loginFlowSchema = z.object({
  returnTo: optionalText(),
  flow: optionalText(),
  intent: optionalText(),
});

/** The forgotten-password form (forgot-password.tsx): the e-mail the reset link goes to. */
export const forgotPasswordSchema = z.object({ email: checkedText(checkEmail) });
