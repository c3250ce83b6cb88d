// Reading codes with the back camera where the browser has BarcodeDetector and a camera API: the
// cart's barcodes, a customer's token, a cash-out destination's QR code. Each code read is handed
// on once while it stays under the camera.
import { useEffect, useRef, useState } from 'react';

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new (options?: { formats: string[] }) => Detector;

function detectorClass(): DetectorClass | undefined {
  const candidate = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const media = (globalThis.navigator as Navigator | undefined)?.mediaDevices;
  return typeof candidate === 'function' && typeof media?.getUserMedia === 'function'
    ? candidate
    : undefined;
}

export interface CameraScanOptions {
  onCode: (code: string) => void;
  /** the camera could not be opened; scanning has stopped */
  onError?: (error: unknown) => void;
  /** the code formats to look for; absent: every format the browser reads */
  formats?: string[];
}

export function useCameraScan({ onCode, onError, formats }: CameraScanOptions) {
  const [scanning, setScanning] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const Detector = detectorClass();
  const format = formats?.join(',');
  // The latest callbacks, so a screen's new closures do not restart the camera.
  const handlers = useRef({ onCode, onError });
  useEffect(() => {
    handlers.current = { onCode, onError };
  });

  useEffect(() => {
    if (!scanning || !Detector) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    let last = '';
    const detector = format ? new Detector({ formats: format.split(',') }) : new Detector();
    const tick = async () => {
      const video = videoRef.current;
      if (stopped || !video) return;
      try {
        const [code] = await detector.detect(video);
        if (!stopped && code && code.rawValue !== last) {
          last = code.rawValue;
          handlers.current.onCode(code.rawValue);
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
        handlers.current.onError?.(error);
        setScanning(false);
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, Detector, format]);

  return { available: Detector !== undefined, scanning, setScanning, videoRef };
}
