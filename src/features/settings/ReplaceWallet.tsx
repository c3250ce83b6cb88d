// Settings "Replace wallet" (docs/behaviour.md): restore another phrase or start over, behind the
// PIN, only once nothing would become unrecoverable; then the device forgets the wallet and shows
// onboarding.
import { useCallback, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { KeyStore } from '../../core/keys/ports';
import type { PhraseCheckStore } from '../../core/keys/phrase-check';
import { ValidationError } from '../../core/errors';
import {
  replaceVerdict,
  replaceWallet,
  REFUSED_BALANCE,
  type LeftBehind,
  type WalletReplaceStore,
} from '../../core/wallet/replace/replace-wallet';
import { FieldError } from '../../ui/forms/FieldError';
import { LoadingNote } from '../../ui/LoadNotes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import type { Amount } from '../../core/units/amount';
import { formatAmount } from '../../core/units/format-amount';
import { usePinGate } from '../../ui/pin/pin-gate';
import type { PinGate } from '../../ui/pin/PinPrompt';
import { PhraseWordsForm } from './PhraseWordsForm';
import {
  REPLACE_CANCEL,
  REPLACE_CONFIRM,
  REPLACE_FAILED,
  REPLACE_LEFT_TITLE,
  REPLACE_LOOKING,
  REPLACE_NOTHING_LEFT,
  REPLACE_OPEN,
  REPLACE_PHRASE_INTRO,
  REPLACE_PHRASE_OK,
  REPLACE_TEXT,
  REPLACE_TITLE,
  REPLACE_WARNING,
  REPLACE_LEFT_BALANCE,
  REPLACE_LEFT_INVOICES,
  REPLACE_LEFT_MELTS,
  REPLACE_LEFT_OTHER,
  REPLACE_LEFT_SWAPS,
  REPLACE_LEFT_TOKENS,
} from './locales/settings/en.json';
import { useFormats, useTexts, type Formats, type Translate } from '../../ui/i18n';

/** What the old wallet still holds, one line each, in the language shown. */
export const balanceLine = (t: Translate, formats: Formats, sats: number, mint: string) =>
  t(REPLACE_LEFT_BALANCE, { sats: formats.sats(sats), mint });
/** Dollars or euros left on a mint, written as the Wallet screen writes them. */
const otherUnitLine = (t: Translate, formats: Formats, amount: Amount, mint: string) =>
  t(REPLACE_LEFT_OTHER, {
    amount: formatAmount(amount, formats, (_count, text) => `${text} sats`),
    mint,
  });

export interface ReplaceWalletProps {
  store: WalletReplaceStore;
  keys: Pick<KeyStore, 'getMnemonic'>;
  phraseCheck: Pick<PhraseCheckStore, 'setConfirmed'>;
  gate: PinGate | undefined;
  logger: Logger;
  clock?: () => number;
  /** After the wallet is forgotten: a fresh page at onboarding, so nothing of it stays in memory. */
  onReplaced?: () => void;
}

type Panel =
  | { step: 'closed' }
  | { step: 'looking' }
  | { step: 'shown'; left: LeftBehind; phraseChecked: boolean; refusal?: string };

export function ReplaceWallet({
  store,
  keys,
  phraseCheck,
  gate,
  logger,
  clock = Date.now,
  onReplaced = () => window.location.replace('/onboarding'),
}: ReplaceWalletProps) {
  const t = useTexts();
  const [panel, setPanel] = useState<Panel>({ step: 'closed' });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const { guard, prompt } = usePinGate(gate);

  const look = useCallback(
    async (phraseChecked: boolean, refusal?: string) => {
      setPanel({ step: 'looking' });
      try {
        const left = await store.leftBehind(clock());
        setPanel({ step: 'shown', left, phraseChecked, ...(refusal ? { refusal } : {}) });
      } catch (error) {
        logger.error('Could not read what the wallet holds', error);
        setFailed(t(REPLACE_FAILED));
        setPanel({ step: 'closed' });
      }
    },
    [store, clock, logger, t],
  );

  const onReplace = (phraseChecked: boolean) =>
    guard(() => {
      setBusy(true);
      setFailed(null);
      replaceWallet(store, { phraseChecked, now: clock() })
        .then(() => onReplaced())
        .catch((error: unknown) => {
          setBusy(false);
          if (error instanceof ValidationError) {
            // Something arrived since the merchant looked: show it, with the reason.
            void look(phraseChecked, error.message);
            return;
          }
          logger.error('Replacing the wallet failed', error);
          setFailed(t(REPLACE_FAILED));
        });
    });

  return (
    <Card titleId="replace-wallet-title" title={t(REPLACE_TITLE)} note={t(REPLACE_TEXT)}>
      {failed ? <FieldError>{failed}</FieldError> : null}
      {panel.step === 'closed' ? (
        <Button variant="outline" onClick={() => guard(() => void look(false))}>
          {t(REPLACE_OPEN)}
        </Button>
      ) : panel.step === 'looking' ? (
        <LoadingNote>{t(REPLACE_LOOKING)}</LoadingNote>
      ) : (
        <ReplacePanel
          panel={panel}
          busy={busy}
          keys={keys}
          logger={logger}
          onPhraseChecked={async () => {
            await phraseCheck.setConfirmed();
            setPanel({ ...panel, phraseChecked: true, refusal: undefined });
          }}
          onReplace={() => onReplace(panel.phraseChecked)}
          onCancel={() => setPanel({ step: 'closed' })}
        />
      )}
      {prompt}
    </Card>
  );
}

function ReplacePanel({
  panel,
  busy,
  keys,
  logger,
  onPhraseChecked,
  onReplace,
  onCancel,
}: {
  panel: Extract<Panel, { step: 'shown' }>;
  busy: boolean;
  keys: Pick<KeyStore, 'getMnemonic'>;
  logger: Logger;
  onPhraseChecked: () => Promise<void>;
  onReplace: () => void;
  onCancel: () => void;
}) {
  const t = useTexts();
  const formats = useFormats();
  const { left, phraseChecked } = panel;
  const verdict = replaceVerdict(left, phraseChecked);
  const refusal = panel.refusal ?? (verdict.allowed ? undefined : verdict.reason);
  const { pendingTokens: tokens } = left;
  const lines = [
    ...left.balances.map(({ sats, mintUrl }) => balanceLine(t, formats, sats, mintUrl)),
    ...(left.pendingInvoices > 0
      ? [t(REPLACE_LEFT_INVOICES, { count: left.pendingInvoices })]
      : []),
    ...(left.pendingMelts > 0 ? [t(REPLACE_LEFT_MELTS, { count: left.pendingMelts })] : []),
    ...(tokens.count > 0
      ? [t(REPLACE_LEFT_TOKENS, { count: tokens.count, sats: formats.sats(tokens.sats) })]
      : []),
    ...(left.swapsInProgress > 0 ? [t(REPLACE_LEFT_SWAPS, { count: left.swapsInProgress })] : []),
    ...(left.otherUnits ?? []).map(({ amount, mintUrl }) =>
      otherUnitLine(t, formats, amount, mintUrl),
    ),
  ];
  return (
    <div className="space-y-3" data-testid="replace-wallet-panel">
      {lines.length === 0 ? (
        <p className="text-sm text-slate-700">{t(REPLACE_NOTHING_LEFT)}</p>
      ) : (
        <div className="space-y-1 text-sm text-slate-700">
          <p className="font-medium">{t(REPLACE_LEFT_TITLE)}</p>
          <ul className="list-disc pl-5" data-testid="left-behind">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {phraseChecked ? (
        <p role="status" className="text-sm text-emerald-800">
          {t(REPLACE_PHRASE_OK)}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="text-sm text-amber-900">
          {refusal}
        </p>
      ) : null}
      {refusal === REFUSED_BALANCE && !phraseChecked ? (
        <PhraseWordsForm
          keys={keys}
          logger={logger}
          intro={t(REPLACE_PHRASE_INTRO)}
          onMatch={onPhraseChecked}
        />
      ) : null}
      {verdict.allowed ? (
        <p className="text-sm font-medium text-red-800">{t(REPLACE_WARNING)}</p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        {verdict.allowed ? (
          <Button onClick={onReplace} disabled={busy} aria-busy={busy}>
            {t(REPLACE_CONFIRM)}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t(REPLACE_CANCEL)}
        </Button>
      </div>
    </div>
  );
}
