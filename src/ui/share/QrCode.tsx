// QR code primitive with the invoice QR defaults of docs/behaviour.md "Point of sale" (256 px,
// level L, black on white), drawn as one SVG path of its dark modules.
import { useMemo } from 'react';
import { darkModulesPath, qrMatrix, type QrLevel } from './qr-matrix';

export type { QrLevel };

export interface QrCodeProps {
  value: string;
  /** Accessible name of the image, e.g. 'Invoice QR code'. */
  label?: string;
  size?: number;
  level?: QrLevel;
  fgColor?: string;
  bgColor?: string;
  className?: string;
}

export const QR_DEFAULTS = {
  size: 256,
  level: 'L',
  fgColor: '#000000',
  bgColor: '#FFFFFF',
} as const satisfies Required<Pick<QrCodeProps, 'size' | 'level' | 'fgColor' | 'bgColor'>>;

export function QrCode({
  value,
  label = 'QR code',
  size = QR_DEFAULTS.size,
  level = QR_DEFAULTS.level,
  fgColor = QR_DEFAULTS.fgColor,
  bgColor = QR_DEFAULTS.bgColor,
  className,
}: QrCodeProps) {
  return (
    <div
      // White quiet zone around the code: scanners need it even on tinted backgrounds.
      className={['inline-block rounded-xl p-3 shadow-sm ring-1 ring-slate-200', className]
        .filter(Boolean)
        .join(' ')}
      style={{ backgroundColor: bgColor }}
      data-qr-value={value}
    >
      <QrSvg
        value={value}
        size={size}
        level={level}
        fgColor={fgColor}
        bgColor={bgColor}
        label={label}
      />
    </div>
  );
}

function QrSvg({
  value,
  size,
  level,
  fgColor,
  bgColor,
  label,
}: Required<Pick<QrCodeProps, 'value' | 'size' | 'level' | 'fgColor' | 'bgColor' | 'label'>>) {
  const { count, path } = useMemo(() => {
    const matrix = qrMatrix(value, level);
    return { count: matrix.length, path: darkModulesPath(matrix) };
  }, [value, level]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      // Scale down on narrow screens instead of overflowing; the viewBox keeps it square.
      style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
    >
      <path d={`M0 0h${count}v${count}H0z`} fill={bgColor} />
      <path d={path} fill={fgColor} />
    </svg>
  );
}
