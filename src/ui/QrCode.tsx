// QR code primitive with the invoice QR defaults of docs/behaviour.md "Point of sale" (256 px,
// level L, black on white).
import QRCode from 'react-qr-code';

export type QrLevel = 'L' | 'M' | 'Q' | 'H';

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
      <QRCode
        value={value}
        size={size}
        level={level}
        fgColor={fgColor}
        bgColor={bgColor}
        role="img"
        aria-label={label}
        // Scale down on narrow screens instead of overflowing; the viewBox keeps it square.
        style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
      />
    </div>
  );
}
