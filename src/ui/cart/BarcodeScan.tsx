// A camera barcode scan for the item grid, shown only where the browser has BarcodeDetector
// (docs/behaviour.md "Items, cart and tips"): each code read is handed to `onCode`.
import { Button } from '../Button';
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
  const { available, scanning, setScanning, videoRef } = useCameraScan({ onCode, onError });

  if (!available) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setScanning((s) => !s)} aria-pressed={scanning}>
        {t(scanning ? CART_STOP_SCAN : CART_SCAN)}
      </Button>
      {scanning ? (
        <video
          ref={videoRef}
          className="w-full rounded-lg bg-black"
          muted
          playsInline
          aria-hidden="true"
        />
      ) : null}
    </>
  );
}
