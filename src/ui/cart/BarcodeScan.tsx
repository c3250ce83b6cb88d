// A camera barcode scan for the item grid, shown only where the browser has BarcodeDetector
// (docs/behaviour.md "Items, cart and tips"): each code read is handed to `onCode`.
import { Button } from '../Button';
import { useCameraScan } from '../use-camera-scan';
import { SCAN_TEXT, STOP_SCAN_TEXT } from './texts.json';

export function BarcodeScan({
  onCode,
  onError,
}: {
  onCode: (code: string) => void;
  onError: (error: unknown) => void;
}) {
  const { available, scanning, setScanning, videoRef } = useCameraScan({ onCode, onError });

  if (!available) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setScanning((s) => !s)} aria-pressed={scanning}>
        {scanning ? STOP_SCAN_TEXT : SCAN_TEXT}
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
