// The ecash request locked to the shop, in the "Receive ecash" dialog while the device is offline
// (docs/protocol.md "Ecash taken offline"): the customer's wallet pays it with a token the till
// then scans or is handed; nothing is shown while the device is online.
import { useEffect, useState } from 'react';
import { QrCode } from '../../ui/share/QrCode';
import { useTexts } from '../../ui/i18n';
import { OFFLINE_REQUEST_LABEL, OFFLINE_REQUEST_TEXT } from './locales/receive-offline/en.json';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

export function OfflineRequest({
  amount,
  request,
}: {
  amount: number;
  request: (amount: number) => Promise<string | null>;
}) {
  const t = useTexts();
  const online = useOnline();
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (online) return;
    let live = true;
    request(amount).then(
      (encoded) => {
        if (live) setShown(encoded);
      },
      () => {
        if (live) setShown(null);
      },
    );
    return () => {
      live = false;
    };
  }, [online, amount, request]);
  if (online || !shown) return null;
  return (
    <section data-testid="offline-request" className="flex flex-col items-center gap-2">
      <p className="text-sm text-slate-700">{t(OFFLINE_REQUEST_TEXT)}</p>
      <QrCode value={shown} label={t(OFFLINE_REQUEST_LABEL)} size={200} />
    </section>
  );
}
