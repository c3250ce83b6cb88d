// The QR symbol of a text as dark modules, and the SVG path that draws them (ui/share/QrCode.tsx); the
// encoder is `qr` (docs/decisions/0048-qr-encoder.md).
import encodeQR, { type ErrorCorrection } from 'qr';

export type QrLevel = 'L' | 'M' | 'Q' | 'H';

const CORRECTION: Record<QrLevel, ErrorCorrection> = {
  L: 'low',
  M: 'medium',
  Q: 'quartile',
  H: 'high',
};

/** Rows of modules, true for dark, without a quiet zone (the component draws its own). */
export function qrMatrix(text: string, level: QrLevel): boolean[][] {
  // The smallest border the encoder takes is one module; it is sliced off here.
  const bordered = encodeQR(text, 'raw', { ecc: CORRECTION[level], border: 1 });
  return bordered.slice(1, -1).map((row) => row.slice(1, -1));
}

/** One rectangle per run of dark modules in a row, in module units: `M{x} {y}h{n}v1h-{n}z`. */
export function darkModulesPath(matrix: readonly (readonly boolean[])[]): string {
  let path = '';
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      let run = 1;
      while (row[x + run]) run += 1;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  });
  return path;
}

/**
 * A text shaped like a Lightning invoice: lowercase (the encoder's byte mode) and about as long as
 * the dev mint's and public mints' bolt11 strings, so its symbol is of the invoice's size. The
 * invoice modal's rehearsal (ui/payment/InvoiceModal.tsx) draws it, so the first sale's QR is not
 * the encoder's first run (docs/performance.md "Taps").
 */
export const INVOICE_SHAPED = `lnbc210n1p${'q'.repeat(248)}`;
