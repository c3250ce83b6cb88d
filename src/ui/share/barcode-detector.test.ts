// The QR reader behind the camera scan: the browser's own where it has one; else the ZXing polyfill,
// whose .wasm is the copy this build serves (the one the library pins) and which reads our QR codes
// in Node as in a browser.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarcodeDetector, ZXING_WASM_SHA256, prepareZXingModule } from 'barcode-detector/ponyfill';
import { loadDetector, locateReaderFile } from './barcode-detector';
import { qrPixels } from '../../testing/ui/qr-image';

const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');

/** Node has neither ImageData nor DOMRectReadOnly, which the polyfill takes and gives. */
class NodeImageData {
  readonly colorSpace = 'srgb';
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}
class NodeRect {
  constructor(
    readonly x: number,
    readonly y: number,
    readonly width: number,
    readonly height: number,
  ) {}
}

afterEach(() => {
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
  vi.unstubAllGlobals();
});

describe('the QR reader', () => {
  it('is the browser’s own BarcodeDetector where there is one', async () => {
    class Native {}
    Object.assign(globalThis, { BarcodeDetector: Native });
    expect(await loadDetector()).toBe(Native);
  });

  it('loads the .wasm from this build, not from a CDN', () => {
    const locate = locateReaderFile('/assets/zxing_reader-abc.wasm');
    expect(locate('zxing_reader.wasm', 'https://fastly.jsdelivr.net/npm/zxing-wasm/')).toBe(
      '/assets/zxing_reader-abc.wasm',
    );
  });

  it('serves the very .wasm the polyfill was built against', () => {
    const digest = createHash('sha256').update(readFileSync(wasmPath)).digest('hex');
    expect(digest).toBe(ZXING_WASM_SHA256);
  });

  it('the polyfill reads a QR code of a token in Node', async () => {
    prepareZXingModule({
      overrides: { wasmBinary: readFileSync(wasmPath).buffer },
      fireImmediately: false,
    });
    vi.stubGlobal('ImageData', NodeImageData);
    vi.stubGlobal('DOMRectReadOnly', NodeRect);
    const token = 'cashuBo2FteCJodHRwczovL21pbnQuZXhhbXBsZS5jb20';
    const { data, width, height } = qrPixels(token);
    const image = new NodeImageData(data, width, height) as ImageData;
    const [code] = await new BarcodeDetector({ formats: ['qr_code'] }).detect(image);
    expect(code?.rawValue).toBe(token);
  });
});
