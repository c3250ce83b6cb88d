// E2E helper: a camera for Chromium's fake capture device, a Y4M video of QR codes (each code held
// for `holdFrames` video frames, the video looping as Chromium plays it), and a browser that films it.
import { writeFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../../playwright.config';
import { qrMatrix } from '../../src/ui/share/qr-matrix';

const SIZE = 480;
const FPS = 10;

/** The luma plane of one QR code, black on white with a quiet zone, as large as the frame allows. */
function lumaOf(text: string): Uint8Array {
  const matrix = qrMatrix(text, 'L');
  const modules = matrix.length + 8;
  const scale = Math.floor(SIZE / modules);
  const offset = Math.floor((SIZE - matrix.length * scale) / 2);
  const luma = new Uint8Array(SIZE * SIZE).fill(235);
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        const start = (offset + y * scale + dy) * SIZE + offset + x * scale;
        luma.fill(16, start, start + scale);
      }
    }),
  );
  return luma;
}

/** Writes a 4:2:0 Y4M video of the codes, one after another, each `holdFrames` frames long. */
export function writeQrVideo(file: string, codes: string[], holdFrames = 3): void {
  const chroma = Buffer.alloc((SIZE / 2) * (SIZE / 2) * 2, 128);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${SIZE} H${SIZE} F${FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (const code of codes) {
    const frame = Buffer.concat([Buffer.from('FRAME\n'), lumaOf(code), chroma]);
    for (let i = 0; i < holdFrames; i++) parts.push(frame);
  }
  writeFileSync(file, Buffer.concat(parts));
}

/** Chromium whose camera plays `video` (granted without asking). */
export function browserFilming(video: string): Promise<Browser> {
  return chromium.launch({
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

/** Takes the browser's own BarcodeDetector away, so the page must load the polyfill. */
export function withoutNativeDetector(): void {
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
}
