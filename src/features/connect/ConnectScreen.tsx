// Connect (/connect): the 'Connect Remote POS' screen with the merchant's connection QR code.
import { useCallback } from 'react';
import { Button } from '../../ui/Button';
import { CopyLabel } from '../../ui/CopyParts';
import { PinGated } from '../../ui/pin-gate';
import { QrCode } from '../../ui/QrCode';
import { useCopyToClipboard } from '../../ui/use-copy';
import type { ConnectScreenProps } from './deps';
import {
  CONNECT_LOAD_FAILED,
  CONNECT_SUBTITLE,
  CONNECT_TITLE,
  CONNECTION_QR_SIZE,
  CONNECTION_STRING_LABEL,
  COPY_CONNECTION_STRING,
  COPY_FAILED_LOG,
} from './texts';
import { useConnectionLink } from './use-connection-link';

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
  const state = useConnectionLink(services, origin);
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
          {CONNECT_TITLE}
        </h1>
        <p className="text-slate-600">{CONNECT_SUBTITLE}</p>
      </header>

      {state.status === 'loading' ? (
        <p role="status" className="text-sm text-slate-500">
          Loading...
        </p>
      ) : state.status === 'failed' ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {CONNECT_LOAD_FAILED}
        </p>
      ) : (
        <div className="flex flex-col items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <QrCode value={state.link} label="Connection QR code" size={CONNECTION_QR_SIZE} />
          <div className="w-full">
            <CopyLabel copied={copiedText === state.link}>{CONNECTION_STRING_LABEL}</CopyLabel>
            <p
              data-testid="connection-string"
              className="mt-1 rounded-lg bg-slate-100 p-3 font-mono text-xs break-all text-slate-800 select-all"
            >
              {state.link}
            </p>
          </div>
          <Button size="lg" className="w-full" onClick={() => void copy(state.link)}>
            {COPY_CONNECTION_STRING}
          </Button>
        </div>
      )}
    </section>
  );
}
