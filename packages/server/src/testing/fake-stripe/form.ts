/**
 * Stripe's request bodies: `application/x-www-form-urlencoded` with bracketed keys (`metadata[checkout_id]=…`,
 * `expand[0]=payment_method`, `payment_method_data[card][number]=…`), decoded to plain objects and arrays.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export function decodeStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: FormObject = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        const next = node[part];
        const child: FormObject = typeof next === 'object' && !Array.isArray(next) ? next : {};
        node[part] = child;
        node = child;
      }
    });
  }
  return arraysOf(root) as FormObject;
}

/** `{0: a, 1: b}` → `[a, b]`, recursively. */
function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysOf(value[key] as FormValue)]));
  if (keys.length > 0 && keys.every((key, index) => key === String(index)))
    return keys.map((key) => converted[key] as FormValue);
  return converted;
}

export const text = (value: FormValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;
export const list = (value: FormValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
export const record = (value: FormValue | undefined): Record<string, string> =>
  typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};
