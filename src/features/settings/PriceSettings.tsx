// Settings: the display currency (sats only by default) and the price source URL, checked by
// fetching a price once on save; a price that jumped can be taken here as on the keypad
// (docs/behaviour.md "Prices in the merchant's currency").
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { PriceJumpError } from '../../core/prices/errors';
import type { PriceService } from '../../core/prices/price-service';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toast';
import {
  PRICE_CURRENCY_LABEL,
  PRICE_NOTE,
  PRICE_SATS_ONLY,
  PRICE_SAVE,
  PRICE_SAVED,
  PRICE_TITLE,
  PRICE_URL_LABEL,
  PRICE_USE_NEW,
  priceCheckFailed,
  priceCheckOk,
} from './texts';

export type PriceSettingsService = Pick<
  PriceService,
  'settings' | 'saveSettings' | 'currencies' | 'refresh' | 'acceptNewPrice'
>;

/** The select's value for "sats only". */
const SATS = '';

export function PriceSettings({
  prices,
  logger,
}: {
  prices: PriceSettingsService;
  logger: Logger;
}) {
  const [form, setForm] = useState<{ currency: string; url: string }>();
  const [currencies, setCurrencies] = useState<string[]>([]);
  const [status, setStatus] = useState<string>();
  const [saving, setSaving] = useState(false);
  // A jump the check found: the merchant may take it here.
  const [jump, setJump] = useState<PriceJumpError>();
  const selectId = useId();

  useEffect(() => {
    let live = true;
    Promise.all([prices.settings(), prices.currencies()])
      .then(([settings, offered]) => {
        if (!live) return;
        setForm({ currency: settings.currency ?? SATS, url: settings.url });
        setCurrencies(offered);
      })
      .catch((error: unknown) => logger.error('Could not load the price settings', error));
    return () => {
      live = false;
    };
  }, [prices, logger]);

  if (!form) return null;

  const onSave = async () => {
    setSaving(true);
    setStatus(undefined);
    setJump(undefined);
    try {
      await prices.saveSettings({ currency: form.currency || null, url: form.url });
    } catch (error) {
      toast.error(errorMessage(error));
      setSaving(false);
      return;
    }
    toast.success(PRICE_SAVED);
    // The source is asked once now, so a wrong URL shows here rather than at the keypad.
    try {
      const table = await prices.refresh(form.url.trim());
      setCurrencies(Object.keys(table.prices).sort());
      const price = form.currency ? table.prices[form.currency] : undefined;
      setStatus(priceCheckOk(form.currency, price));
    } catch (error) {
      logger.warn('Price source check failed', error);
      setStatus(priceCheckFailed(errorMessage(error)));
      if (error instanceof PriceJumpError && !error.declined) setJump(error);
    } finally {
      setSaving(false);
    }
  };

  const onUseNew = async (held: PriceJumpError) => {
    setSaving(true);
    try {
      const taken = await prices.acceptNewPrice(held.next.price);
      setJump(undefined);
      setStatus(taken ? priceCheckOk(held.currency, held.next.price) : undefined);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const options =
    currencies.includes(form.currency) || !form.currency
      ? currencies
      : [form.currency, ...currencies];

  return (
    <form
      noValidate
      aria-labelledby="price-settings"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      <h2 id="price-settings" className="text-lg font-semibold text-slate-900">
        {PRICE_TITLE}
      </h2>
      <p className="text-sm text-slate-600">{PRICE_NOTE}</p>
      <div className="space-y-2">
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
          {PRICE_CURRENCY_LABEL}
        </label>
        <select
          id={selectId}
          value={form.currency}
          onChange={(event) => setForm({ ...form, currency: event.target.value })}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-violet-600 focus:ring-2 focus:ring-violet-200 focus:outline-none"
        >
          <option value={SATS}>{PRICE_SATS_ONLY}</option>
          {options.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={PRICE_URL_LABEL}
        value={form.url}
        onChange={(url) => setForm({ ...form, url })}
        type="url"
        mono
      />
      {status ? (
        <p role="status" data-testid="price-status" className="text-sm text-slate-600">
          {status}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {jump ? (
          <Button
            type="button"
            variant="outline"
            disabled={saving}
            onClick={() => void onUseNew(jump)}
          >
            {PRICE_USE_NEW}
          </Button>
        ) : null}
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {PRICE_SAVE}
        </Button>
      </div>
    </form>
  );
}
