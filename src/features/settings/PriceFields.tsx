// The Shop form's price part: display currency (sats only by default) and the price source URL
// (docs/behaviour.md "Prices in the merchant's currency"). ShopSettings owns loading and saving.
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { UnitOptions } from '../../ui/forms/UnitOptions';
import { SettingsPart } from './SettingsPart';
import {
  PRICE_CURRENCY_LABEL,
  PRICE_NOTE,
  PRICE_SATS_ONLY,
  PRICE_URL_LABEL,
  PRICE_TITLE,
} from './locales/settings/en.json';
import { useTexts } from '../../ui/i18n';

/** The select's value for "sats only". */
export const SATS_ONLY = '';

export interface PriceForm {
  currency: string;
  url: string;
}

export function PriceFields({
  form,
  currencies,
  status,
  onChange,
}: {
  form: PriceForm;
  currencies: string[];
  status?: string;
  onChange: (form: PriceForm) => void;
}) {
  const t = useTexts();
  const options =
    currencies.includes(form.currency) || !form.currency
      ? currencies
      : [form.currency, ...currencies];

  return (
    <SettingsPart gap={4} titleId="price-settings" title={t(PRICE_TITLE)} note={t(PRICE_NOTE)}>
      <SelectField
        label={t(PRICE_CURRENCY_LABEL)}
        value={form.currency}
        onChange={(currency) => onChange({ ...form, currency })}
      >
        <UnitOptions sats={SATS_ONLY} satsLabel={t(PRICE_SATS_ONLY)} codes={options} />
      </SelectField>
      <TextField
        label={t(PRICE_URL_LABEL)}
        value={form.url}
        onChange={(url) => onChange({ ...form, url })}
        type="url"
        mono
      />
      {status ? (
        <p role="status" data-testid="price-status" className="text-sm text-slate-600">
          {status}
        </p>
      ) : null}
    </SettingsPart>
  );
}
