// E2E helper: a stand-in for Web NFC's NDEFReader, put in the page by an init script (no NFC
// hardware here). `window.tapNfc(text)` plays a card or tag holding `text` as a URL record to every
// reader that is scanning.
import type { Page } from '@playwright/test';

export function installNfcStandIn(): void {
  type Reading = (event: { message: { records: unknown[] } }) => void;
  const scanning = new Set<{ reading?: Reading; signal?: AbortSignal }>();
  class StandInReader {
    private readonly entry: { reading?: Reading; signal?: AbortSignal } = {};
    addEventListener(type: string, listener: Reading) {
      if (type === 'reading') this.entry.reading = listener;
    }
    async scan(options?: { signal?: AbortSignal }) {
      this.entry.signal = options?.signal;
      scanning.add(this.entry);
    }
  }
  Object.assign(window, {
    NDEFReader: StandInReader,
    tapNfc(text: string): number {
      const record = {
        recordType: 'url',
        data: new DataView(new TextEncoder().encode(text).buffer),
      };
      let heard = 0;
      for (const entry of scanning) {
        if (entry.signal?.aborted) continue;
        entry.reading?.({ message: { records: [record] } });
        heard += 1;
      }
      return heard;
    },
  });
}

/** Holds a card or tag holding `text` to the device; resolves with how many readers heard it. */
export function tapNfc(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (value) => (window as unknown as { tapNfc(text: string): number }).tapNfc(value),
    text,
  );
}
