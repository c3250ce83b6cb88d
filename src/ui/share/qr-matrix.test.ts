// The QR a till shows must scan back to exactly its text: the path QrCode draws is rasterised with
// a quiet zone and decoded by an independent reader (the encoder package's own decoder).
import decodeQR from 'qr/decode.js';
import { describe, expect, it } from 'vitest';
import { darkModulesPath, INVOICE_SHAPED, qrMatrix, type QrLevel } from './qr-matrix';

/** The modules the path paints, read back from its `M{x} {y}h{n}v1h-{n}z` rectangles. */
function paintedModules(path: string, count: number): boolean[][] {
  const grid = Array.from({ length: count }, () => Array<boolean>(count).fill(false));
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(run); i += 1) grid[Number(y)]![Number(x) + i] = true;
  }
  return grid;
}

/** RGB pixels of the modules, `scale` px each, inside a four-module white quiet zone. */
function raster(grid: boolean[][], scale = 4) {
  const side = (grid.length + 8) * scale;
  const data = new Uint8Array(side * side * 3).fill(255);
  grid.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const at = ((y + 4) * scale + dy) * side + (x + 4) * scale + dx;
          data.fill(0, at * 3, at * 3 + 3);
        }
      }
    }),
  );
  return { width: side, height: side, data };
}

const INVOICE =
  'lnbc210n1pnq8u4fpp5kz8ajc0yz3tdz6mewxmgu3ex4sd0mxvt3nyq06zw4xv8pwyxqagsdqqcqzzsxqyz5vqsp5' +
  'yvnqq2mu6jx3lyyw0ud0lvhncaw0jnq4cjk0q6dhnfw2v2hp8qfs9qxpqysgqk9h3v4w4dd5q4j7x2m0gzeyzvkj9w0' +
  'ya5n3d6fy6l8j2a0ukcg3p0y9ktx3r2g8yyl5sdwpwkm5h6m0aqj2xfn8t0t0y7r2xmfg3cpfw4kxq';

describe('the QR a till shows', () => {
  it.each<[string, string, QrLevel]>([
    ['a Lightning invoice', INVOICE, 'L'],
    ['a connection link', 'https://pos.example/remote/npub1qqqs#pair=0f1e2d3c4b5a', 'L'],
    ['an animated withdraw part', 'ur:bytes/12-34/lpbsbsdrtaebfmnwpfzcxcxbwnsdfsbtrsrtz', 'M'],
    ['digits only', '0123456789', 'H'],
  ])('scans back to %s exactly', (_what, text, level) => {
    const matrix = qrMatrix(text, level);
    const painted = paintedModules(darkModulesPath(matrix), matrix.length);
    expect(painted).toEqual(matrix);
    expect(decodeQR(raster(painted))).toBe(text);
  });

  it('has no quiet zone of its own and a side of 17 + 4 × version modules', () => {
    const matrix = qrMatrix('hello', 'L');
    expect(matrix).toHaveLength(21);
    // The finder pattern starts at the very first module.
    expect(matrix[0]!.slice(0, 7)).toEqual(Array(7).fill(true));
    expect(matrix.every((row) => row.length === 21)).toBe(true);
  });

  it('is rehearsed at idle on a symbol of an invoice’s size', () => {
    expect(qrMatrix(INVOICE_SHAPED, 'L')).toHaveLength(qrMatrix(INVOICE, 'L').length);
  });
});
