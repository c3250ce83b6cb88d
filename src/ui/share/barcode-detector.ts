// The QR reader behind the camera scan: the browser's own BarcodeDetector, or else the ZXing
// WebAssembly polyfill, loaded only then and its .wasm served by this build, never a CDN
// (docs/decisions/0069-barcode-detector-polyfill.md).
export interface DetectedCode {
  rawValue: string;
}
export interface Detector {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}
export type DetectorClass = new (options?: { formats: string[] }) => Detector;

/** The browser's own BarcodeDetector, where it has one. */
export function nativeDetector(): DetectorClass | undefined {
  const candidate = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : undefined;
}

/** Where the emscripten loader looks for a file: our copy of the reader's .wasm, else beside it. */
export function locateReaderFile(wasmUrl: string) {
  return (path: string, prefix: string): string =>
    path.endsWith('.wasm') ? wasmUrl : prefix + path;
}

/** A BarcodeDetector class: the native one, or the polyfill (one download, then cached). */
export async function loadDetector(): Promise<DetectorClass> {
  const native = nativeDetector();
  if (native) return native;
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // The library's default fetches the .wasm from jsDelivr: the till must scan with no network.
  prepareZXingModule({
    overrides: { locateFile: locateReaderFile(wasmUrl) },
    fireImmediately: false,
  });
  return BarcodeDetector as unknown as DetectorClass;
}
