import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { readForm } from './read-form';
import { checkedText, optionalText, password, text, ticked } from './schema-parts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const signIn = z.object({
  email: checkedText((value) => (value.includes('@') ? undefined : 'Enter a valid e-mail address.')),
  password: password((value) => (value ? undefined : 'Enter your password.')),
  name: optionalText(),
  remember: ticked(),
});

describe('readForm', () => {
  it('trims text but keeps a password exactly as typed', () => {
    const read = readForm(form({ email: ' ada@example.com ', password: ' secret ', remember: 'on' }), signIn);
    expect(read.value).toEqual({ email: 'ada@example.com', password: ' secret ', name: '', remember: true });
  });

  it('names every problem at its input, and sends back what was typed except the password', () => {
    const read = readForm(form({ email: 'ada', password: '', name: ' Ada ' }), signIn);
    expect(read.errors).toEqual({
      fields: { email: 'Enter a valid e-mail address.', password: 'Enter your password.' },
    });
    expect(read.errors && read.values).toEqual({ email: 'ada', name: ' Ada ' });
  });

  it('refuses a blank required text, spaces included, in its words', () => {
    const schema = z.object({ code: text('Enter the 6-digit code.') });
    expect(readForm(form({ code: '   ' }), schema).errors?.fields).toEqual({
      code: 'Enter the 6-digit code.',
    });
    expect(readForm(form({}), schema).errors?.fields).toEqual({ code: 'Enter the 6-digit code.' });
    expect(readForm(form({ code: ' 123456 ' }), schema).value).toEqual({ code: '123456' });
  });

  it('reads dotted names as nested parts and reports them by the input name', () => {
    const schema = z.object({ shipping: z.object({ city: text('Enter the city.') }) });
    expect(readForm(form({ 'shipping.city': 'Oslo' }), schema).value).toEqual({ shipping: { city: 'Oslo' } });
    expect(readForm(form({ 'shipping.city': '' }), schema).errors?.fields).toEqual({
      'shipping.city': 'Enter the city.',
    });
  });
});
