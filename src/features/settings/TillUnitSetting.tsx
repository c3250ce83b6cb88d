// Settings: the unit the till charges in, sats or a currency the current mint issues (read from its keysets), saved as soon as it is chosen (docs/behaviour.md "Settings").
import { useCallback, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { TillUnitStore } from '../../core/settings/till-unit';
import { SAT, unitCurrency, type Unit } from '../../core/units/unit';
import { Card } from '../../ui/Card';
import { useTexts } from '../../ui/i18n';
import { SelectField } from '../../ui/forms/SelectField';
import { useSettingsSave } from './use-settings-save';
import { useRead } from '../../ui/use-read';
import { errorMessage } from '../../core/errors';
import {
  TILL_UNIT_LABEL,
  TILL_UNIT_NOTE,
  TILL_UNIT_SATS,
  TILL_UNIT_SAVE_FAILED,
  TILL_UNIT_TITLE,
  TILL_UNIT_UNREACHABLE,
} from './locales/till-unit/en.json';

interface Shown {
  unit: Unit;
  offered: Unit[];
  /** why the mint's units are not known; only sats and the stored unit are offered then */
  unreachable?: string;
}

export function TillUnitSetting({
  store,
  mintUrl,
  mintUnits,
  logger,
  onSaved,
}: {
  store: TillUnitStore;
  /** the current mint, whose keysets say which units the till can charge in; asked again when it changes */
  mintUrl: string;
  mintUnits: (mintUrl: string) => Promise<Unit[]>;
  logger: Logger;
  /** the paired cashiers' catalog names the till's unit: published again (decision 0092) */
  onSaved?: () => void;
}) {
  const t = useTexts();
  const [shown, setShown] = useState<Shown>();
  const { saving, save } = useSettingsSave(logger);
  const read = useCallback(async (): Promise<Shown> => {
    const unit = await store.getTillUnit();
    try {
      const offered = await mintUnits(mintUrl);
      return { unit, offered: withUnit(offered, unit) };
    } catch (error) {
      logger.warn('Could not read the units the mint offers', error);
      return { unit, offered: withUnit([SAT], unit), unreachable: errorMessage(error) };
    }
  }, [store, mintUrl, mintUnits, logger]);
  useRead(read, setShown, (error) => {
    logger.error('Could not read the till unit', error);
    setShown({ unit: SAT, offered: [SAT] });
  });
  if (shown === undefined) return null;

  const onChange = async (next: Unit) => {
    const before = shown;
    setShown({ ...shown, unit: next });
    await save(
      async () => {
        await store.setTillUnit(next);
        onSaved?.();
      },
      {
        failedLog: 'Saving the till unit failed',
        failed: t(TILL_UNIT_SAVE_FAILED),
        undo: () => setShown(before),
      },
    );
  };

  return (
    <Card titleId="till-unit-setting" title={t(TILL_UNIT_TITLE)} note={t(TILL_UNIT_NOTE)}>
      {shown.unreachable ? (
        <p role="status" className="text-sm text-amber-700">
          {t(TILL_UNIT_UNREACHABLE, { reason: shown.unreachable })}
        </p>
      ) : null}
      <SelectField
        label={t(TILL_UNIT_LABEL)}
        value={shown.unit}
        disabled={saving}
        onChange={(next) => void onChange(next as Unit)}
      >
        {shown.offered.map((unit) => (
          <option key={unit} value={unit}>
            {unit === 'sat' ? t(TILL_UNIT_SATS) : unitCurrency(unit)}
          </option>
        ))}
      </SelectField>
    </Card>
  );
}

/** The stored unit stays choosable even when the mint no longer lists it, so the select shows it. */
function withUnit(offered: Unit[], unit: Unit): Unit[] {
  return offered.includes(unit) ? offered : [...offered, unit];
}
