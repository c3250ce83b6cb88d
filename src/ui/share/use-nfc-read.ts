// Reading an NFC card or tag with Web NFC (`NDEFReader`, Chrome on Android), where the browser has
// it: each record's text (a URL or a text record) is handed on while reading is on.
import { useEffect, useRef, useState } from 'react';

interface NdefRecordLike {
  recordType: string;
  data?: DataView | null;
  encoding?: string | null;
}
interface NdefReadingLike {
  message: { records: readonly NdefRecordLike[] };
}
interface NdefReaderLike {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  addEventListener(type: 'reading', listener: (event: NdefReadingLike) => void): void;
  addEventListener(type: 'readingerror', listener: () => void): void;
}
type NdefReaderClass = new () => NdefReaderLike;

function readerClass(): NdefReaderClass | undefined {
  const candidate = (globalThis as { NDEFReader?: NdefReaderClass }).NDEFReader;
  return typeof candidate === 'function' ? candidate : undefined;
}

/** The text a record carries: a URL record's URL, a text record's text; else undefined. */
export function recordText(record: NdefRecordLike): string | undefined {
  if (!record.data) return undefined;
  if (record.recordType === 'url' || record.recordType === 'absolute-url') {
    return new TextDecoder().decode(record.data);
  }
  if (record.recordType === 'text') {
    return new TextDecoder(record.encoding ?? 'utf-8').decode(record.data);
  }
  return undefined;
}

export interface NfcReadOptions {
  onText: (text: string) => void;
  /** reading could not start (permission refused, NFC off); reading has stopped */
  onError?: (error: unknown) => void;
}

export function useNfcRead({ onText, onError }: NfcReadOptions) {
  const [reading, setReading] = useState(false);
  const Reader = readerClass();
  const handlers = useRef({ onText, onError });
  useEffect(() => {
    handlers.current = { onText, onError };
  });

  useEffect(() => {
    if (!reading || !Reader) return;
    const stop = new AbortController();
    const reader = new Reader();
    reader.addEventListener('reading', (event) => {
      if (stop.signal.aborted) return;
      for (const record of event.message.records) {
        const text = recordText(record);
        if (text) return handlers.current.onText(text);
      }
    });
    reader.scan({ signal: stop.signal }).catch((error: unknown) => {
      if (stop.signal.aborted) return;
      handlers.current.onError?.(error);
      setReading(false);
    });
    return () => stop.abort();
  }, [reading, Reader]);

  return { available: Reader !== undefined, reading, setReading };
}
