// Mint URL acceptance and normalisation shared by the relay and auditor halves of discovery.

/**
 * The URL in the form used to match the same mint from different sources (lower-case host, no
 * trailing slash), or undefined when it is not an absolute http(s) URL.
 */
export function normaliseMintUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || url.username || url.password) return undefined;
  return url.href.replace(/\/+$/, '');
}
