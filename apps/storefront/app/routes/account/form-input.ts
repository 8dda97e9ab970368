// The checks that both the browser (as a field loses focus) and the action (on submit) run on the account
// forms' inputs (the action reads them with lib/forms/form-reader.ts).

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string): string | undefined {
  if (!value) return 'Enter your e-mail address.';
  if (!EMAIL_PATTERN.test(value) || value.length > 254)
    return 'Enter a valid e-mail address, like name@example.com.';
  return undefined;
}

export function checkNewPassword(value: string, minLength = 8): string | undefined {
  if (!value) return 'Choose a password.';
  if (value.length < minLength) return `Use at least ${minLength} characters for your password.`;
  return undefined;
}
