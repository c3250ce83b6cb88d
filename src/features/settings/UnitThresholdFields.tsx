// The automatic cash-out threshold of each fiat unit, beside the one in sats: typed in the unit's
// major units, empty for a balance that stays (docs/decisions/0090-automatic-cash-out-per-unit.md).
import { unitCurrency, type FiatUnit } from '../../core/units/unit';
import { TextField } from '../../ui/forms/TextField';
import { useTexts } from '../../ui/i18n';
import { AUTO_UNIT_THRESHOLD } from './locales/settings/en.json';
import type { UnitThresholdTexts } from './unit-thresholds';

export function UnitThresholdFields({
  units,
  values,
  onChange,
}: {
  units: readonly FiatUnit[];
  values: UnitThresholdTexts;
  onChange: (values: UnitThresholdTexts) => void;
}) {
  const t = useTexts();
  return (
    <>
      {units.map((unit) => (
        <TextField
          key={unit}
          label={t(AUTO_UNIT_THRESHOLD, { unit: unitCurrency(unit) })}
          value={values[unit] ?? ''}
          onChange={(text) => onChange({ ...values, [unit]: text.replace(/[^0-9.,]/g, '') })}
        />
      ))}
    </>
  );
}
