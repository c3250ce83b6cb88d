// The "Receive ecash" dialog at the keypad (docs/behaviour.md "Point of sale"): a token pasted
// or scanned for the typed amount goes to the receipt core; a refusal is said here and stores nothing.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ForeignEcashArrivingError, MintUnreachableError } from '../../core/errors';
import type { EcashLanded, EcashReceived } from '../../core/wallet/ecash/ecash-receiver';
import type { ForeignTokenOffer, TokenOutcome } from '../../core/wallet/ecash/foreign/ecash-router';
import type { OfflineTaken } from '../../core/wallet/ecash/offline/offline-ecash';
import { OfflineRequest } from './OfflineRequest';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/forms/Form';
import { useFormats, useTexts } from '../../ui/i18n';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/forms/TextField';
import { BarcodeScan } from '../../ui/cart/BarcodeScan';
import { NfcTagButton } from '../../ui/share/NfcTagButton';
import { CLOSE } from '../../ui/locales/invoice/en.json';
import { readTokenText, refusalText } from './receive-ecash';
import { ARRIVES_AFTER_FEES, ARRIVING } from './locales/receive-errors/en.json';
import { unitCurrency, unitDecimals, type Unit } from '../../core/units/unit';
import {
  ALREADY_TAKEN_TEXT,
  RECEIVE_ECASH_AMOUNT_TITLE,
  RECEIVE_ECASH_TITLE,
  TAKE_ECASH_TEXT,
  TAKING_ECASH_TEXT,
  TOKEN_LABEL,
  TOKEN_PLACEHOLDER,
} from './locales/receive/en.json';

export interface ReceiveEcashDialogProps {
  /** the typed amount in sats, or in `unit`'s minor units */
  amount: number;
  /** the till's unit when it is not sats: the title says the amount in it */
  unit?: Unit;
  /** another mint's token comes back as an offer (what arrives, the fees), taken when confirmed */
  receive: (token: string, amount: number) => Promise<TokenOutcome>;
  onReceived: (result: Extract<EcashReceived, { status: 'received' }>) => void;
  /** Taken without the mint: recorded, redeemed when it answers (docs/protocol.md "Ecash taken offline"). */
  onTakenOffline?: (result: OfflineTaken) => void;
  /** The request locked to the shop, shown while the device is offline; null: none to offer. */
  offlineRequest?: (amount: number) => Promise<string | null>;
  /**
   * Another mint's ecash kept on its way: subscribes to its landing (EcashRouter.onLanded), and
   * `onArrived` ends the sale here (the app announces it).
   */
  onLanded?: (listener: (landed: EcashLanded) => void) => () => void;
  onArrived?: (landed: EcashLanded) => void;
  onClose: () => void;
  onScanError: (error: unknown) => void;
}

export function ReceiveEcashDialog({
  amount,
  unit = 'sat',
  receive,
  onReceived,
  onTakenOffline,
  offlineRequest,
  onLanded,
  onArrived,
  onClose,
  onScanError,
}: ReceiveEcashDialogProps) {
  const t = useTexts();
  const formats = useFormats();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Taken and on its way from the other mint: said as such, never as "already taken".
  const [arriving, setArriving] = useState<{ id: string; arrive: number } | null>(null);
  const arrivingId = arriving?.id;
  useEffect(() => {
    if (!arrivingId || !onLanded) return;
    return onLanded((landed) => {
      if (landed.id === arrivingId) onArrived?.(landed);
    });
  }, [arrivingId, onLanded, onArrived]);
  const [busy, setBusy] = useState(false);
  const [offer, setOffer] = useState<ForeignTokenOffer | null>(null);
  // Read by the scanner's callback, which must not accept an offer on screen by itself.
  const offerRef = useRef<ForeignTokenOffer | null>(null);
  const showOffer = useCallback((next: ForeignTokenOffer | null) => {
    offerRef.current = next;
    setOffer(next);
  }, []);
  // A scanner reads the same code many times a second: one token is taken once at a time.
  const busyRef = useRef(false);

  const settle = useCallback(
    async (work: () => Promise<TokenOutcome>, accepting: boolean) => {
      busyRef.current = true;
      setBusy(true);
      setError(null);
      setArriving(null);
      try {
        const result = await work();
        if (result.status === 'offer') showOffer(result);
        else if (result.status === 'received') onReceived(result);
        else if (result.status === 'offline') onTakenOffline?.(result);
        else setError(t(ALREADY_TAKEN_TEXT));
      } catch (failure) {
        showOffer(null);
        if (failure instanceof ForeignEcashArrivingError) {
          setArriving({ id: failure.id, arrive: failure.arrive });
          return;
        }
        // Another mint's ecash kept in the journal says so; everything else as for any token.
        const kept = accepting && failure instanceof MintUnreachableError;
        setError(refusalText(failure, t, formats, kept));
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [onReceived, onTakenOffline, showOffer, t, formats],
  );
  const take = useCallback(
    async (raw: string) => {
      if (busyRef.current) return;
      const confirmed = offerRef.current;
      if (confirmed) {
        await settle(() => confirmed.accept(), true);
        return;
      }
      const read = readTokenText(raw, t);
      if ('error' in read) {
        setError(read.error);
        return;
      }
      await settle(() => receive(read.token, amount), false);
    },
    [receive, amount, settle, t],
  );
  const onCode = useCallback(
    (code: string) => {
      // A scanner reads the code again and again: an offer on screen waits for the button.
      if (offerRef.current) return;
      setText(code);
      void take(code);
    },
    [take],
  );

  return (
    <Modal
      open
      onClose={onClose}
      title={
        unit === 'sat'
          ? t(RECEIVE_ECASH_TITLE, { count: amount, sats: formats.sats(amount) })
          : t(RECEIVE_ECASH_AMOUNT_TITLE, {
              amount: formats.fiat(amount, unitCurrency(unit), unitDecimals(unit)),
            })
      }
    >
      <Form className="flex flex-col gap-3" onSubmit={() => take(text)}>
        <TextField
          label={t(TOKEN_LABEL)}
          value={text}
          onChange={(value) => {
            setText(value);
            setError(null);
            showOffer(null);
          }}
          rows={4}
          mono
          placeholder={t(TOKEN_PLACEHOLDER)}
          {...(error ? { error } : {})}
        />
        {offer ? (
          <p role="status" className="text-sm font-medium text-slate-800">
            {t(ARRIVES_AFTER_FEES, {
              arrive: formats.sats(offer.arrive),
              fee: formats.sats(offer.fee),
            })}
          </p>
        ) : null}
        {arriving ? (
          <p
            role="status"
            data-testid="ecash-arriving"
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
          >
            {t(ARRIVING, { arrive: formats.sats(arriving.arrive) })}
          </p>
        ) : null}
        {offlineRequest ? <OfflineRequest amount={amount} request={offlineRequest} /> : null}
        <BarcodeScan onCode={onCode} onError={onScanError} />
        <NfcTagButton onText={onCode} onError={onScanError} />
        <Button type="submit" disabled={busy}>
          {busy ? t(TAKING_ECASH_TEXT) : t(TAKE_ECASH_TEXT)}
        </Button>
        <Button variant="outline" onClick={onClose}>
          {t(CLOSE)}
        </Button>
      </Form>
    </Modal>
  );
}
