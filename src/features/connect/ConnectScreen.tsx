// Connect (/connect): the 'Connect Remote POS' screen with the merchant's connection QR code, and
// "Reset cashier link" (confirmed first), which makes links shared before stop working.
import { useCallback, useState, useSyncExternalStore } from 'react';
import { Button } from '../../ui/Button';
import { LoadFailedNote, LoadingNote } from '../../ui/LoadNotes';
import { CopyValue } from '../../ui/share/CopyParts';
import { PinGated } from '../../ui/pin/pin-gate';
import { QrCode } from '../../ui/share/QrCode';
import { toast } from '../../ui/toast/toast';
import { useCopyToClipboard } from '../../ui/share/use-copy';
import type { ConnectScreenProps } from './deps';
import { useTexts } from '../../ui/i18n';
import {
  CONNECT_LOAD_FAILED,
  CONNECT_LOADING,
  CONNECT_SHOP_LINE,
  CONNECT_TITLE,
  CONNECTION_QR_LABEL,
  OTHER_DEVICE_HOLDING,
  CONNECT_NO_SHOP,
  CONNECT_SUBTITLE,
  CONNECTION_STRING_LABEL,
  COPY_CONNECTION_STRING,
  RESET_LINK,
  RESET_LINK_CONFIRM,
  RESET_LINK_DONE,
  RESET_LINK_FAILED,
  RESET_LINK_WARNING,
  OTHER_DEVICE_PRESENT,
  OTHER_DEVICE_TOOK_OVER,
} from './locales/connect/en.json';
import { useConnectionLink } from './use-connection-link';
import { LinkConfirm } from './LinkConfirm';
import { StaffLinks } from './StaffLinks';

/** The connection QR is 200 px (docs/behaviour.md "Limits and constants"). */
const CONNECTION_QR_SIZE = 200;
/** Logged only, never shown; English like every log. */
const COPY_FAILED_LOG = 'Failed to copy connection string:';

/** With a merchant PIN, the link (which lets a cashier sell for this wallet) is behind it. */
export function ConnectScreen(props: ConnectScreenProps) {
  return (
    <PinGated gate={props.services.lock}>
      <ConnectPanel {...props} />
    </PinGated>
  );
}

function ConnectPanel({ services, origin = window.location.origin }: ConnectScreenProps) {
  const { logger } = services;
  const t = useTexts();
  const { state, reset } = useConnectionLink(services, origin);
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const { merchantProfile } = services;
  // What the last profile sync saw, kept current: the start-up sync may end after this screen
  // opened (a restore just finished).
  const subscribe = useCallback(
    (onChange: () => void) => merchantProfile.onOtherDevice?.(onChange) ?? (() => {}),
    [merchantProfile],
  );
  const seen = useSyncExternalStore(subscribe, () => merchantProfile.otherDevice?.());
  // A reset here ends the notice at once; the sync it starts says what holds next.
  const [dismissed, setDismissed] = useState<typeof seen | null>(null);
  const otherDevice = seen === dismissed ? undefined : seen;
  const onReset = async () => {
    setResetting(true);
    const done = await reset();
    setDismissed(seen);
    setResetting(false);
    setConfirming(false);
    if (done) toast.success(t(RESET_LINK_DONE));
    else toast.error(t(RESET_LINK_FAILED));
  };
  // A failed copy is only logged, never shown (docs/behaviour.md "Connect").
  const onCopyError = useCallback(
    (error: unknown) => logger.error(COPY_FAILED_LOG, error),
    [logger],
  );
  const { copiedText, copy } = useCopyToClipboard(onCopyError);

  return (
    <section
      className="mx-auto flex w-full max-w-md flex-col gap-5"
      aria-labelledby="connect-title"
    >
      <header className="space-y-1">
        <h1 id="connect-title" className="text-2xl font-bold text-slate-900">
          {t(CONNECT_TITLE)}
        </h1>
        <p className="text-slate-600">{t(CONNECT_SUBTITLE)}</p>
      </header>

      {otherDevice ? (
        <p
          role="note"
          data-testid="other-device"
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
        >
          {otherDevice === 'holding'
            ? t(OTHER_DEVICE_HOLDING)
            : otherDevice === 'present'
              ? t(OTHER_DEVICE_PRESENT)
              : t(OTHER_DEVICE_TOOK_OVER)}
        </p>
      ) : null}

      {state.status === 'loading' ? (
        <LoadingNote>{t(CONNECT_LOADING)}</LoadingNote>
      ) : state.status === 'failed' ? (
        <LoadFailedNote>{t(CONNECT_LOAD_FAILED)}</LoadFailedNote>
      ) : (
        <div className="flex flex-col items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <p data-testid="connect-shop" className="w-full text-sm break-words text-slate-700">
            {state.shopName ? t(CONNECT_SHOP_LINE, { shop: state.shopName }) : t(CONNECT_NO_SHOP)}
          </p>
          <QrCode value={state.link} label={t(CONNECTION_QR_LABEL)} size={CONNECTION_QR_SIZE} />
          <CopyValue
            label={t(CONNECTION_STRING_LABEL)}
            copied={copiedText === state.link}
            testId="connection-string"
          >
            {state.link}
          </CopyValue>
          <Button size="lg" className="w-full" onClick={() => void copy(state.link)}>
            {t(COPY_CONNECTION_STRING)}
          </Button>
          <Button variant="outline" className="w-full" onClick={() => setConfirming(true)}>
            {t(RESET_LINK)}
          </Button>
        </div>
      )}
      {state.status === 'ready' ? (
        <StaffLinks services={services} base={state.base} secret={state.secret} />
      ) : null}
      <LinkConfirm
        subject={confirming || null}
        title={t(RESET_LINK)}
        testId="reset-link-confirm"
        question={() => t(RESET_LINK_WARNING)}
        confirm={t(RESET_LINK_CONFIRM)}
        busy={resetting}
        onConfirm={() => void onReset()}
        onKeep={() => setConfirming(false)}
      />
    </section>
  );
}
