// The Shop form's price part: display currency (sats only by default) and the price source URL
// (docs/behaviour.md "Prices in the merchant's currency"). ShopSettings owns loading and saving.
import { FIELD_CLASS, LabelledField } from '../../ui/TextField';
import { TextField } from '../../ui/TextField';
import { UnitOptions } from '../../ui/UnitOptions';
import { PRICE_CURRENCY_LABEL, PRICE_NOTE, PRICE_SATS_ONLY, PRICE_URL_LABEL } from './texts.json';
import { PRICE_TITLE } from './texts';
import { SettingsPart } from './SettingsPart';

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
  const options =
    currencies.includes(form.currency) || !form.currency
      ? currencies
      : [form.currency, ...currencies];

  return (
    <SettingsPart gap={4} titleId="price-settings" title={PRICE_TITLE} note={PRICE_NOTE}>
      <LabelledField label={PRICE_CURRENCY_LABEL}>
        {(control) => (
          <select
            {...control}
            value={form.currency}
            onChange={(event) => onChange({ ...form, currency: event.target.value })}
            className={`${FIELD_CLASS} text-sm`}
          >
            <UnitOptions sats={SATS_ONLY} satsLabel={PRICE_SATS_ONLY} codes={options} />
          </select>
        )}
      </LabelledField>
      <TextField
        label={PRICE_URL_LABEL}
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
