// Test helper: a QR code as the RGBA pixels a camera frame holds (dark modules black, a quiet zone
// of four modules, `scale` pixels a module), for code readers run in Node.
import { qrMatrix } from '../../ui/share/qr-matrix';

export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export function qrPixels(text: string, scale = 4): RgbaImage {
  const matrix = qrMatrix(text, 'M');
  const modules = matrix.length + 8;
  const size = modules * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const at = ((y + 4) * scale + dy) * size + (x + 4) * scale + dx;
          data.fill(0, at * 4, at * 4 + 3);
        }
      }
    }),
  );
  return { data, width: size, height: size };
}
