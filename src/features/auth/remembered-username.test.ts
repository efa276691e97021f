import { describe, expect, it } from 'vitest';
import { readRememberedUsername, REMEMBERED_USERNAME_KEY, storeRememberedUsername } from './remembered-username.ts';

const memoryStore = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
};

describe('remembered user name', () => {
  it('is kept under remembered_username when remember me is checked', () => {
    const store = memoryStore();
    storeRememberedUsername(' dealer ', true, store);
    expect(store.data.get(REMEMBERED_USERNAME_KEY)).toBe('dealer');
    expect(REMEMBERED_USERNAME_KEY).toBe('remembered_username');
    expect(readRememberedUsername(store)).toBe('dealer');
  });

  it('is removed when remember me is unchecked', () => {
    const store = memoryStore({ [REMEMBERED_USERNAME_KEY]: 'dealer' });
    storeRememberedUsername('dealer', false, store);
    expect(store.data.has(REMEMBERED_USERNAME_KEY)).toBe(false);
    expect(readRememberedUsername(store)).toBeNull();
  });

  it('reads nothing from an empty value or a failing storage', () => {
    expect(readRememberedUsername(memoryStore({ [REMEMBERED_USERNAME_KEY]: ' ' }))).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(readRememberedUsername(broken)).toBeNull();
    expect(() => storeRememberedUsername('user', true, broken)).not.toThrow();
  });
});
