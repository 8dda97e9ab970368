/**
 * Reading a submitted form, for the actions of the account pages and the admin. Text is trimmed, except
 * what is read `exact`: a password is kept as typed, since a space at either end is part of it (the
 * server accepts any characters), and a form that trimmed it on one page and not on another would refuse
 * the password it had set.
 */
export function formReader(form: FormData) {
  const exact = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const text = (name: string) => exact(name).trim();
  return {
    text,
    exact,
    optionalText: (name: string) => text(name) || undefined,
    /** A number, `undefined` when blank, or `NaN` when it does not parse (the API names it). */
    number: (name: string) => (text(name) === '' ? undefined : Number(text(name).replace(',', '.'))),
    checked: (name: string) => form.get(name) === 'on' || form.get(name) === 'true',
    all: (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string' && v !== ''),
    list: (name: string) =>
      text(name)
        .split(/[,\n]/)
        .map((item) => item.trim())
        .filter(Boolean),
    /** Several fields at once, trimmed; those also named in `exactly` (passwords) as typed. */
    values<Name extends string>(names: readonly Name[], exactly: readonly Name[] = []): Record<Name, string> {
      const values = {} as Record<Name, string>;
      for (const name of names) values[name] = exactly.includes(name) ? exact(name) : text(name);
      return values;
    },
  };
}

export type FormReader = ReturnType<typeof formReader>;
