import { describe, expect, it } from 'vitest';
import { localStorageStorage, memoryStorage, type Tokens } from './token-storage.js';

const NOW = 1_700_000_000;
const stored = (role: Tokens['refreshToken']['role'], expiresAt: number): Tokens => ({
  accessToken: { value: 'old-access', expiresAt },
  refreshToken: { value: `refresh-${role}`, role },
});

describe('storages', () => {
  const tokens = stored('visitor', NOW);

  it('memoryStorage keeps, replaces and clears', () => {
    const storage = memoryStorage();
    expect(storage.get()).toBeUndefined();
    storage.set(tokens);
    expect(storage.get()).toEqual(tokens);
    storage.clear();
    expect(storage.get()).toBeUndefined();
  });

  function fakeStorage(broken = false): Storage & { data: Map<string, string> } {
    const data = new Map<string, string>();
    const fail = () => {
      if (broken) throw new DOMException('denied', 'SecurityError');
    };
    return {
      data,
      get length() {
        return data.size;
      },
      clear: () => data.clear(),
      key: (i) => [...data.keys()][i] ?? null,
      getItem: (k) => {
        fail();
        return data.get(k) ?? null;
      },
      setItem: (k, v) => {
        fail();
        data.set(k, v);
      },
      removeItem: (k) => {
        fail();
        data.delete(k);
      },
    };
  }

  it('localStorageStorage persists JSON under its key', () => {
    const backing = fakeStorage();
    const storage = localStorageStorage('openshelf.tokens', backing);
    storage.set(tokens);
    expect(JSON.parse(backing.data.get('openshelf.tokens') ?? '')).toEqual(tokens);
    expect(localStorageStorage('openshelf.tokens', backing).get()).toEqual(tokens);
    storage.clear();
    expect(backing.data.has('openshelf.tokens')).toBe(false);
    expect(storage.get()).toBeUndefined();
  });

  it.each([
    'not json',
    '{"accessToken":{"value":1}}',
    'null',
    '{"accessToken":{"value":"a","expiresAt":1},"refreshToken":{"value":"r","role":"admin"}}',
  ])('localStorageStorage ignores a corrupt entry %j', (raw) => {
    const backing = fakeStorage();
    backing.data.set('k', raw);
    expect(localStorageStorage('k', backing).get()).toBeUndefined();
  });

  it('localStorageStorage falls back to memory when storage throws', () => {
    const storage = localStorageStorage('k', fakeStorage(true));
    storage.set(tokens);
    expect(storage.get()).toEqual(tokens);
    storage.clear();
    expect(storage.get()).toBeUndefined();
  });
});
