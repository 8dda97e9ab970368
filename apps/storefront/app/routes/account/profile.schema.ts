// The profile form (profile.tsx): names and a phone, trimmed; the revision the page was shown with.
import * as z from 'zod/mini';
import { checkedText, optionalText } from '../../lib/forms/schema-parts';

const PHONE_PATTERN = /^[+()\d][\d\s().-]{3,30}$/;

const name = () => checkedText((value) => (value.length > 100 ? 'Use at most 100 characters.' : undefined));

export const profileSchema = z.object({
  firstName: name(),
  lastName: name(),
  phone: checkedText((value) =>
    value && !PHONE_PATTERN.test(value)
      ? 'Enter a phone number with digits, like +1 555 010 1234.'
      : undefined,
  ),
  revision: optionalText(),
});
