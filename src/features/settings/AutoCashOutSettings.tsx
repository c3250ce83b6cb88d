// Settings: automatic cash-out to a Lightning address at a balance threshold (off by default), in
// sats and per fiat unit (decision 0090), and the fee limit of every cash-out (1 % + 10 sats by
// default; docs/behaviour.md, "Cash out").
import { FieldError } from '../../ui/forms/FieldError';
import { useCallback, useState } from 'react';
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
import { useRead } from '../../ui/use-read';
import type { Logger } from '../../core/logger';
import { useSettingsForm, type SettingsFormSpec, type SettingStore } from './use-settings-form';
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

export type AutoCashOutStore = SettingStore<Settings>;

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

/** The card's words (features/settings/locales/settings). */
const WORDS = { title: AUTO_TITLE, note: AUTO_NOTE, enable: AUTO_ENABLE, save: AUTO_SAVE };

interface FormState {
  enabled: boolean;
  address: string;
  threshold: string;
  percent: string;
  sats: string;
  /** fiat units with a saved threshold: their fields show whatever the mint offers */
  savedUnits: FiatUnit[];
  unitThresholds: UnitThresholdTexts;
}

function asForm(settings: Settings): FormState {
  const limit = settings.feeLimit ?? DEFAULT_FEE_LIMIT;
  return {
    enabled: settings.enabled,
    address: settings.address,
    threshold: settings.threshold ? String(settings.threshold) : '',
    percent: String(limit.percent),
    sats: String(limit.sats),
    savedUnits: thresholdUnits([], settings.unitThresholds),
    unitThresholds: thresholdTexts(settings.unitThresholds),
  };
}

/** Read into the form; unreadable: off, no address, no threshold, the default fee limit. */
const READ: SettingsFormSpec<Settings, FormState> = {
  asForm,
  fallback: { enabled: false, address: '', threshold: 0, feeLimit: DEFAULT_FEE_LIMIT },
  loadFailedLog: 'Could not load automatic cash-out settings',
};

/** The units the current mint issues; none while unread or when the mint cannot say. */
function useOfferedUnits(units: (() => Promise<Unit[]>) | undefined, logger: Logger): Unit[] {
  const [offered, setOffered] = useState<Unit[]>([]);
  const read = useCallback(() => units?.() ?? Promise.resolve([]), [units]);
  useRead(read, setOffered, (error: unknown) => {
    logger.warn('Could not read the units the mint offers', error);
  });
  return offered;
}

export function AutoCashOutSettings(
  props: SettingsFormProps<AutoCashOutStore> & {
    /** the units the current mint issues: each fiat one gets a threshold field; none when omitted */
    units?: () => Promise<Unit[]>;
  },
) {
  const t = useTexts();
  const formats = useFormats();
  const [error, setError] = useState<string>();
  const { form, setForm, card, save } = useSettingsForm(props, READ);
  const offered = useOfferedUnits(props.units, props.logger);

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
    await save(settings, {
      saved: t(AUTO_SAVED),
      failedLog: 'Saving automatic cash-out failed',
    });
  };

  return (
    <SettingsFormCard titleId="auto-cash-out" words={WORDS} {...card} onSave={onSave}>
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
        units={thresholdUnits([...offered, ...form.savedUnits], undefined)}
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
