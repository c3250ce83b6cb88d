// An app data part too large for one event, split in chunks and put back together: gzip where
// the browser has CompressionStream, base64, chunks naming the version they belong to, and a
// manifest naming the slot, the count and that version (docs/protocol.md "App data backup",
// docs/decisions/0052-backup-chunks.md).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { ValidationError } from '../errors';
import type { ChunkSlot } from './published-note';

/**
 * A part's JSON up to this many UTF-8 bytes goes in one event. NIP-44 pads it to 32 KiB and its
 * event comes to about 44 KB, below the 64 KiB many relays cap an event at (strfry's default
 * maxEventSize); a larger part is split.
 */
export const APP_DATA_EVENT_BYTES = 32_000;

/** Encoded characters per chunk: its event stays within APP_DATA_EVENT_BYTES with its own fields. */
export const CHUNK_DATA_CHARS = 31_744;

/** Chunks of one part at most (about 2 MB encoded); a larger part is not published. */
export const MAX_CHUNKS = 64;

/** A decoded part larger than this is refused: nothing the app writes comes near it. */
const MAX_DECODED_BYTES = 16 * 1024 * 1024;

export type ChunkEncoding = 'gzip' | 'identity';

/** What the part's own `d` tag holds when it is split. */
export interface ChunkManifest {
  v: 1;
  slot: ChunkSlot;
  count: number;
  encoding: ChunkEncoding;
  /** SHA-256 (hex) of the whole encoded text: every chunk of this version names it */
  digest: string;
}

/** One chunk's content: a slice of the encoded text and the version it belongs to. */
export interface ChunkBody {
  digest: string;
  index: number;
  data: string;
}

export interface SplitPart {
  manifest: { chunked: ChunkManifest };
  chunks: ChunkBody[];
}

/** How the bytes are packed; gzip where the platform has it. */
export interface ChunkCodec {
  encoding: ChunkEncoding;
  encode(bytes: Uint8Array): Promise<Uint8Array>;
}

/** The `d` tag (after `cashew-pos/`) of chunk `index` of `part` in `slot`. */
export function chunkName(part: string, slot: ChunkSlot, index: number): string {
  return `${part}/${slot}/${index}`;
}

export function otherSlot(slot: ChunkSlot | undefined): ChunkSlot {
  return slot === 'a' ? 'b' : 'a';
}

async function readAll(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel();
      throw new ValidationError('The backup is larger than any the app writes.');
    }
    parts.push(value);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream) {
  const source = new ReadableStream<BufferSource>({
    start(controller) {
      // A copy on a plain ArrayBuffer: what the stream types take.
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
  return readAll(source.pipeThrough(transform), MAX_DECODED_BYTES);
}

const gzipCodec: ChunkCodec = {
  encoding: 'gzip',
  encode: (bytes) => through(bytes, new CompressionStream('gzip')),
};

const identityCodec: ChunkCodec = { encoding: 'identity', encode: async (bytes) => bytes };

/** gzip where CompressionStream exists (browsers since 2023, Node 18), else the bytes as they are. */
export function platformCodec(): ChunkCodec {
  return typeof CompressionStream === 'function' ? gzipCodec : identityCodec;
}

/** The part's JSON text as chunks for `slot`, and their manifest. */
export async function splitPart(
  text: string,
  slot: ChunkSlot,
  codec: ChunkCodec = platformCodec(),
): Promise<SplitPart> {
  const encoded = base64.encode(await codec.encode(utf8ToBytes(text)));
  const digest = bytesToHex(sha256(utf8ToBytes(encoded)));
  const chunks: ChunkBody[] = [];
  for (let at = 0; at < encoded.length; at += CHUNK_DATA_CHARS) {
    chunks.push({ digest, index: chunks.length, data: encoded.slice(at, at + CHUNK_DATA_CHARS) });
  }
  const manifest: ChunkManifest = {
    v: 1,
    slot,
    count: chunks.length,
    encoding: codec.encoding,
    digest,
  };
  return { manifest: { chunked: manifest }, chunks };
}

/** The manifest a part's value is, or undefined when it is a value of its own. */
export function readManifest(value: unknown): ChunkManifest | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const m = (value as { chunked?: unknown }).chunked as Partial<ChunkManifest> | undefined;
  if (typeof m !== 'object' || m === null) return undefined;
  if (
    m.v !== 1 ||
    (m.slot !== 'a' && m.slot !== 'b') ||
    !Number.isSafeInteger(m.count) ||
    (m.count as number) < 1 ||
    (m.count as number) > MAX_CHUNKS ||
    (m.encoding !== 'gzip' && m.encoding !== 'identity') ||
    typeof m.digest !== 'string' ||
    !/^[0-9a-f]{64}$/.test(m.digest)
  ) {
    return undefined;
  }
  return m as ChunkManifest;
}

/**
 * The JSON text the manifest names, from the chunks read (any versions, any order): only chunks
 * naming its digest count, so two versions are never mixed. Undefined while one is missing.
 */
export async function joinChunks(
  manifest: ChunkManifest,
  bodies: readonly unknown[],
): Promise<string | undefined> {
  const slices = new Array<string | undefined>(manifest.count);
  for (const raw of bodies) {
    const body = raw as Partial<ChunkBody> | null;
    if (typeof body !== 'object' || body === null || body.digest !== manifest.digest) continue;
    const { index, data } = body;
    if (!Number.isSafeInteger(index) || typeof data !== 'string') continue;
    if ((index as number) >= 0 && (index as number) < manifest.count) {
      slices[index as number] = data;
    }
  }
  if (slices.some((slice) => slice === undefined)) return undefined;
  const encoded = slices.join('');
  if (bytesToHex(sha256(utf8ToBytes(encoded))) !== manifest.digest) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = base64.decode(encoded);
  } catch {
    return undefined;
  }
  if (manifest.encoding === 'gzip') {
    if (typeof DecompressionStream !== 'function') {
      throw new ValidationError('This browser cannot read a compressed backup.');
    }
    bytes = await through(bytes, new DecompressionStream('gzip'));
  }
  return new TextDecoder().decode(bytes);
}
