// How much of an animated (BC-UR) QR code the camera has read, under the video while it reads one.
import { useTexts } from '../i18n';
import { SCAN_ANIMATED_PROGRESS } from '../locales/scan/en.json';

export function ScanProgress({ progress }: { progress: number | undefined }) {
  const t = useTexts();
  if (progress === undefined) return null;
  return (
    <p role="status" data-testid="scan-progress" className="text-sm text-slate-600">
      {t(SCAN_ANIMATED_PROGRESS, { percent: Math.floor(progress * 100) })}
    </p>
  );
}
