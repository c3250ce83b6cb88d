// The IndexedDB database name, apart from db.ts so it can be read without loading Dexie.
export const DEFAULT_DB_NAME = 'cashew-pos';
