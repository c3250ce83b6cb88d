// Files the build lists in a meta tag of index.html as JSON, by key: the next screens' files
// (app/start-up/prefetch-next.ts) and the guarded screens' (src/early-onboarded-read.ts). A meta tag, not an
// inline script: the page's policy allows no inline script (docs/security.md "A hardened page").

/** The files the tag lists under `key`; none when the tag, the key or a readable list is missing. */
export function listedFiles(doc: Document, metaName: string, key: string): string[] {
  const content = doc.querySelector(`meta[name="${metaName}"]`)?.getAttribute('content');
  if (!content) return [];
  try {
    const table = JSON.parse(content) as Record<string, unknown>;
    const files = Object.hasOwn(table, key) ? table[key] : undefined;
    return Array.isArray(files) ? files.filter((file) => typeof file === 'string') : [];
  } catch {
    return [];
  }
}
