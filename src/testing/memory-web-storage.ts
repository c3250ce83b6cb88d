// A Web Storage (sessionStorage, localStorage) in memory for tests, its items open to inspection.
export function memoryWebStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}
