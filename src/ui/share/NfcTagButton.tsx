// A button that reads an NFC tag's text (a token, a payment request) with Web NFC, shown only where
// the browser has `NDEFReader` (docs/behaviour.md "Scanning"): the first text read is handed on.
import { useTexts } from '../i18n';
import { SCAN_NFC_HOLD, SCAN_NFC_STOP, SCAN_NFC_TAG } from '../locales/scan/en.json';
import { ReaderToggle } from './ReaderToggle';
import { useNfcRead } from './use-nfc-read';

export function NfcTagButton({
  onText,
  onError,
}: {
  onText: (text: string) => void;
  onError?: (error: unknown) => void;
}) {
  const t = useTexts();
  const { available, reading, setReading } = useNfcRead({
    onText: (text) => {
      setReading(false);
      onText(text);
    },
    ...(onError ? { onError } : {}),
  });
  if (!available) return null;
  return (
    <ReaderToggle on={reading} setOn={setReading} label={t(reading ? SCAN_NFC_STOP : SCAN_NFC_TAG)}>
      <p role="status" className="text-sm text-slate-600">
        {t(SCAN_NFC_HOLD)}
      </p>
    </ReaderToggle>
  );
}
