// Reading the account forms' inputs, and the checks that both the browser (as a field loses focus) and the
// action (on submit) run on them.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The string values of a form, trimmed (passwords are kept exactly as typed). */
export function formValues(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    const text = typeof value === 'string' ? value : '';
    values[name] = name.toLowerCase().includes('password') ? text : text.trim();
  }
  return values;
}

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
