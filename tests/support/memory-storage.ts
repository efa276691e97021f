/** Node has no Web Storage: unit tests of the session code install this in-memory stand-in (get, set, remove, clear). */
export const memoryStorage = () => {
  const entries = new Map<string, string>();
  return {
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    removeItem: (key: string) => void entries.delete(key),
    clear: () => entries.clear(),
  };
};

/** Gives the global scope its own `localStorage` and `sessionStorage`. */
export const installMemoryStorage = (): void =>
  void Object.assign(globalThis, { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
