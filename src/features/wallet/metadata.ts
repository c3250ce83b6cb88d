// History metadata as display text: pretty-printed when it is JSON, raw
// otherwise (docs/behaviour.md "History").

/** Always plain text: the caller renders it as a text node, never as HTML. */
export function formatMetadata(metadata: string): string {
  try {
    return JSON.stringify(JSON.parse(metadata), null, 2);
  } catch {
    return metadata;
  }
}

/** The Lightning invoice a payment or cash-out event recorded (metadata `request`), if any. */
export function invoiceOf(metadata: string | undefined): string | null {
  if (!metadata) return null;
  try {
    const parsed: unknown = JSON.parse(metadata);
    if (parsed && typeof parsed === 'object' && 'request' in parsed) {
      const request = (parsed as { request: unknown }).request;
      return typeof request === 'string' && request.length > 0 ? request : null;
    }
  } catch {
    // not JSON: shown raw below, no invoice to pick out
  }
  return null;
}
