// Turns the byte representations older app versions stored (arrays, hex, JSON'd typed arrays) into bytes.

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function isByteList(values: unknown[]): values is number[] {
  return values.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 255);
}

/**
 * Bytes from any representation seen in stored key rows, or undefined when the value is not
 * recognisable as bytes. Checks ArrayBuffer views structurally so a typed array from another
 * realm (e.g. a test DOM environment) is still accepted.
 */
export function toBytes(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) {
    return new Uint8Array(
      value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength),
    );
  }
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
  if (Array.isArray(value)) return isByteList(value) ? Uint8Array.from(value) : undefined;
  if (typeof value === 'string') return HEX.test(value) ? hexToBytes(value) : undefined;
  if (value !== null && typeof value === 'object') {
    // JSON.stringify of a Uint8Array gives {"0":12,"1":34,...}.
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 || !entries.every(([k], i) => k === String(i))) return undefined;
    const values = entries.map(([, v]) => v);
    return isByteList(values) ? Uint8Array.from(values) : undefined;
  }
  return undefined;
}

/** A string from a stored text value; bytes are read as UTF-8 (an older way to store the phrase). */
export function toText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
    const bytes = toBytes(value);
    return bytes ? new TextDecoder().decode(bytes) : undefined;
  }
  return undefined;
}
