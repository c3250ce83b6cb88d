// Secrets sealed with AES-GCM under the PIN-derived key, as the one string stored in a key row.
// The prefix cannot start a phrase or a hex value, so plain and sealed rows never look alike.
import { base64 } from '@scure/base';

const PREFIX = 'sealed:v1:';

/** True for a value written by `seal`. */
export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

function buffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer;
}

/** A fresh 96-bit IV per value; the stored string carries the IV and the ciphertext with its tag. */
export async function seal(key: CryptoKey, plain: Uint8Array): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: buffer(iv) },
    key,
    buffer(plain),
  );
  return `${PREFIX}${base64.encode(iv)}:${base64.encode(new Uint8Array(ciphertext))}`;
}

/** The plain bytes; rejects (OperationError) when the key is not the one that sealed it. */
export async function open(key: CryptoKey, sealed: string): Promise<Uint8Array> {
  const [iv, ciphertext] = sealed.slice(PREFIX.length).split(':');
  if (iv === undefined || ciphertext === undefined) throw new Error('Malformed sealed value');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: buffer(base64.decode(iv)) },
    key,
    buffer(base64.decode(ciphertext)),
  );
  return new Uint8Array(plain);
}
