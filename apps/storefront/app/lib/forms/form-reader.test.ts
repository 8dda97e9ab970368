import { describe, expect, it } from 'vitest';
import { formReader } from './form-reader';

const form = (entries: [string, string | Blob][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return formReader(data);
};

describe('formReader', () => {
  it('trims text, and keeps what is read exactly (a password) as typed', () => {
    const read = form([
      ['email', '  ada@example.com \n'],
      ['password', ' two words '],
    ]);
    expect(read.text('email')).toBe('ada@example.com');
    expect(read.exact('password')).toBe(' two words ');
    expect(read.text('missing')).toBe('');
    expect(read.optionalText('missing')).toBeUndefined();
  });

  it('reads several fields at once: trimmed, passwords and their repeats as typed', () => {
    const read = form([
      ['current', 'old secret '],
      ['password', ' new secret'],
      ['confirm', ' new secret'],
      ['returnTo', ' /account '],
    ]);
    expect(
      read.values(['current', 'password', 'confirm', 'returnTo'], ['current', 'password', 'confirm']),
    ).toEqual({
      current: 'old secret ',
      password: ' new secret',
      confirm: ' new secret',
      returnTo: '/account',
    });
    expect(read.values(['absent'])).toEqual({ absent: '' });
  });

  it('reads numbers, checkboxes, repeated fields and lists; a file is no text', () => {
    const read = form([
      ['price', ' 12,50 '],
      ['bad', 'twelve'],
      ['blank', '  '],
      ['visible', 'on'],
      ['tag', 'a'],
      ['tag', ''],
      ['tag', 'b'],
      ['skus', 'x1, x2\nx3,'],
      ['upload', new Blob(['bytes'])],
    ]);
    expect(read.number('price')).toBe(12.5);
    expect(read.number('bad')).toBeNaN();
    expect(read.number('blank')).toBeUndefined();
    expect(read.checked('visible')).toBe(true);
    expect(read.checked('missing')).toBe(false);
    expect(read.all('tag')).toEqual(['a', 'b']);
    expect(read.list('skus')).toEqual(['x1', 'x2', 'x3']);
    expect(read.exact('upload')).toBe('');
  });
});
