// Animated QR of a long value as BC-UR `ur:bytes` frames (fragment length 200, 100 ms a frame:
// docs/behaviour.md "Limits and constants").
import { useEffect, useState } from 'react';
import { useTexts } from '../i18n';
import {
  QR_PREPARING,
  QR_PREPARING_LABEL,
  QR_UNAVAILABLE,
  QR_UNAVAILABLE_LABEL,
} from '../locales/token/en.json';
import { QrCode } from './QrCode';
import { UR_FRAGMENT_LENGTH } from './ur-constants';

export interface AnimatedQrProps {
  /** The text to transfer, e.g. a cashu token. */
  value: string;
  /** Accessible name of the QR image. */
  label?: string;
  fragmentLength?: number;
  intervalMs?: number;
  size?: number;
  className?: string;
}

export const ANIMATION_INTERVAL_MS = 100;

type Frame = { value: string; part: string; count: number } | { value: string; error: true };

export function AnimatedQr({
  value,
  label = 'Animated QR code',
  fragmentLength = UR_FRAGMENT_LENGTH,
  intervalMs = ANIMATION_INTERVAL_MS,
  size = 240,
  className,
}: AnimatedQrProps) {
  const t = useTexts();
  const [frame, setFrame] = useState<Frame | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    // Loaded on demand: the UR encoder (and its Buffer/CBOR dependencies) stays out of the
    // first-screen bundle and is fetched only when a withdraw QR is actually shown.
    import('./ur-parts')
      .then(({ createUrPartSource }) => {
        if (stopped) return;
        const source = createUrPartSource(value, fragmentLength);
        const show = () => setFrame({ value, part: source.next(), count: source.fragmentCount });
        show();
        // A single fragment is a complete UR: nothing to animate.
        if (source.fragmentCount > 1) timer = setInterval(show, intervalMs);
      })
      .catch(() => {
        if (!stopped) setFrame({ value, error: true });
      });
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [value, fragmentLength, intervalMs]);

  // A frame of a previous value is never shown for the current one.
  const current = frame?.value === value ? frame : null;

  return (
    <div
      className={['inline-flex flex-col items-center', className].filter(Boolean).join(' ')}
      data-testid="animated-qr"
      data-part={current && 'part' in current ? current.part : undefined}
      data-part-count={current && 'count' in current ? current.count : undefined}
    >
      {current && 'part' in current ? (
        // Kept lowercase as the encoder emits it: uppercase would be denser, but some wallet
        // scanners test for a literal 'ur:' prefix before decoding.
        <QrCode value={current.part} size={size} label={label} />
      ) : (
        <div
          role="img"
          aria-label={t(current ? QR_UNAVAILABLE_LABEL : QR_PREPARING_LABEL)}
          aria-busy={current ? undefined : true}
          style={{ width: size + 24, maxWidth: '100%', aspectRatio: '1 / 1' }}
          className={[
            'flex items-center justify-center rounded-xl bg-slate-100 p-4 text-center text-sm text-slate-500',
            current ? '' : 'animate-pulse',
          ].join(' ')}
        >
          {t(current ? QR_UNAVAILABLE : QR_PREPARING)}
        </div>
      )}
    </div>
  );
}
