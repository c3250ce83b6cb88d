// Test helper: a flag that turns true once a promise has settled, to ask "has it resolved yet?"
// between timer steps without awaiting it.
export function settledFlag(promise: Promise<unknown>): () => boolean {
  let settled = false;
  void promise.then(() => (settled = true));
  return () => settled;
}
