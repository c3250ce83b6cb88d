// A camera scan for the item grid and the ecash dialog, shown wherever the browser has a camera
// API (docs/behaviour.md "Items, cart and tips"): each code read, an animated one once whole, is
// handed to `onCode`.
import { ReaderToggle } from '../share/ReaderToggle';
import { ScanProgress } from '../share/ScanProgress';
import { useCameraScan } from '../share/use-camera-scan';
import { useTexts } from '../i18n';
import { CART_SCAN, CART_STOP_SCAN } from '../locales/cart/en.json';

export function BarcodeScan({
  onCode,
  onError,
}: {
  onCode: (code: string) => void;
  onError: (error: unknown) => void;
}) {
  const t = useTexts();
  const { available, scanning, setScanning, videoRef, progress } = useCameraScan({
    onCode,
    onError,
  });

  if (!available) return null;
  return (
    <>
      <ReaderToggle
        on={scanning}
        setOn={setScanning}
        label={t(scanning ? CART_STOP_SCAN : CART_SCAN)}
      >
        <video
          ref={videoRef}
          className="w-full rounded-lg bg-black"
          muted
          playsInline
          aria-hidden="true"
        />
      </ReaderToggle>
      <ScanProgress progress={progress} />
    </>
  );
}
