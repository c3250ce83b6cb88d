// E2E helper: the app's whole profile (every IndexedDB store, every localStorage entry) as text,
// to search for secrets the way another program reading a copied profile could.
import type { Page } from '@playwright/test';

/**
 * Every row of every IndexedDB store of the app and every localStorage entry, as text another
 * program reading the profile could search: byte values written as hex, base64 and base64url.
 */
export function profileText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const bytesText = (bytes: Uint8Array) => {
      const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      const b64 = btoa(String.fromCharCode(...bytes));
      return `${hex} ${b64} ${b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
    };
    const text = (value: unknown): string =>
      JSON.stringify(value, (_key, v: unknown) =>
        v instanceof Uint8Array
          ? bytesText(v)
          : v instanceof ArrayBuffer
            ? bytesText(new Uint8Array(v))
            : v,
      );
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('cashew-pos');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => resolve(open.result);
    });
    const parts: string[] = [];
    for (const name of Array.from(db.objectStoreNames)) {
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const read = db.transaction(name).objectStore(name).getAll();
        read.onsuccess = () => resolve(read.result as unknown[]);
        read.onerror = () => reject(read.error);
      });
      parts.push(text(rows));
    }
    db.close();
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      parts.push(key, localStorage.getItem(key) ?? '');
    }
    return parts.join('\n');
  });
}
