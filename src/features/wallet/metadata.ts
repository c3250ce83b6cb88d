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
