// Settings: automatic cash-out to a Lightning address at a balance threshold (off by default), in
// sats and per fiat unit (decision 0090), and the fee limit of every cash-out (1 % + 10 sats by
// default; docs/behaviour.md, "Cash out").
import { FieldError } from '../../ui/forms/FieldError';
import { useCallback, useState } from 'react';
import { useRead } from '../../ui/use-read';
import { errorMessage } from '../../core/errors';
import type { AutoCashOutSettings as Settings } from '../../core/wallet/cash-out/auto-cash-out';
import { DEFAULT_FEE_LIMIT } from '../../core/wallet/cash-out/fee-limit';
import {
  AUTO_CASH_OUT_MIN_THRESHOLD,
  autoCashOutProblem,
} from '../../core/wallet/cash-out/auto-cash-out-check';
import { TextField } from '../../ui/forms/TextField';
import {
  AUTO_ADDRESS,
  AUTO_ENABLE,
  AUTO_NEEDS_ADDRESS,
  AUTO_NEEDS_THRESHOLD,
  AUTO_NOTE,
  AUTO_UNITS_NOTE,
  AUTO_NEEDS_UNIT_THRESHOLD,
  AUTO_SAVE,
  AUTO_SAVED,
  AUTO_THRESHOLD,
  AUTO_TITLE,
  FEE_LIMIT_NEEDS_PERCENT,
  FEE_LIMIT_NEEDS_SATS,
  FEE_LIMIT_NOTE,
  FEE_LIMIT_PERCENT,
  FEE_LIMIT_SATS,
} from './locales/settings/en.json';
import { useFormats, useTexts, type Translate } from '../../ui/i18n';
import { SettingsFormCard, type SettingsFormProps } from './SettingsFormCard';
import { useSettingsSave } from './use-settings-save';
import { UnitThresholdFields } from './UnitThresholdFields';
import {
  thresholdsFromTexts,
  thresholdTexts,
  thresholdUnits,
  type UnitThresholdTexts,
} from './unit-thresholds';
import { amountOf, amountText } from '../../core/units/amount';
import { formatAmount } from '../../core/units/format-amount';
import { unitCurrency, type FiatUnit, type Unit } from '../../core/units/unit';

export interface AutoCashOutStore {
  get(): Promise<Settings>;
  set(settings: Settings): Promise<void>;
}

/** Checks the form; the message to show, or null when it can be saved. */
export function checkAutoCashOut(
  settings: Settings,
  t: Translate,
  /** writes a unit's least threshold ("0.02 USD"); English figures when omitted */
  least: (unit: FiatUnit) => string = (unit) =>
    amountText(amountOf(AUTO_CASH_OUT_MIN_THRESHOLD, unit)),
): string | null {
  const problem = autoCashOutProblem(settings);
  switch (problem?.field) {
    case undefined:
      return null;
    case 'fee-percent':
      return t(FEE_LIMIT_NEEDS_PERCENT);
    case 'fee-sats':
      return t(FEE_LIMIT_NEEDS_SATS);
    // An empty field gets this form's own words, not the cash-out dialog's (which takes invoices).
    case 'address':
      return problem.error === undefined
        ? t(AUTO_NEEDS_ADDRESS)
        : errorMessage(problem.error, t(AUTO_NEEDS_ADDRESS));
    case 'threshold':
      return t(AUTO_NEEDS_THRESHOLD);
    case 'unit-threshold':
      return t(AUTO_NEEDS_UNIT_THRESHOLD, {
        unit: unitCurrency(problem.unit),
        min: least(problem.unit),
      });
  }
}

export function AutoCashOutSettings({
  store,
  logger,
  guard,
  units,
}: SettingsFormProps<AutoCashOutStore> & {
  /** the units the current mint issues: each fiat one gets a threshold field; none when omitted */
  units?: () => Promise<Unit[]>;
}) {
  const t = useTexts();
  const formats = useFormats();
  const [form, setForm] = useState<{
    enabled: boolean;
    address: string;
    threshold: string;
    percent: string;
    sats: string;
    units: FiatUnit[];
    unitThresholds: UnitThresholdTexts;
  }>();
  const [error, setError] = useState<string>();
  const { saving, save } = useSettingsSave(logger);

  const read = useCallback(async () => {
    const settings = await store.get();
    // A mint that cannot say which units it issues leaves the thresholds already set.
    const offered = await (units?.() ?? Promise.resolve([])).catch((error: unknown) => {
      logger.warn('Could not read the units the mint offers', error);
      return [];
    });
    return { settings, offered };
  }, [store, units, logger]);
  useRead(
    read,
    ({ settings: s, offered }) => {
      const limit = s.feeLimit ?? DEFAULT_FEE_LIMIT;
      setForm({
        enabled: s.enabled,
        address: s.address,
        threshold: s.threshold ? String(s.threshold) : '',
        percent: String(limit.percent),
        sats: String(limit.sats),
        units: thresholdUnits(offered, s.unitThresholds),
        unitThresholds: thresholdTexts(s.unitThresholds),
      });
    },
    (loadError) => {
      logger.error('Could not load automatic cash-out settings', loadError);
      setForm({
        enabled: false,
        address: '',
        threshold: '',
        percent: String(DEFAULT_FEE_LIMIT.percent),
        sats: String(DEFAULT_FEE_LIMIT.sats),
        units: [],
        unitThresholds: {},
      });
    },
  );

  if (!form) return null;

  const onSave = async () => {
    const unitThresholds = thresholdsFromTexts(form.unitThresholds);
    const settings: Settings = {
      enabled: form.enabled,
      address: form.address.trim(),
      threshold: Number(form.threshold || 0),
      feeLimit: {
        percent: form.percent.trim() === '' ? NaN : Number(form.percent),
        sats: form.sats.trim() === '' ? NaN : Number(form.sats),
      },
      ...(unitThresholds ? { unitThresholds } : {}),
    };
    const least = (unit: FiatUnit) =>
      formatAmount(amountOf(AUTO_CASH_OUT_MIN_THRESHOLD, unit), formats, (_, text) => text);
    const problem = checkAutoCashOut(settings, t, least);
    setError(problem ?? undefined);
    if (problem) return;
    await save(() => store.set(settings), {
      saved: t(AUTO_SAVED),
      failedLog: 'Saving automatic cash-out failed',
    });
  };

  return (
    <SettingsFormCard
      titleId="auto-cash-out"
      title={t(AUTO_TITLE)}
      note={t(AUTO_NOTE)}
      enable={{
        label: t(AUTO_ENABLE),
        checked: form.enabled,
        onChange: (enabled) => setForm({ ...form, enabled }),
      }}
      saveLabel={t(AUTO_SAVE)}
      saving={saving}
      onSave={onSave}
      guard={guard}
    >
      <TextField
        label={t(AUTO_ADDRESS)}
        value={form.address}
        onChange={(address) => setForm({ ...form, address })}
        placeholder="name@domain"
        mono
      />
      <TextField
        label={t(AUTO_THRESHOLD)}
        value={form.threshold}
        onChange={(threshold) => setForm({ ...form, threshold: threshold.replace(/[^0-9]/g, '') })}
      />
      {/* Decision 0090: a fiat balance goes only at a threshold of its own. */}
      <UnitThresholdFields
        units={form.units}
        values={form.unitThresholds}
        onChange={(unitThresholds) => setForm({ ...form, unitThresholds })}
      />
      <p className="text-sm text-slate-600">{t(AUTO_UNITS_NOTE)}</p>
      <p className="text-sm text-slate-600">{t(FEE_LIMIT_NOTE)}</p>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t(FEE_LIMIT_PERCENT)}
          value={form.percent}
          onChange={(percent) => setForm({ ...form, percent: percent.replace(/[^0-9.]/g, '') })}
        />
        <TextField
          label={t(FEE_LIMIT_SATS)}
          value={form.sats}
          onChange={(sats) => setForm({ ...form, sats: sats.replace(/[^0-9]/g, '') })}
        />
      </div>
      {error ? <FieldError>{error}</FieldError> : null}
    </SettingsFormCard>
  );
}
