// Reading codes with the back camera wherever the browser has a camera API: the cart's barcodes,
// a customer's token, a cash-out destination's QR code, and animated (BC-UR) QR codes put
// together frame by frame. Each code read is handed on once while it stays under the camera.
import { useEffect, useRef, useState } from 'react';
import { loadDetector, type Detector } from './barcode-detector';
import { isUrFrame } from './ur-constants';
import type { UrAssembler } from './ur-scan';

/** Between two looks at the camera; an animated code's frames change faster, so it is read faster. */
const TICK_MS = 300;
const ANIMATED_TICK_MS = 100;

function hasCamera(): boolean {
  const media = (globalThis.navigator as Navigator | undefined)?.mediaDevices;
  return typeof media?.getUserMedia === 'function';
}

export interface CameraScanOptions {
  onCode: (code: string) => void;
  /** the camera or the code reader could not be opened; scanning has stopped */
  onError?: (error: unknown) => void;
  /** the code formats to look for; absent: every format the reader knows */
  formats?: string[];
}

export function useCameraScan({ onCode, onError, formats }: CameraScanOptions) {
  const [scanning, setScanning] = useState(false);
  /** How much of an animated code is read (0 to 1); undefined while none is under the camera. */
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const videoRef = useRef<HTMLVideoElement>(null);
  const available = hasCamera();
  const format = formats?.join(',');
  // The latest callbacks, so a screen's new closures do not restart the camera.
  const handlers = useRef({ onCode, onError });
  useEffect(() => {
    handlers.current = { onCode, onError };
  });

  useEffect(() => {
    if (!scanning || !available) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    let lastFrame = '';
    let lastCode = '';
    let animated: Promise<UrAssembler> | undefined;
    let reading = false;
    const hand = (code: string) => {
      if (code === lastCode) return;
      lastCode = code;
      handlers.current.onCode(code);
    };
    const take = async (frame: string) => {
      if (!isUrFrame(frame)) return hand(frame);
      // The decoder is its own chunk, loaded with the first animated frame.
      animated ??= import('./ur-scan').then(({ createUrAssembler }) => createUrAssembler());
      const read = (await animated).receive(frame);
      if (stopped) return;
      reading = !read.done;
      setProgress(read.done ? undefined : read.progress);
      if (read.done) hand(read.text);
    };
    const tick = async (detector: Detector) => {
      const video = videoRef.current;
      if (stopped || !video) return;
      try {
        const [code] = await detector.detect(video);
        if (!stopped && code && code.rawValue !== lastFrame) {
          lastFrame = code.rawValue;
          await take(code.rawValue);
        }
      } catch {
        // A frame not ready yet: the next tick tries again.
      }
      if (!stopped) setTimeout(() => void tick(detector), reading ? ANIMATED_TICK_MS : TICK_MS);
    };
    // The reader (where it is the polyfill: a download the first time) loads while the camera opens.
    const reader = loadDetector();
    reader.catch(() => undefined);
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        const Detector = await reader;
        if (stopped || !videoRef.current) return;
        const detector = format ? new Detector({ formats: format.split(',') }) : new Detector();
        videoRef.current.srcObject = media;
        await videoRef.current.play();
        void tick(detector);
      })
      .catch((error: unknown) => {
        handlers.current.onError?.(error);
        setScanning(false);
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
      setProgress(undefined);
    };
  }, [scanning, available, format]);

  return { available, scanning, setScanning, videoRef, progress };
}
