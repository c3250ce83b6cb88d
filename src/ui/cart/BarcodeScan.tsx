// A camera barcode scan for the item grid, shown only where the browser has BarcodeDetector
// (docs/behaviour.md "Items, cart and tips"): each code read is handed to `onCode`.
import { useEffect, useRef, useState } from 'react';
import { Button } from '../Button';
import { SCAN_TEXT, STOP_SCAN_TEXT } from './texts';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new () => Detector;

function detectorClass(): DetectorClass | undefined {
  const found = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  return typeof found === 'function' && navigator.mediaDevices ? found : undefined;
}

export function BarcodeScan({
  onCode,
  onError,
}: {
  onCode: (code: string) => void;
  onError: (error: unknown) => void;
}) {
  const [scanning, setScanning] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const Detector = detectorClass();

  useEffect(() => {
    if (!scanning || !Detector) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    let last = '';
    const detector = new Detector();
    const tick = async () => {
      const video = videoRef.current;
      if (stopped || !video) return;
      try {
        const [code] = await detector.detect(video);
        // One scan of a code held under the camera adds it once.
        if (code && code.rawValue !== last) {
          last = code.rawValue;
          onCode(code.rawValue);
        }
      } catch {
        // A frame not ready yet: the next tick tries again.
      }
      if (!stopped) setTimeout(() => void tick(), 300);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !videoRef.current) return;
        videoRef.current.srcObject = media;
        await videoRef.current.play();
        void tick();
      })
      .catch((error: unknown) => {
        onError(error);
        setScanning(false);
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, Detector, onCode, onError]);

  if (!Detector) return null;
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
