// A history event's metadata as an object: JSON text from this app, or anything older data holds
// (then an empty object).

export function metadataOf(event: { metadata?: string | undefined }): Record<string, unknown> {
  if (!event.metadata) return {};
  try {
    const parsed: unknown = JSON.parse(event.metadata);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
