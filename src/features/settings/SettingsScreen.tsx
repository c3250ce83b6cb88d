// Settings (/settings), in groups a jump list at the top links to: Shop (name, prices), Money out
// (automatic cash-out and the fee limit), Security (the merchant PIN, the device's npub and recovery
// phrase, the phrase check, Replace wallet, the offline ecash caps), Mint and relays (the mint URL,
// checked at the mint before saving, the Nostr relays with each relay's state, remote cashiers'
// unpaired senders and accepted mints, Recover funds and whether the relays took the backup) and
// Device (storage).
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../ui/Button';
import { ConfirmActions, ConfirmDialog } from '../../ui/ConfirmDialog';
import { PinGated, usePinGate } from '../../ui/pin/pin-gate';
import { useFieldErrorText } from '../../ui/forms/field-errors';
import { MintUrlField, RelaysField } from '../../ui/forms/SettingsFields';
import { useFormToasts } from '../../ui/forms/use-form-toasts';
import { AutoCashOutSettings } from './AutoCashOutSettings';
import type { SettingsServices } from './deps';
import { DeviceIdentity } from './DeviceIdentity';
import { PhraseCheck } from './PhraseCheck';
import { PinSettings } from './PinSettings';
import { RecoverFunds } from './RecoverFunds';
import { BackupWarning } from './BackupWarning';
import { LockedSaleBackupLine } from './LockedSaleBackupLine';
import { ReplaceWallet } from './ReplaceWallet';
import { StorageStatus } from './StorageStatus';
import { RelayStatusList } from './RelayStatusList';
import { RemoteMintSettings } from './RemoteMintSettings';
import { UnpairedSenders } from './UnpairedSenders';
import { ShopSettings } from './ShopSettings';
import { StaffSettings } from './StaffSettings';
import { AutoPrintSettings } from './AutoPrintSettings';
import { BooksSettingsCard } from './BooksSettings';
import { ForeignEcashSetting } from './ForeignEcashSetting';
import { OfflineCapsSettings } from './OfflineCapsSettings';
import { LanguageSetting } from './LanguageSetting';
import { SETTINGS_GROUPS, SettingsGroup, SettingsJumpList } from './SettingsGroup';
import { checkSettingsForm, saveSettingsForm } from './save-settings';
import { errorMessage } from '../../core/errors';
import { checkMintInfo } from '../../core/settings/mint-check';
import { readMintUnits } from '../../core/settings/till-unit';
import { TillUnitSetting } from './TillUnitSetting';
import { mintUrlKey } from '../../core/urls/normalise-url';
import { Form } from '../../ui/forms/Form';
import { useReturnFocus } from '../../ui/use-return-focus';
import {
  CHECKING_MINT,
  ITEMS_LINK,
  MINT_CHANGE_WARNING,
  MINT_FOUND,
  MINT_UNREACHABLE,
  RELAYS_HINT,
  RELAYS_LABEL,
  SAVE_SETTINGS,
  SETTINGS_SATS,
  SETTINGS_SAVING,
  SETTINGS_SUBTITLE,
  SETTINGS_TITLE,
  KEEP_MINT,
  LOADING_SETTINGS,
  MINT_CHANGE_TITLE,
  OPEN_WALLET,
  SETTINGS_SAVED,
  SWITCH_MINT,
} from './locales/settings/en.json';
import { useFormats, useTexts } from '../../ui/i18n';

/** The units the mint's keysets offer, asked over the network. */
const defaultMintUnits = (mintUrl: string) => readMintUnits(mintUrl);

type FormState = { status: 'loading' } | { status: 'ready'; mintUrl: string; relaysText: string };

/** What the mint check said about the typed address (shown under the field). */
type MintStatus =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'found'; url: string; name: string }
  | { state: 'failed'; message: string };

/** A change of mint waiting for the merchant to confirm: sats stay on the old one. */
interface PendingSwitch {
  oldMint: string;
  sats: number;
}

/**
 * With a merchant PIN the whole screen is behind it, and the money-out controls here (the mint and
 * relays, the phrase, automatic cash-out; the PIN asks for the current one) ask again at the
 * moment they act once the gate has closed (docs/security.md "The merchant PIN").
 */
export function SettingsScreen({ services }: { services: SettingsServices }) {
  return (
    <PinGated gate={services.lock}>
      <SettingsPanel services={services} />
    </PinGated>
  );
}

function SettingsPanel({ services }: { services: SettingsServices }) {
  const t = useTexts();
  const formats = useFormats();
  const fieldError = useFieldErrorText();
  const { config } = services.storage;
  const { logger } = services;
  const [form, setForm] = useState<FormState>({ status: 'loading' });
  const [saving, setSaving] = useState(false);
  // A failed save's error toast goes when a later save succeeds.
  const toasts = useFormToasts();
  // The mint stored now: a different one in the field is checked before it is saved.
  const [storedMint, setStoredMint] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ mintUrl?: string; relays?: string }>({});
  const [mintStatus, setMintStatus] = useState<MintStatus>({ state: 'idle' });
  const [pendingSwitch, setPendingSwitch] = useState<PendingSwitch | null>(null);
  const checkMint = services.checkMint ?? checkMintInfo;
  const mintUnits = services.mintUnits ?? defaultMintUnits;
  // Automatic cash-out offers a threshold per fiat unit the current mint issues (decision 0090),
  // where the till can hold units at all (as the till unit setting).
  const holdsUnits = services.storage.tillUnit !== undefined;
  const autoCashOutUnits = useMemo(
    () => (storedMint === '' || !holdsUnits ? undefined : () => mintUnits(storedMint)),
    [storedMint, mintUnits, holdsUnits],
  );
  const proofs = services.storage.proofs;
  const { guard, prompt: pinPrompt } = usePinGate(services.lock);
  // Save is disabled while the mint is checked, so it has lost focus when the question opens.
  const saveOpener = useReturnFocus();

  useEffect(() => {
    let cancelled = false;
    Promise.all([config.getMintUrl(), config.getRelays()])
      .then(([mintUrl, relays]) => {
        if (cancelled) return;
        setStoredMint(mintUrl);
        setForm({ status: 'ready', mintUrl, relaysText: relays.join('\n') });
      })
      .catch((error: unknown) => {
        logger.error('Could not load settings', error);
        if (!cancelled) setForm({ status: 'ready', mintUrl: '', relaysText: '' });
      });
    return () => {
      cancelled = true;
    };
  }, [config, logger]);

  const edit = (changes: Partial<{ mintUrl: string; relaysText: string }>) => {
    if (form.status !== 'ready') return;
    setForm({ ...form, ...changes });
    // A stale error or answer must not stay beside a value it no longer describes.
    if ('mintUrl' in changes) {
      setFieldErrors((errors) => ({ ...errors, mintUrl: undefined }));
      setMintStatus({ state: 'idle' });
      setPendingSwitch(null);
    }
    if ('relaysText' in changes) setFieldErrors((errors) => ({ ...errors, relays: undefined }));
  };

  /** `confirmed`: the merchant accepted that the balance stays on the old mint. */
  const onSave = async (confirmed = false) => {
    if (form.status !== 'ready' || saving) return;
    const checked = checkSettingsForm(form);
    if (!checked.ok) {
      setFieldErrors({ [checked.field]: fieldError(checked) });
      return;
    }
    setFieldErrors({});
    setSaving(true);
    try {
      const changesMint = mintUrlKey(checked.mintUrl) !== mintUrlKey(storedMint);
      if (changesMint && !confirmed) {
        setMintStatus({ state: 'checking' });
        try {
          const info = await checkMint(checked.mintUrl);
          setMintStatus({ state: 'found', url: checked.mintUrl, name: info.name });
        } catch (error) {
          logger.warn(`Mint check of ${checked.mintUrl} failed`, error);
          setMintStatus({
            state: 'failed',
            message: t(MINT_UNREACHABLE, { reason: errorMessage(error) }),
          });
          return;
        }
        const sats = storedMint && proofs ? await proofs.balance(storedMint) : 0;
        if (sats > 0) {
          setPendingSwitch({ oldMint: storedMint, sats });
          return;
        }
      }
      const outcome = await saveSettingsForm(
        { config, inbox: services.inbox, logger, t },
        { mintUrl: form.mintUrl, relaysText: form.relaysText },
      );
      if (!outcome.ok) {
        if (outcome.field) setFieldErrors({ [outcome.field]: fieldError(outcome) });
        else toasts.error(outcome.message);
        return;
      }
      setPendingSwitch(null);
      setStoredMint(outcome.mintUrl);
      // Show what was stored (trimmed, blanks dropped), so the form matches a reload.
      setForm({ status: 'ready', mintUrl: outcome.mintUrl, relaysText: outcome.relays.join('\n') });
      toasts.success(t(SETTINGS_SAVED));
    } finally {
      setSaving(false);
    }
  };

  /** The merchant keeps the stored mint: the field shows it again. */
  const keepMint = () => {
    setPendingSwitch(null);
    setMintStatus({ state: 'idle' });
    if (form.status === 'ready') setForm({ ...form, mintUrl: storedMint });
  };

  const mintHint =
    mintStatus.state === 'checking' ? (
      <span role="status">{t(CHECKING_MINT)}</span>
    ) : mintStatus.state === 'found' ? (
      <span role="status" data-testid="mint-check">
        {t(MINT_FOUND, { name: mintStatus.name })}
      </span>
    ) : undefined;
  const mintError =
    fieldErrors.mintUrl ?? (mintStatus.state === 'failed' ? mintStatus.message : undefined);

  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">{t(SETTINGS_TITLE)}</h1>
        <p className="text-sm text-slate-600">{t(SETTINGS_SUBTITLE)}</p>
      </header>
      <SettingsJumpList />

      <SettingsGroup group={SETTINGS_GROUPS.shop}>
        <p className="text-sm">
          {/* A plain link: Settings renders without a router in its tests; /items loads on its own. */}
          <a href="/items" className="font-medium text-violet-800 underline">
            {t(ITEMS_LINK)}
          </a>
        </p>
        <ShopSettings config={config} prices={services.prices} logger={logger} />
        {services.staff ? <StaffSettings staff={services.staff} logger={logger} /> : null}
        {services.language ? (
          <LanguageSetting language={services.language} logger={logger} />
        ) : null}
        {services.storage.tillUnit && storedMint !== '' ? (
          <TillUnitSetting
            store={services.storage.tillUnit}
            mintUrl={storedMint}
            mintUnits={mintUnits}
            logger={logger}
            onSaved={() => void services.catalog?.sync()}
          />
        ) : null}
        {services.storage.receiptPrint ? (
          <AutoPrintSettings store={services.storage.receiptPrint} logger={logger} />
        ) : null}
        {services.storage.books ? (
          <BooksSettingsCard
            store={services.storage.books}
            logger={logger}
            onSaved={() => void services.catalog?.sync()}
          />
        ) : null}
      </SettingsGroup>

      <SettingsGroup group={SETTINGS_GROUPS.moneyOut}>
        <AutoCashOutSettings
          store={services.storage.autoCashOut}
          logger={logger}
          guard={guard}
          {...(autoCashOutUnits ? { units: autoCashOutUnits } : {})}
        />
      </SettingsGroup>

      <SettingsGroup group={SETTINGS_GROUPS.security}>
        {services.lock ? <PinSettings lock={services.lock} logger={logger} /> : null}
        <DeviceIdentity
          deviceKeys={services.deviceKeys}
          keys={services.storage.keys}
          logger={logger}
          guard={guard}
        />
        <PhraseCheck
          keys={services.storage.keys}
          phraseCheck={services.storage.phraseCheck}
          logger={logger}
        />
        {services.storage.walletReset ? (
          <ReplaceWallet
            store={services.storage.walletReset}
            keys={services.storage.keys}
            phraseCheck={services.storage.phraseCheck}
            gate={services.lock}
            logger={logger}
          />
        ) : null}
        {services.storage.offlineCaps ? (
          <OfflineCapsSettings store={services.storage.offlineCaps} logger={logger} guard={guard} />
        ) : null}
      </SettingsGroup>

      <SettingsGroup group={SETTINGS_GROUPS.mintAndRelays}>
        {form.status === 'loading' ? (
          <p role="status" className="text-sm text-slate-500">
            {t(LOADING_SETTINGS)}
          </p>
        ) : (
          // noValidate: our checks give the documented messages; the browser's bubbles would pre-empt
          // them.
          <Form
            className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
            onSubmit={() => {
              saveOpener.remember();
              guard(() => void onSave());
            }}
          >
            <MintUrlField
              value={form.mintUrl}
              onChange={(mintUrl) => edit({ mintUrl })}
              hint={mintHint}
              error={mintError}
            />
            <RelaysField
              label={t(RELAYS_LABEL)}
              value={form.relaysText}
              onChange={(relaysText) => edit({ relaysText })}
              hint={t(RELAYS_HINT)}
              error={fieldErrors.relays}
            />
            {services.relayStatus ? <RelayStatusList status={services.relayStatus} /> : null}
            <div className="flex justify-end">
              <Button type="submit" disabled={saving} aria-busy={saving}>
                {saving ? t(SETTINGS_SAVING) : t(SAVE_SETTINGS)}
              </Button>
            </div>
          </Form>
        )}

        <UnpairedSenders
          store={services.storage.merchantTrust}
          merchantProfile={services.merchantProfile}
          logger={logger}
        >
          <RemoteMintSettings
            store={services.storage.merchantTrust}
            merchantProfile={services.merchantProfile}
            logger={logger}
          />
        </UnpairedSenders>
        {services.storage.foreignEcash ? (
          <ForeignEcashSetting store={services.storage.foreignEcash} logger={logger} />
        ) : null}
        <RecoverFunds restore={services.restore} logger={logger} />
        {services.appData ? <BackupWarning backup={services.appData} /> : null}
        {services.lockedSaleBackups ? (
          <LockedSaleBackupLine backups={services.lockedSaleBackups} logger={logger} />
        ) : null}
      </SettingsGroup>

      <SettingsGroup group={SETTINGS_GROUPS.device}>
        <StorageStatus deviceStorage={services.deviceStorage} logger={logger} />
      </SettingsGroup>
      <ConfirmDialog
        subject={pendingSwitch}
        onClose={keepMint}
        title={t(MINT_CHANGE_TITLE)}
        returnFocusTo={saveOpener.returnFocusTo}
        testId="mint-change-warning"
      >
        {({ sats, oldMint }) => (
          <>
            <p>
              {t(MINT_CHANGE_WARNING, {
                sats: t(SETTINGS_SATS, { count: sats, sats: formats.sats(sats) }),
                mint: oldMint,
              })}
            </p>
            <a href="/wallet" className="block font-medium text-violet-800 underline">
              {t(OPEN_WALLET)}
            </a>
            <ConfirmActions>
              <Button
                className="sm:flex-1"
                onClick={() => guard(() => void onSave(true))}
                disabled={saving}
              >
                {t(SWITCH_MINT)}
              </Button>
              <Button variant="outline" className="sm:flex-1" onClick={keepMint}>
                {t(KEEP_MINT)}
              </Button>
            </ConfirmActions>
          </>
        )}
      </ConfirmDialog>
      {pinPrompt}
    </section>
  );
}
