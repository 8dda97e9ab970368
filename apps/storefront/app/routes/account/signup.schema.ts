// The sign-up form (signup.tsx), read by its action and checked in the browser with the same schema.
import * as z from 'zod/mini';
import { checkedText, optionalText, password } from '../../lib/forms/schema-parts';
import { checkEmail, checkNewPassword } from './form-input';

export const signupSchema = z.object({
  firstName: checkedText((value) =>
    value.length > 100 ? 'Use at most 100 characters for your first name.' : undefined,
  ),
  lastName: optionalText(),
  email: checkedText(checkEmail),
  password: password((value) => checkNewPassword(value)),
  returnTo: optionalText(),
});
